// The watch reports the operator's own writes back to it. Such an event says nothing the pass that
// wrote it did not already know: the object at that resourceVersion is exactly what the pass
// stored and decided from. Reconciling it again costs a pass (and, before this filter, undid the
// backoff of a failing object: its status write's event requeued it at once, a hot loop). So the
// controller skips an event whose resourceVersion one of our own writes returned. Any other
// change, by anyone, has another resourceVersion and goes through at once. A version is remembered
// only until its echo arrives: the watch delivers a key's versions in order, so once it has shown
// one of our writes, neither that version nor any earlier one can come again, and in steady state
// nothing is held at all.

import type { KubernetesObject } from "@kubernetes/client-node";
import { keyOf, keyToString, type ResourceClient } from "./resource-client.ts";

/** A pass writes at most a few times (finalizer, status); events may arrive after the last. */
const VERSIONS_PER_KEY = 4;

export class OwnWrites {
  readonly #versions = new Map<string, string[]>();
  /** Keys being reconciled, with the latest update event that arrived meanwhile. */
  readonly #inPass = new Map<string, KubernetesObject | undefined>();

  /**
   * Whether an update event should enqueue its key now. The echo of a write of ours does not.
   * During the key's own pass the decision waits for passEnded: the watch may deliver a write's
   * echo before the write's response has been recorded.
   */
  shouldEnqueue(obj: KubernetesObject): boolean {
    if (this.#echoed(obj)) return false;
    const key = keyToString(keyOf(obj));
    if (!this.#inPass.has(key)) return true;
    this.#inPass.set(key, obj);
    return false;
  }

  passStarted(key: string): void {
    this.#inPass.set(key, undefined);
  }

  /**
   * Whether the key needs another pass for an event held during this one: yes unless the last
   * such event is our own write. That is enough: our writes carry resourceVersion preconditions,
   * so a write of ours that succeeded followed everything before it, and anyone's later change
   * arrives later.
   */
  passEnded(key: string): boolean {
    const held = this.#inPass.get(key);
    this.#inPass.delete(key);
    return held !== undefined && !this.#echoed(held);
  }

  /** Versions remembered, over all keys (0 once every write's echo has arrived). */
  get remembered(): number {
    let n = 0;
    for (const versions of this.#versions.values()) n += versions.length;
    return n;
  }

  /** Remembers the resourceVersion a write of ours returned. */
  record(obj: KubernetesObject): void {
    const version = obj.metadata?.resourceVersion;
    if (version === undefined) return;
    const key = keyToString(keyOf(obj));
    const versions = this.#versions.get(key) ?? [];
    versions.push(version);
    if (versions.length > VERSIONS_PER_KEY) versions.shift();
    this.#versions.set(key, versions);
  }

  /**
   * True when `obj` is, to the resourceVersion, what one of our writes stored; that version and
   * every earlier one of the key are then forgotten (their echoes are past).
   */
  #echoed(obj: KubernetesObject): boolean {
    const version = obj.metadata?.resourceVersion;
    if (version === undefined) return false;
    const key = keyToString(keyOf(obj));
    const versions = this.#versions.get(key);
    const at = versions?.indexOf(version) ?? -1;
    if (at < 0) return false;
    if (at === versions!.length - 1) this.#versions.delete(key);
    else versions!.splice(0, at + 1);
    return true;
  }

  /** The object is gone: nothing of it to remember. */
  forget(obj: KubernetesObject): void {
    this.#versions.delete(keyToString(keyOf(obj)));
  }

  /** `client` with every write of the reconciled object recorded here. */
  wrap<T extends KubernetesObject>(client: ResourceClient<T>): ResourceClient<T> {
    return {
      get: (key, options) => client.get(key, options),
      getFromServer: (key, options) => client.getFromServer(key, options),
      replaceStatus: async (obj, options) =>
        this.#recorded(await client.replaceStatus(obj, options)),
      setFinalizers: async (obj, finalizers, options) =>
        this.#recorded(await client.setFinalizers(obj, finalizers, options)),
      applyChild: (child, options) => client.applyChild(child, options),
      readChild: (child, options) => client.readChild(child, options),
      listOwnedChildren: (kind, owner, options) => client.listOwnedChildren(kind, owner, options),
      deleteChild: (child, options) => client.deleteChild(child, options),
    };
  }

  #recorded<T extends KubernetesObject>(stored: T): T {
    this.record(stored);
    return stored;
  }
}
