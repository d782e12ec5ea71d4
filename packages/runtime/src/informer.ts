// A list+watch cache of one collection, shaped like client-go's reflector: LIST in pages, then
// WATCH from the list's resourceVersion with bookmarks, resume every watch from the last version
// seen (a quiet watch costs nothing to renew), LIST again only when the server says that version
// is gone (410). Every failure, whatever its type, restarts after an exponential backoff with
// jitter, so a broken API server sees a trickle of retries rather than a hot loop. A watch that
// hears neither events nor bookmarks for WATCH_IDLE_TIMEOUT_MS is presumed dead and renewed
// (watch-health.ts). `synced` turns true only once a LIST has fully succeeded: a 403 (RBAC) or
// 404 (no CRD) keeps it false and keeps the operator out of the Service's endpoints (/readyz);
// `unreachableSince` says since when every list and watch failed, for /readyz's grace period.

import type { KubeConfig, KubernetesObject } from "@kubernetes/client-node";
import { backoffDelay, type BackoffSettings } from "./backoff.ts";
import { errorMessage, retryAfterMs, statusCode } from "./errors.ts";
import { listPage, watchStream, WatchStalledError, type WatchEvent } from "./list-watch.ts";
import { WATCH_IDLE_TIMEOUT_MS } from "./watch-health.ts";
import type { Logger } from "./logger.ts";
import { keyOf, keyToString, type ObjectKey } from "./resource-client.ts";
import { shareStrings, stripForCache } from "./cache-shape.ts";
import { youngGenerationGc } from "./idle-collector.ts";
import { abortableSleep } from "./abortable-sleep.ts";

export interface InformerHandlers<T> {
  add?(obj: T): void;
  update?(obj: T, old: T): void;
  delete?(obj: T): void;
}

export interface InformerOptions {
  kubeConfig: KubeConfig;
  /** Collection path, e.g. /apis/example.com/v1/namespaces/ns/widgets or /api/v1/secrets. */
  path: string;
  logger: Logger;
  labelSelector?: string;
  /**
   * Objects per LIST page. 25, not client-go's 500: a page is parsed whole before the cache trims
   * it, so a page of large objects is the start-up peak. 800 objects with 250 KiB annotations under
   * the Deployment's flags: pages of 500 peaked at 379 MiB, of 100 at 247 to 290 MiB (over the 256
   * MiB limit in the full fault run), of 25 at 207 MiB; 1,000 objects are 40 requests at start.
   */
  pageSize?: number;
  /** The only annotations cached (cache-shape.ts); every one when undefined. */
  keptAnnotations?: readonly string[];
  /** Restart backoff after a failed list or watch (INFORMER_BACKOFF). */
  backoff?: BackoffSettings;
  /** A LIST page that has not answered in this long is abandoned and retried (a hung server). */
  listTimeoutMs?: number;
  /** Server-side watch timeout; client-go draws it from 5 to 10 minutes so watches spread out. */
  watchTimeoutSeconds?: () => number;
  /** A watch silent this long is a dead connection (default WATCH_IDLE_TIMEOUT_MS, watch-health.ts). */
  idleTimeoutMs?: number;
  /** A watch that ended sooner than this counts as a failure, so a flapping stream backs off. */
  minHealthyWatchMs?: number;
}

/** Restart backoff after a failed list or watch: client-go's reflector, 800 ms to 30 s. */
export const INFORMER_BACKOFF: BackoffSettings = { initialMs: 800, maxMs: 30_000 };

export interface InformerStats {
  /** Complete lists (all pages), and their pages. */
  lists: number;
  pages: number;
  watches: number;
  bookmarks: number;
  failures: number;
  /** Watches renewed because they heard nothing, not even a bookmark, for idleTimeoutMs. */
  stalls: number;
}

export class Informer<T extends KubernetesObject> {
  readonly path: string;
  readonly stats: InformerStats = {
    lists: 0,
    pages: 0,
    watches: 0,
    bookmarks: 0,
    failures: 0,
    stalls: 0,
  };
  readonly #options: InformerOptions;
  readonly #cache = new Map<string, T>();
  /** The object cached last: the next one shares its equal strings (cache-shape.ts). */
  #last: T | undefined;
  readonly #handlers: InformerHandlers<T>[] = [];
  readonly #stop = new AbortController();
  #resourceVersion: string | undefined;
  #synced = false;
  #failures = 0;
  #watchStarted: number | undefined;
  #unreachableSince: number | undefined;
  #running: Promise<void> | undefined;
  #onSynced: Array<() => void> = [];

  constructor(options: InformerOptions) {
    this.#options = options;
    this.path = options.path;
  }

  get synced(): boolean {
    return this.#synced;
  }

  /** The last resourceVersion seen (list, event or bookmark): where the next watch resumes. */
  get resourceVersion(): string | undefined {
    return this.#resourceVersion;
  }

  /**
   * performance.now() of the first failed list or watch since the API server last answered one
   * (a page, or a watch accepted); undefined while it answers.
   */
  get unreachableSince(): number | undefined {
    return this.#unreachableSince;
  }

  get size(): number {
    return this.#cache.size;
  }

  /** Handlers run after the cache holds the change, in registration order. */
  on(handlers: InformerHandlers<T>): void {
    this.#handlers.push(handlers);
  }

  /** The cached object, never a copy: callers that change it must clone it first. */
  get(key: ObjectKey): T | undefined {
    return this.#cache.get(keyToString(key));
  }

  list(): IterableIterator<T> {
    return this.#cache.values();
  }

  /** Starts listing and watching in the background; see whenSynced(). */
  start(): void {
    // #run handles every failure of a list or watch itself; this catches what that handling
    // might throw (a logger that fails). The cache no longer changes then, so it no longer
    // counts as synced: the cache-backed client reads from the API server instead of a stale copy.
    this.#running ??= this.#run().catch((err: unknown) => {
      this.#synced = false;
      this.#options.logger.error("informer stopped by an unexpected error", {
        path: this.path,
        err,
      });
    });
  }

  /** Resolves once the first list succeeded (never, while it keeps failing). */
  whenSynced(): Promise<void> {
    if (this.#synced) return Promise.resolve();
    return new Promise((resolve) => this.#onSynced.push(resolve));
  }

  async stop(): Promise<void> {
    this.#stop.abort(new Error("informer stopped"));
    await this.#running;
  }

  async #run(): Promise<void> {
    const signal = this.#stop.signal;
    while (!signal.aborted) {
      try {
        if (this.#resourceVersion === undefined) await this.#list(signal);
        await this.#watch(signal);
      } catch (err) {
        if (signal.aborted) return;
        // A watch that ran well before it broke starts a new series of failures.
        if (this.#healthy()) this.#failures = 0;
        if (statusCode(err) === 410) {
          // The version we hold was compacted away: only a fresh list can say what changed.
          this.#options.logger.info("watch expired, listing again", { path: this.path });
          this.#resourceVersion = undefined;
        }
        this.#watchStarted = undefined;
        await this.#backOff(err);
      }
    }
  }

  async #list(signal: AbortSignal): Promise<void> {
    const { kubeConfig, labelSelector } = this.#options;
    const limit = this.#options.pageSize ?? 25;
    const fresh = new Map<string, T>();
    const collectYoung = youngGenerationGc();
    let continueToken: string | undefined;
    let resourceVersion = "";
    do {
      const page = await listPage<T>(kubeConfig, this.path, {
        limit,
        ...(continueToken ? { continueToken } : {}),
        ...(labelSelector ? { labelSelector } : {}),
        ...(this.#options.keptAnnotations
          ? { keptAnnotations: this.#options.keptAnnotations }
          : {}),
        signal: AbortSignal.any([
          signal,
          AbortSignal.timeout(this.#options.listTimeoutMs ?? 60_000),
        ]),
      });
      this.stats.pages++;
      // The page's socket Buffers go back now, not after 64 MiB of them (idle-collector.ts).
      collectYoung?.();
      this.#unreachableSince = undefined;
      for (const item of page.items) {
        const obj = this.#compact(item);
        fresh.set(keyToString(keyOf(obj)), obj);
      }
      continueToken = page.continueToken;
      resourceVersion = page.resourceVersion;
    } while (continueToken !== undefined);
    this.stats.lists++;
    this.#replace(fresh);
    this.#resourceVersion = resourceVersion;
    if (!this.#synced) {
      this.#synced = true;
      for (const resolve of this.#onSynced.splice(0)) resolve();
    }
  }

  /** Swaps in a complete list, reporting what changed since the cache last saw each object. */
  #replace(fresh: Map<string, T>): void {
    const previous = new Map(this.#cache);
    this.#cache.clear();
    for (const [key, obj] of fresh) this.#cache.set(key, obj);
    for (const [key, obj] of fresh) {
      const old = previous.get(key);
      if (old === undefined) this.#emit("add", obj);
      else if (old.metadata?.resourceVersion !== obj.metadata?.resourceVersion)
        this.#emit("update", obj, old);
    }
    for (const [key, old] of previous) if (!fresh.has(key)) this.#emit("delete", old);
  }

  async #watch(signal: AbortSignal): Promise<void> {
    const options = this.#options;
    this.#watchStarted = performance.now();
    this.stats.watches++;
    const timeoutSeconds = options.watchTimeoutSeconds?.() ?? Math.floor(300 + Math.random() * 300);
    await watchStream<T>(options.kubeConfig, this.path, {
      resourceVersion: this.#resourceVersion ?? "",
      timeoutSeconds,
      idleTimeoutMs: options.idleTimeoutMs ?? WATCH_IDLE_TIMEOUT_MS,
      ...(options.labelSelector ? { labelSelector: options.labelSelector } : {}),
      ...(options.keptAnnotations ? { keptAnnotations: options.keptAnnotations } : {}),
      signal,
      onOpen: () => (this.#unreachableSince = undefined),
      onEvent: (event) => this.#apply(event),
    });
    // The server closed the stream: resume from the last version, at once if the watch was healthy.
    if (this.#healthy()) this.#failures = 0;
    else await this.#backOff(new Error(`watch ${this.path} ended right after it started`));
    this.#watchStarted = undefined;
  }

  /** Whether the current watch lasted long enough to count as a success. */
  #healthy(): boolean {
    if (this.#watchStarted === undefined) return false;
    return performance.now() - this.#watchStarted >= (this.#options.minHealthyWatchMs ?? 1_000);
  }

  #apply(event: WatchEvent<T>): void {
    if (event.type === "ERROR") {
      // A metav1.Status inside the stream, most often 410 Gone: surfaces like an HTTP error.
      const status = event.object as unknown as { code?: number; message?: string };
      throw Object.assign(new Error(`watch ${this.path}: ${status.message ?? "error event"}`), {
        code: status.code,
      });
    }
    const version = event.object.metadata?.resourceVersion;
    if (event.type === "BOOKMARK") {
      this.stats.bookmarks++;
      if (version) this.#resourceVersion = version;
      return;
    }
    const obj = this.#compact(event.object);
    const key = keyToString(keyOf(obj));
    const old = this.#cache.get(key);
    if (event.type === "DELETED") {
      this.#cache.delete(key);
      this.#emit("delete", old ?? obj);
    } else {
      this.#cache.set(key, obj);
      if (old === undefined) this.#emit("add", obj);
      else this.#emit("update", obj, old);
    }
    if (version) this.#resourceVersion = version;
  }

  /** `obj` as the cache keeps it (cache-shape.ts). */
  #compact(obj: T): T {
    stripForCache(obj, this.#options.keptAnnotations);
    shareStrings(obj, this.#last);
    this.#last = obj;
    return obj;
  }

  #emit(type: "add" | "update" | "delete", obj: T, old?: T): void {
    for (const handlers of this.#handlers) {
      try {
        if (type === "update") handlers.update?.(obj, old ?? obj);
        else handlers[type]?.(obj);
      } catch (err) {
        this.#options.logger.error("informer handler failed", { path: this.path, err });
      }
    }
  }

  async #backOff(err: unknown): Promise<void> {
    if (this.#stop.signal.aborted) return;
    this.#failures++;
    this.stats.failures++;
    this.#unreachableSince ??= performance.now();
    // A server that said how long to wait (Retry-After on a 429 or 503: API Priority and Fairness
    // shedding load) is not asked again sooner; the backoff still applies when it is longer.
    const delayMs = Math.max(
      backoffDelay(this.#failures, this.#options.backoff ?? INFORMER_BACKOFF),
      retryAfterMs(err) ?? 0,
    );
    const fields = { path: this.path, failures: this.#failures, delayMs, err: errorMessage(err) };
    if (err instanceof WatchStalledError) {
      // Not routine: the connection died without a word, and changes went unseen meanwhile.
      this.stats.stalls++;
      this.#options.logger.warn("watch stalled, renewing it", fields);
    } else if (this.#failures === 1 && this.#synced) {
      // The first failure of a healthy watch is routine (a load balancer cut it); a series is not.
      this.#options.logger.info("watch restarting", fields);
    } else this.#options.logger.warn("list/watch failed, retrying", fields);
    await abortableSleep(delayMs, this.#stop.signal);
  }
}
