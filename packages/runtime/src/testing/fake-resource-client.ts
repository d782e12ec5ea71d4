// The smallest stand-in for the API server that the reconciler's narrow ResourceClient needs in
// unit tests: it stores objects, bumps resourceVersion on every write and rejects stale writes
// with ConflictError. It is deliberately not an imitation API server (no defaulting, validation,
// watch or garbage collection); behaviour against a real API server is tested separately.

import { randomUUID } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import type { KubernetesObject } from "@kubernetes/client-node";
import { ConflictError } from "../errors.ts";
import type { OwnedKind } from "../owned-kinds.ts";
import { isControlledBy } from "../prune-children.ts";
import {
  keyOf,
  keyToString,
  type CallOptions,
  type ObjectKey,
  type ResourceClient,
} from "../resource-client.ts";

interface WithStatus extends KubernetesObject {
  spec?: unknown;
  status?: unknown;
}

export class FakeResourceClient<T extends WithStatus> implements ResourceClient<T> {
  readonly #objects = new Map<string, T>();
  /** Applied children by `apiVersion/kind/namespace/name`, as the last apply left them. */
  readonly children = new Map<string, KubernetesObject>();
  /** Counts of each write, for asserting that an unchanged object is not written again. */
  readonly writes = { status: 0, finalizers: 0, apply: 0 };
  /** Children deleted by deleteChild (pruned), as they were. */
  readonly deleted: KubernetesObject[] = [];
  #version = 0;

  /** Stores a new object as a user's create would: uid, generation 1, resourceVersion. */
  create(obj: T): T {
    const stored = structuredClone(obj);
    stored.metadata = {
      ...stored.metadata,
      uid: randomUUID(),
      generation: 1,
      resourceVersion: this.#nextVersion(),
    };
    this.#objects.set(keyToString(keyOf(stored)), stored);
    return structuredClone(stored);
  }

  /** A user's write: bumps resourceVersion, and generation when the spec changed. */
  update(key: ObjectKey, mutate: (obj: T) => void): T {
    const stored = this.#require(key);
    const before = structuredClone(stored.spec);
    mutate(stored);
    const metadata = stored.metadata ?? {};
    if (!isDeepStrictEqual(before, stored.spec))
      metadata.generation = (metadata.generation ?? 0) + 1;
    metadata.resourceVersion = this.#nextVersion();
    stored.metadata = metadata;
    return structuredClone(stored);
  }

  /** A user's delete: with finalizers present the object only gets a deletionTimestamp. */
  delete(key: ObjectKey, now = new Date()): void {
    const stored = this.#require(key);
    if ((stored.metadata?.finalizers ?? []).length === 0) {
      this.#objects.delete(keyToString(key));
      return;
    }
    this.update(key, (obj) => {
      obj.metadata = { ...obj.metadata, deletionTimestamp: obj.metadata?.deletionTimestamp ?? now };
    });
  }

  // Per-call options (the reconcile's AbortSignal) are honoured as a real request would: an
  // aborted call fails before it reaches the store.
  async get(key: ObjectKey, options?: CallOptions): Promise<T | undefined> {
    options?.signal?.throwIfAborted();
    const stored = this.#objects.get(keyToString(key));
    return stored === undefined ? undefined : structuredClone(stored);
  }

  /** The store has no cache in front of it: the same as get. */
  getFromServer(key: ObjectKey, options?: CallOptions): Promise<T | undefined> {
    return this.get(key, options);
  }

  async replaceStatus(obj: T, options?: CallOptions): Promise<T> {
    options?.signal?.throwIfAborted();
    const stored = this.#checkVersion(obj);
    stored.status = structuredClone(obj.status);
    stored.metadata = { ...stored.metadata, resourceVersion: this.#nextVersion() };
    this.writes.status++;
    return structuredClone(stored);
  }

  async setFinalizers(obj: T, finalizers: string[], options?: CallOptions): Promise<T> {
    options?.signal?.throwIfAborted();
    const stored = this.#checkVersion(obj);
    stored.metadata = {
      ...stored.metadata,
      finalizers: [...finalizers],
      resourceVersion: this.#nextVersion(),
    };
    this.writes.finalizers++;
    // The one piece of API server behaviour the deletion protocol depends on.
    if (stored.metadata.deletionTimestamp && finalizers.length === 0)
      this.#objects.delete(keyToString(keyOf(stored)));
    return structuredClone(stored);
  }

  async readChild(
    child: KubernetesObject,
    options?: CallOptions,
  ): Promise<KubernetesObject | undefined> {
    options?.signal?.throwIfAborted();
    const key = [
      child.apiVersion,
      child.kind,
      child.metadata?.namespace ?? "",
      child.metadata?.name,
    ].join("/");
    const found = this.children.get(key);
    return found === undefined ? undefined : structuredClone(found);
  }

  async applyChild<C extends KubernetesObject>(child: C, options?: CallOptions): Promise<C> {
    options?.signal?.throwIfAborted();
    const key = [
      child.apiVersion,
      child.kind,
      child.metadata?.namespace ?? "",
      child.metadata?.name,
    ].join("/");
    const existing = this.children.get(key) as
      (KubernetesObject & { status?: unknown }) | undefined;
    // Applied fields replace ours; a status written by another controller stays.
    const stored = {
      ...structuredClone(child),
      ...(existing?.status !== undefined ? { status: existing.status } : {}),
    };
    this.children.set(key, stored);
    this.writes.apply++;
    return structuredClone(stored);
  }

  async listOwnedChildren(
    kind: OwnedKind,
    owner: KubernetesObject,
    options?: CallOptions,
  ): Promise<KubernetesObject[]> {
    options?.signal?.throwIfAborted();
    return [...this.children.values()]
      .filter((c) => c.apiVersion === kind.apiVersion && c.kind === kind.kind)
      .filter((c) => isControlledBy(c, owner))
      .map((c) => structuredClone(c));
  }

  async deleteChild(child: KubernetesObject, options?: CallOptions): Promise<void> {
    options?.signal?.throwIfAborted();
    const key = [
      child.apiVersion,
      child.kind,
      child.metadata?.namespace ?? "",
      child.metadata?.name,
    ].join("/");
    const existing = this.children.get(key);
    if (existing === undefined) return;
    this.children.delete(key);
    this.deleted.push(existing);
  }

  #checkVersion(obj: T): T {
    const stored = this.#objects.get(keyToString(keyOf(obj)));
    if (stored === undefined) throw Object.assign(new Error("not found"), { code: 404 });
    if (stored.metadata?.resourceVersion !== obj.metadata?.resourceVersion) {
      throw new ConflictError(`stale resourceVersion ${obj.metadata?.resourceVersion}`);
    }
    return stored;
  }

  #require(key: ObjectKey): T {
    const stored = this.#objects.get(keyToString(key));
    if (stored === undefined) throw new Error(`no object ${keyToString(key)}`);
    return stored;
  }

  #nextVersion(): string {
    this.#version++;
    return String(this.#version);
  }
}
