// Returning the garbage of a burst of work to the system once the work is done. A burst (the
// first sync of 1,000 objects, a resync) leaves tens of MiB of dead objects in V8's old space;
// V8 gives them back only when its memory reducer decides the process is idle, which in a
// process that still renews a lease and keeps watches open can take minutes, and until then the
// container's RSS (what its memory limit and the kubelet see) stays at the burst's peak. One full
// collection after the work queue has been quiet for a while returns it at once, at the cost of
// one pause of a few tens of milliseconds while nothing is waiting. It needs `gc`, which Node
// exposes with `--expose-gc` (the manager Deployment's NODE_OPTIONS); without it nothing runs.
// A plain gc() frees the dead objects but V8 keeps the emptied pages pooled for reuse (RSS stays
// put); the "last-resort" flavor is V8's memory-reducing collection, which unmaps them.

/** Waits this long after the queue drained before collecting; new work postpones it. */
export const DEFAULT_IDLE_COLLECT_AFTER_MS = 10_000;

/** V8's memory-reducing full collection when Node exposes gc (--expose-gc); else undefined. */
export function memoryReducingGc(): (() => void) | undefined {
  const gc = globalThis.gc;
  if (gc === undefined) return undefined;
  return () => gc({ type: "major", execution: "sync", flavor: "last-resort" });
}

/**
 * A young-generation collection when Node exposes gc; else undefined. For a LIST's pages: the
 * socket's Buffers of a page are garbage once it is read, but they hold memory outside the V8
 * heap, which V8 collects only after 64 MiB more of it piled up, unless a collection of the young
 * objects that own them runs first; one takes about a millisecond.
 */
export function youngGenerationGc(): (() => void) | undefined {
  const gc = globalThis.gc;
  if (gc === undefined) return undefined;
  return () => gc({ type: "minor", execution: "sync" });
}

export interface IdleCollectorOptions {
  /** A full collection: globalThis.gc under --expose-gc. */
  collect: () => void;
  /** Whether no work is waiting or running right now. */
  isIdle: () => boolean;
  afterMs?: number;
}

export class IdleCollector {
  readonly #options: IdleCollectorOptions;
  #timer: NodeJS.Timeout | undefined;

  constructor(options: IdleCollectorOptions) {
    this.#options = options;
  }

  /** The queue drained: collect once it has stayed idle for `afterMs` (restarts the wait). */
  drained(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      // Work that started since and is still running drains again later, which re-arms this.
      if (this.#options.isIdle()) this.#options.collect();
    }, this.#options.afterMs ?? DEFAULT_IDLE_COLLECT_AFTER_MS);
    // Never what keeps the process alive.
    this.#timer.unref();
  }

  stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
