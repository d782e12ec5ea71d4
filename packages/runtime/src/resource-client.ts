// The narrow interface between the reconciler and the API server. The reconciler needs exactly
// these few operations; keeping the surface this small is what lets unit tests stand in for the
// API server with a few lines, and makes every write's concurrency rule explicit.

import type { KubernetesObject } from "@kubernetes/client-node";
import type { OwnedKind } from "./owned-kinds.ts";

export interface ObjectKey {
  /** Absent for cluster-scoped objects. */
  namespace?: string;
  name: string;
}

/** Per-call options: the reconcile's AbortSignal cancels the request at its deadline. */
export interface CallOptions {
  signal?: AbortSignal;
}

export interface ResourceClient<T extends KubernetesObject> {
  /**
   * The object to decide on; undefined when it is gone. KubeResourceClient reads it fresh from the
   * API server, CachedResourceClient (what the operator runs) from the informer cache. Either may
   * be stale by the time a write lands, which is why every write below carries resourceVersion.
   */
  get(key: ObjectKey, options?: CallOptions): Promise<T | undefined>;
  /**
   * The object as the API server stores it now: a quorum read from etcd, never a cache. Not made
   * on the way to Ready (docs/finalizer-race.md says why no read after the finalizer patch);
   * kept-resources.ts uses it before a finalizer goes. Undefined when it is gone.
   */
  getFromServer(key: ObjectKey, options?: CallOptions): Promise<T | undefined>;
  /**
   * Replaces `.status` through the status subresource, guarded by `obj.metadata.resourceVersion`.
   * Throws ConflictError when the object changed since it was read. Returns the stored object.
   */
  replaceStatus(obj: T, options?: CallOptions): Promise<T>;
  /**
   * Sets metadata.finalizers with a JSON merge patch that also carries metadata.resourceVersion:
   * a merge patch replaces the whole list, so without the version check we could drop a finalizer
   * another controller added a moment ago. Throws ConflictError on a stale version.
   */
  setFinalizers(obj: T, finalizers: string[], options?: CallOptions): Promise<T>;
  /**
   * Server-side applies a child object with our field manager (force: we own these fields).
   * Returns the object as stored, including its status.
   */
  applyChild<C extends KubernetesObject>(child: C, options?: CallOptions): Promise<C>;
  /**
   * The child of that kind and name as the API server stores it now (a direct read, never a
   * cache: a Merge child is someone else's object and its kind's cache may not hold it);
   * undefined when it does not exist.
   */
  readChild(child: KubernetesObject, options?: CallOptions): Promise<KubernetesObject | undefined>;
  /**
   * The objects of `kind` in the owner's namespace whose controller ownerReference is `owner`
   * (its UID). CachedResourceClient reads them from the owned-kind cache.
   */
  listOwnedChildren(
    kind: OwnedKind,
    owner: KubernetesObject,
    options?: CallOptions,
  ): Promise<KubernetesObject[]>;
  /**
   * Deletes a child, only while it is still the object that was listed (a precondition on its
   * UID); a child that is gone already is not an error.
   */
  deleteChild(child: KubernetesObject, options?: CallOptions): Promise<void>;
}

export function keyOf(obj: KubernetesObject): ObjectKey {
  const name = obj.metadata?.name ?? "";
  const namespace = obj.metadata?.namespace;
  return namespace ? { namespace, name } : { name };
}

/** Work-queue keys: `namespace/name`, or `name` for cluster-scoped objects (like client-go). */
export function keyToString(key: ObjectKey): string {
  return key.namespace ? `${key.namespace}/${key.name}` : key.name;
}

export function parseKey(key: string): ObjectKey {
  const slash = key.indexOf("/");
  return slash < 0 ? { name: key } : { namespace: key.slice(0, slash), name: key.slice(slash + 1) };
}
