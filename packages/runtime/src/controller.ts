// Turns watch events into work-queue keys and runs the reconciler on them. Events only say
// "look at this key again": the reconciler always re-reads the object (from the informer cache,
// see cached-resource-client.ts), so lost, coalesced or repeated events cannot change the
// outcome. A child's event requeues its controlling owner. A periodic resync re-enqueues every
// known key to repair anything a watch missed and to re-check external resources for drift.

import type { KubeConfig, KubernetesObject } from "@kubernetes/client-node";
import { DeadlineExceededError, raceAbort, type ReconcileContext } from "./abort.ts";
import type { BackoffSettings } from "./backoff.ts";
import { ConflictError, TerminalError, errorMessage, retryAfterMs } from "./errors.ts";
import type { EventRecorder } from "./events.ts";
import { failureMessage, failureReason } from "./failure-status.ts";
import type { CustomResourceRef } from "./kube-resource-client.ts";
import { IdleCollector } from "./idle-collector.ts";
import { Informer, type InformerOptions } from "./informer.ts";
import { withReconcileContext } from "./log-context.ts";
import type { Logger } from "./logger.ts";
import { noopControllerMetrics, type ControllerMetrics } from "./metrics.ts";
import { ownerKeyOf, type OwnerKind } from "./owned-kinds.ts";
import type { OwnWrites } from "./own-writes.ts";
import { CONFLICT_INITIAL_MS, RateLimiter } from "./rate-limiter.ts";
import { watchReferences, type ReferenceWatch } from "./references.ts";
import { keyOf, keyToString, parseKey, type ObjectKey } from "./resource-client.ts";
import { timerDelay } from "./timer-delay.ts";
import { cachesReady, type CacheHealth, UNREACHABLE_GRACE_MS } from "./watch-health.ts";
import { WorkQueue } from "./work-queue.ts";

export type { ReconcileContext } from "./abort.ts";

/** A pass that has not finished after this long is cut (see abort.ts) and retried with backoff. */
export const DEFAULT_RECONCILE_TIMEOUT_MS = 60_000;

export interface ReconcileResult {
  /** Reconcile again after this delay even without events (e.g. polling a slow provisioning). */
  requeueAfterMs?: number;
}

export interface Reconciler {
  /** `context.signal` aborts at the pass's deadline: hand it to every API and provider call. */
  reconcile(key: ObjectKey, context?: ReconcileContext): Promise<ReconcileResult>;
}

export interface ControllerOptions<T extends KubernetesObject> {
  /** The reconciled kind's informers: one per watched namespace, or one for the whole cluster. */
  informers: Informer<T>[];
  /** Informers of the owned child kinds: a child's change requeues its controlling owner. */
  owned?: OwnedInformers;
  /** Informers of referenced kinds: a referenced object's change requeues every object naming it. */
  references?: ReferenceWatch<T>;
  reconciler: Reconciler;
  concurrency: number;
  resyncPeriodMs: number;
  backoff: BackoffSettings;
  logger: Logger;
  /** How long the caches may fail to reach the API server before `ready` turns false (watch-health.ts). */
  unreachableGraceMs?: number;
  /** Deadline of one reconcile pass (DEFAULT_RECONCILE_TIMEOUT_MS). */
  reconcileTimeoutMs?: number;
  /** The overall retry bucket shared by all keys (client-go: 10 qps, burst 100). */
  retryRateLimit?: { qps: number; burst: number };
  /** The reconciler's own writes (its client wrapped by `ownWrites.wrap`): their events are skipped. */
  ownWrites?: OwnWrites;
  /**
   * Every failed pass (a conflict aside) becomes a Warning Event about the object, reason as the
   * Ready condition's (failure-status.ts), action ReconcileFailed; the recorder aggregates repeats
   * into one Event's series count (events.ts), so a failure that lasts shows as one Event whose
   * count grows with each retry. None by default.
   */
  events?: EventRecorder;
  /** controller_runtime_* and workqueue_* metrics (OperatorMetrics.controller); none by default. */
  metrics?: ControllerMetrics;
  /**
   * A full garbage collection (globalThis.gc under --expose-gc), run once the queue has been idle
   * for a while after work (idle-collector.ts); none by default.
   */
  collectGarbage?: () => void;
}

export interface OwnedInformers {
  owner: OwnerKind;
  informers: Informer<KubernetesObject>[];
}

export class Controller<T extends KubernetesObject> {
  readonly #options: ControllerOptions<T>;
  readonly #queue: WorkQueue;
  readonly #metrics: ControllerMetrics;
  readonly #informers: Informer<T>[];
  readonly #idleCollector: IdleCollector | undefined;
  #synced = false;
  #leading = false;
  #stopped = false;
  #resyncTimer: NodeJS.Timeout | undefined;
  #resolveStopped: (() => void) | undefined;

  constructor(options: ControllerOptions<T>) {
    this.#options = options;
    this.#informers = options.informers;
    this.#metrics = options.metrics ?? noopControllerMetrics;
    this.#idleCollector =
      options.collectGarbage === undefined
        ? undefined
        : new IdleCollector({
            collect: options.collectGarbage,
            isIdle: () => this.#queue.length === 0 && this.#queue.activeCount === 0,
          });
    this.#queue = new WorkQueue({
      concurrency: options.concurrency,
      metrics: this.#metrics.queue,
      // Every line logged while a key is processed carries the key and a fresh reconcileID.
      process: (key) => withReconcileContext(key, () => this.#process(key)),
      rateLimiter: new RateLimiter({ backoff: options.backoff, ...options.retryRateLimit }),
      onError: (key, err) => options.logger.error("unexpected error in worker", { key, err }),
      onDrained: () => this.#idleCollector?.drained(),
    });
  }

  /** True once every informer (owner, children, referenced kinds) completed a list: /readyz. */
  get synced(): boolean {
    return this.#synced;
  }

  /**
   * Starts the informers and resolves once every one of them has listed. While a list keeps
   * failing (403 without RBAC, 404 without the CRD) it keeps retrying with backoff, `synced` stays
   * false and this does not resolve; stop() ends the wait.
   */
  async start(): Promise<void> {
    const { logger, owned, ownWrites } = this.#options;
    for (const informer of this.#informers) {
      const enqueue = (obj: T): void => this.#enqueue(keyOf(obj));
      informer.on({
        add: enqueue,
        // The echo of our own write is no news (own-writes.ts); skipping it keeps backoff intact.
        update: (obj: T) => {
          if (ownWrites === undefined || ownWrites.shouldEnqueue(obj)) enqueue(obj);
        },
        // A delete event still enqueues: the reconciler finds the object gone and does nothing.
        delete: (obj: T) => {
          ownWrites?.forget(obj);
          enqueue(obj);
        },
      });
    }
    const children = owned?.informers ?? [];
    for (const informer of children) {
      const enqueueOwner = (child: KubernetesObject): void => {
        const key = ownerKeyOf(child, owned!.owner);
        if (key !== undefined) this.#enqueue(key);
      };
      informer.on({ add: enqueueOwner, update: enqueueOwner, delete: enqueueOwner });
    }
    const references = this.#options.references;
    if (references !== undefined)
      watchReferences(this.#informers, references, (key) => this.#enqueue(key));
    const all = [
      ...this.#informers,
      ...children,
      ...(references?.informers ?? []).map((r) => r.informer),
    ];
    for (const informer of all) informer.start();
    const stopped = new Promise<void>((resolve) => (this.#resolveStopped = resolve));
    await Promise.race([Promise.all(all.map((informer) => informer.whenSynced())), stopped]);
    if (this.#stopped) return;
    this.#synced = true;
    this.#resyncTimer = setInterval(() => this.resync(), timerDelay(this.#options.resyncPeriodMs));
    this.#resyncTimer.unref();
    logger.info("informers synced", { sources: all.map((informer) => informer.path) });
  }

  /**
   * /readyz: synced, and no cache has been out of reach of the API server (every list and watch
   * failing or stalled) for longer than `unreachableGraceMs`; true again once they reach it.
   */
  get ready(): boolean {
    return (
      this.#synced &&
      cachesReady(this.#allInformers(), this.#options.unreachableGraceMs ?? UNREACHABLE_GRACE_MS)
    );
  }

  #allInformers(): CacheHealth[] {
    return [
      ...this.#informers,
      ...(this.#options.owned?.informers ?? []),
      ...(this.#options.references?.informers ?? []).map((r) => r.informer),
    ];
  }

  /** Reconcile only while leading: a replica that lost its lease must stop writing. */
  setLeading(leading: boolean): void {
    this.#leading = leading;
    if (leading) this.resync();
  }

  /** Enqueues every object in the cache. */
  resync(): void {
    for (const informer of this.#informers) {
      for (const obj of informer.list()) this.#enqueue(keyOf(obj));
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#leading = false;
    if (this.#resyncTimer !== undefined) clearInterval(this.#resyncTimer);
    this.#resolveStopped?.();
    const children = this.#options.owned?.informers ?? [];
    const referenced = (this.#options.references?.informers ?? []).map((r) => r.informer);
    await Promise.all(
      [...this.#informers, ...children, ...referenced].map((informer) => informer.stop()),
    );
    await this.#queue.stop();
    this.#idleCollector?.stop();
  }

  #enqueue(key: ObjectKey): void {
    if (this.#leading) this.#queue.add(keyToString(key));
  }

  async #process(key: string): Promise<void> {
    if (!this.#leading) return;
    const { reconciler, logger } = this.#options;
    const started = Date.now();
    const timeoutMs = this.#options.reconcileTimeoutMs ?? DEFAULT_RECONCILE_TIMEOUT_MS;
    const { ownWrites } = this.#options;
    ownWrites?.passStarted(key);
    const deadline = new AbortController();
    const timer = setTimeout(
      () => deadline.abort(new DeadlineExceededError(`reconciling ${key}`, timeoutMs)),
      timerDelay(timeoutMs),
    );
    try {
      // The worker stops waiting at the deadline even if a call ignores the signal.
      const result = await this.#metrics.reconcile(() =>
        raceAbort(
          reconciler.reconcile(parseKey(key), { signal: deadline.signal }),
          deadline.signal,
        ),
      );
      const after = result.requeueAfterMs;
      if (after !== undefined && !(after > 0)) {
        // "Again at once" (0, or a delay that is no number) is controller-runtime's Requeue: soon,
        // through the rate limiter, so a reconciler that always asks for it backs off instead
        // of spinning through passes that may need no I/O at all.
        this.#queue.addRateLimited(key);
      } else {
        this.#queue.forget(key);
        if (after !== undefined) this.#queue.addAfter(key, after);
      }
      logger.debug("reconciled", {
        key,
        ms: Date.now() - started,
        requeueAfterMs: result.requeueAfterMs,
      });
    } catch (err) {
      this.#retry(key, err);
    } finally {
      clearTimeout(timer);
      if (ownWrites?.passEnded(key) === true) this.#queue.add(key);
      // Anything of this pass still running (a call that ignored the signal) can no longer write.
      if (!deadline.signal.aborted) deadline.abort(new Error(`reconcile of ${key} finished`));
    }
  }

  /** After a failed pass: conflicts and failures back off per key; terminal errors wait for news. */
  #retry(key: string, err: unknown): void {
    const { logger } = this.#options;
    if (!(err instanceof ConflictError)) this.#recordFailure(key, err);
    if (err instanceof TerminalError) {
      this.#queue.forget(key);
      logger.error("terminal error, not retrying", { key, reason: err.reason, err: err.message });
      return;
    }
    if (err instanceof ConflictError) {
      // Someone wrote first: decide again from the newer version, soon but not in a tight loop
      // (the cache may take a moment to bring it; the backoff doubles until it has).
      const delayMs = this.#queue.addRateLimited(key, { initialMs: CONFLICT_INITIAL_MS });
      logger.debug("conflict, requeueing", { key, delayMs });
      return;
    }
    const retryAfter = retryAfterMs(err);
    const delayMs = this.#queue.addRateLimited(
      key,
      retryAfter === undefined ? {} : { atLeastMs: retryAfter },
    );
    const message =
      err instanceof DeadlineExceededError
        ? "reconcile cut at its deadline, retrying"
        : "reconcile failed, retrying";
    logger.warn(message, {
      key,
      failures: this.#queue.failures(key),
      delayMs,
      ...(retryAfter === undefined ? {} : { retryAfterMs: retryAfter }),
      err: errorMessage(err),
    });
  }

  /** The failure Event of one pass, about the object as the cache holds it (gone: no Event). */
  #recordFailure(key: string, err: unknown): void {
    const events = this.#options.events;
    if (events === undefined) return;
    const objectKey = parseKey(key);
    const obj = this.#informers.map((informer) => informer.get(objectKey)).find((o) => o);
    const { apiVersion, kind, metadata } = obj ?? {};
    if (apiVersion === undefined || kind === undefined || metadata?.name === undefined) return;
    events.record({
      regarding: {
        apiVersion,
        kind,
        name: metadata.name,
        ...(metadata.namespace ? { namespace: metadata.namespace } : {}),
        ...(metadata.uid ? { uid: metadata.uid } : {}),
      },
      type: "Warning",
      reason: failureReason(err),
      action: "ReconcileFailed",
      note: failureMessage(err),
    });
  }
}

/** Informers for a custom resource: one per watched namespace, or one for the whole cluster. */
export function customResourceInformers<T extends KubernetesObject>(
  kubeConfig: KubeConfig,
  ref: CustomResourceRef,
  namespaces: readonly string[],
  logger: Logger,
  options: Partial<InformerOptions> = {},
): Informer<T>[] {
  const { group, version, plural } = ref;
  const paths =
    !ref.namespaced || namespaces.length === 0
      ? [`/apis/${group}/${version}/${plural}`]
      : namespaces.map((ns) => `/apis/${group}/${version}/namespaces/${ns}/${plural}`);
  return paths.map((path) => new Informer<T>({ kubeConfig, path, logger, ...options }));
}
