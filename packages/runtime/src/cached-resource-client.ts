// The ResourceClient the running operator uses: reads served from the informer caches, writes
// sent to the API server. As in controller-runtime, the reconciler's read of its own object comes
// from the cache. That read may be a moment stale, which is safe: every write carries the
// resourceVersion it was decided on (status PUT, finalizer patch), so a decision made on an old
// version fails with 409 and is made again, rather than landing. A child is server-side applied
// only when the child cache shows it differs from what the builder wants, so a steady pass sends
// nothing at all.

import { createHash } from "node:crypto";
import type { KubernetesObject } from "@kubernetes/client-node";
import { stripForCache } from "./cache-shape.ts";
import { childCovers } from "./child-covers.ts";
import { ConflictError, isNotFound } from "./errors.ts";
import type { Informer } from "./informer.ts";
import { informerFor, type OwnedKind } from "./owned-kinds.ts";
import { isControlledBy } from "./prune-children.ts";
import {
  keyOf,
  keyToString,
  type CallOptions,
  type ObjectKey,
  type ResourceClient,
} from "./resource-client.ts";

export interface ResourceCaches<T extends KubernetesObject> {
  /** The reconciled kind's informers (Controller's `informers`). */
  owners: readonly Informer<T>[];
  /** The owned kinds and their informers (Controller's `owned.informers`). */
  children?: { kinds: readonly OwnedKind[]; informers: readonly Informer<KubernetesObject>[] };
}

/**
 * What this process last applied to one child: the hash of the manifest once the cache has
 * delivered the write (from then on the cache alone is the truth, and a string is all a child
 * costs here), a PendingApply until then.
 */
type AppliedRecord = string | PendingApply;

/** An apply whose result the cache has not delivered yet. */
interface PendingApply {
  hash: string;
  /** The write's response, kept only until the cache delivers a newer version than it showed. */
  stored: KubernetesObject;
  appliedVersion: string | undefined;
  cachedVersionBefore: string | undefined;
}

export class CachedResourceClient<T extends KubernetesObject> implements ResourceClient<T> {
  readonly #api: ResourceClient<T>;
  readonly #caches: ResourceCaches<T>;
  readonly #applied = new Map<string, AppliedRecord>();
  /**
   * The reconciled object as this process's last write left it, and the version the cache showed
   * before that write: until the cache moves past that version, a read is served from the write's
   * response (read your own writes), so a pass that another event starts a moment after our write
   * does not decide from the older object and write the same status again.
   */
  readonly #written = new Map<string, { stored: T; cachedVersionBefore: string | undefined }>();

  constructor(api: ResourceClient<T>, caches: ResourceCaches<T>) {
    this.#api = api;
    this.#caches = caches;
    // Copies of written objects are held only until the cache moves past the version it showed
    // before the write (to our write or a newer one): from then on the cache alone is the truth,
    // and a copy kept longer would double the memory of every object the operator ever wrote.
    for (const informer of caches.children?.informers ?? []) {
      const observe = (child: KubernetesObject): void => {
        const key = childKey(child);
        const record = this.#applied.get(key);
        if (typeof record === "object") this.#catchUp(key, record, child.metadata?.resourceVersion);
      };
      informer.on({
        add: observe,
        update: observe,
        // Gone (by hand, or with its owner): the next pass must create it again.
        delete: (child) => this.#applied.delete(childKey(child)),
      });
    }
    for (const informer of caches.owners) {
      const observe = (obj: T): void => {
        const id = keyToString(keyOf(obj));
        if (this.#written.get(id)?.cachedVersionBefore !== obj.metadata?.resourceVersion)
          this.#written.delete(id);
      };
      // A deleted object's last write is no longer worth remembering either.
      informer.on({
        add: observe,
        update: observe,
        delete: (obj) => this.#written.delete(keyToString(keyOf(obj))),
      });
    }
  }

  /** Copies of written objects held until the cache delivers them (0 once it has caught up). */
  get heldCopies(): number {
    let held = this.#written.size;
    for (const record of this.#applied.values()) if (typeof record === "object") held++;
    return held;
  }

  /** Keeps only the hash once the cache shows a version other than the one before the write. */
  #catchUp(key: string, record: PendingApply, cachedVersion: string | undefined): void {
    // Still the version from before the write, and the write changed it: the copy is the truth.
    if (cachedVersion === record.cachedVersionBefore && cachedVersion !== record.appliedVersion)
      return;
    this.#applied.set(key, record.hash);
  }

  /** From the cache that covers the key's namespace; a fresh read only where no cache does. */
  async get(key: ObjectKey, options?: CallOptions): Promise<T | undefined> {
    const informer = this.#ownerInformer(key);
    if (informer === undefined) return this.#api.get(key, options);
    const cached = informer.get(key);
    const id = keyToString(key);
    const own = this.#written.get(id);
    if (own !== undefined) {
      if (cached?.metadata?.resourceVersion === own.cachedVersionBefore)
        return structuredClone(own.stored);
      this.#written.delete(id); // the cache has our write, or someone else's newer one
    }
    // A copy: the cache must never see the reconciler's half-built changes.
    return cached === undefined ? undefined : structuredClone(cached);
  }

  /** Past every cache: the API client's quorum read. */
  getFromServer(key: ObjectKey, options?: CallOptions): Promise<T | undefined> {
    return this.#api.getFromServer(key, options);
  }

  replaceStatus(obj: T, options?: CallOptions): Promise<T> {
    return this.#write(obj, () => this.#api.replaceStatus(obj, options));
  }

  setFinalizers(obj: T, finalizers: string[], options?: CallOptions): Promise<T> {
    return this.#write(obj, () => this.#api.setFinalizers(obj, finalizers, options));
  }

  #ownerInformer(key: ObjectKey): Informer<T> | undefined {
    return this.#caches.owners.find((i) => i.synced && covers(i.path, key));
  }

  /** A write of the reconciled object, remembered for reads until the cache catches up. */
  async #write(obj: T, write: () => Promise<T>): Promise<T> {
    const key = keyOf(obj);
    const id = keyToString(key);
    const cachedVersionBefore = this.#ownerInformer(key)?.get(key)?.metadata?.resourceVersion;
    try {
      const stored = await staleOnNotFound(write);
      // The watch may have delivered the write already (or a newer version), or the write changed
      // nothing: then no copy.
      const informer = this.#ownerInformer(key);
      if (
        informer !== undefined &&
        stored.metadata?.resourceVersion !== cachedVersionBefore &&
        informer.get(key)?.metadata?.resourceVersion === cachedVersionBefore
      )
        this.#written.set(id, {
          stored: stripForCache(structuredClone(stored)),
          cachedVersionBefore,
        });
      else this.#written.delete(id);
      return stored;
    } catch (err) {
      this.#written.delete(id);
      throw err;
    }
  }

  async applyChild<C extends KubernetesObject>(child: C, options?: CallOptions): Promise<C> {
    const children = this.#caches.children;
    const informer = children && informerFor(children.informers, children.kinds, child);
    if (informer === undefined || !informer.synced) return this.#api.applyChild(child, options);
    const key = childKey(child);
    const hash = manifestHash(child);
    const record = this.#applied.get(key);
    const cached = informer.get(keyOf(child));
    const live = this.#liveView(cached, record);
    const appliedHash = typeof record === "object" ? record.hash : record;
    // Skipped only when this process applied exactly this manifest before (so no field we
    // stopped setting lingers) and the live object still holds every value we set (no drift).
    if (live !== undefined && appliedHash === hash && childCovers(live, child)) {
      return structuredClone(live) as C;
    }
    const stored = await this.#api.applyChild(child, options);
    const pending: PendingApply = {
      hash,
      stored: stripForCache(structuredClone(stored)),
      appliedVersion: stored.metadata?.resourceVersion,
      cachedVersionBefore: cached?.metadata?.resourceVersion,
    };
    this.#applied.set(key, pending);
    // The watch may have delivered the write (or a newer version) while the apply was answered.
    this.#catchUp(key, pending, informer.get(keyOf(child))?.metadata?.resourceVersion);
    return stored;
  }

  /** Always from the server: the owned-kind cache may not hold an object we never wrote. */
  readChild(child: KubernetesObject, options?: CallOptions): Promise<KubernetesObject | undefined> {
    return this.#api.readChild(child, options);
  }

  /** From the owned-kind cache of the owner's namespace; a fresh list only where no cache is synced. */
  async listOwnedChildren(
    kind: OwnedKind,
    owner: KubernetesObject,
    options?: CallOptions,
  ): Promise<KubernetesObject[]> {
    const children = this.#caches.children;
    const probe: KubernetesObject = {
      apiVersion: kind.apiVersion,
      kind: kind.kind,
      metadata: kind.namespaced ? { namespace: owner.metadata?.namespace } : {},
    };
    const informer = children && informerFor(children.informers, children.kinds, probe);
    if (informer === undefined || !informer.synced)
      return this.#api.listOwnedChildren(kind, owner, options);
    return [...informer.list()]
      .filter((child) => isControlledBy(child, owner))
      .map((child) => structuredClone(child));
  }

  async deleteChild(child: KubernetesObject, options?: CallOptions): Promise<void> {
    await this.#api.deleteChild(child, options);
    this.#applied.delete(childKey(child));
  }

  /**
   * The child as it is now: the cache, unless the cache has not yet delivered our own last write
   * (it still shows what it showed before that write), in which case the write's response.
   */
  #liveView(
    cached: KubernetesObject | undefined,
    record: AppliedRecord | undefined,
  ): KubernetesObject | undefined {
    if (typeof record !== "object") return cached;
    const version = cached?.metadata?.resourceVersion;
    if (version === record.appliedVersion) return cached;
    return version === record.cachedVersionBefore ? record.stored : cached;
  }
}

/**
 * A write to an object the cache still showed but the server no longer has (its last finalizer
 * went a moment ago) is a stale read like any other: a conflict, so the next pass reads again
 * and finds it gone, instead of a failure retried with backoff.
 */
async function staleOnNotFound<R>(write: () => Promise<R>): Promise<R> {
  try {
    return await write();
  } catch (err) {
    if (isNotFound(err))
      throw new ConflictError("the object is gone since it was read", { cause: err });
    throw err;
  }
}

/** 128 bits of the manifest's SHA-256: enough to tell two manifests apart, 22 characters to keep. */
function manifestHash(child: KubernetesObject): string {
  return createHash("sha256").update(JSON.stringify(child)).digest().toString("base64url", 0, 16);
}

function childKey(child: KubernetesObject): string {
  return `${child.apiVersion}/${child.kind}/${keyToString(keyOf(child))}`;
}

/** Whether a collection path (cluster-wide, or one namespace's) holds the object `key` names. */
function covers(path: string, key: ObjectKey): boolean {
  const namespaced = /\/namespaces\/([^/]+)\/[^/]+$/.exec(path);
  return namespaced === null || namespaced[1] === key.namespace;
}
