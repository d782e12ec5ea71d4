// Prometheus metrics under controller-runtime's own names, labels and buckets, so the dashboards
// and alerts written for Go operators (kube-prometheus, kubebuilder's Grafana plugin) work on
// this one unchanged. The runtime sees only the small interfaces below (QueueMetrics,
// ControllerMetrics, LeaderMetrics); each has a no-op default, so code and tests that do not
// care about metrics pass nothing.

import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { TerminalError } from "./errors.ts";
import type { ObjectLagSnapshot } from "./object-lag.ts";
import type { ProviderCallMetrics } from "./provider-calls.ts";

/** controller-runtime's `result` label values of controller_runtime_reconcile_total. */
export type ReconcileOutcome = "success" | "error" | "requeue" | "requeue_after";

/** What the work queue reports: client-go's queue metrics hooks. */
export interface QueueMetrics {
  /** `key` entered the queue (not counted again while it waits there). */
  added(key: string): void;
  /** A worker took `key` from the queue. */
  started(key: string): void;
  /** The worker processing `key` finished. */
  finished(key: string): void;
  /** A key was scheduled with a delay (backoff or requeueAfter). */
  retried(): void;
}

/** What the controller reports: one call around each reconcile. */
export interface ControllerMetrics {
  readonly queue: QueueMetrics;
  /** Runs one reconcile, timing it and counting its outcome; returns or throws what `run` does. */
  reconcile<R extends { requeueAfterMs?: number }>(run: () => Promise<R>): Promise<R>;
}

export interface LeaderMetrics {
  setLeading(leading: boolean): void;
}

/** What the conversion webhook reports: one call per ConversionReview. */
export interface ConversionMetrics {
  observe(review: {
    /** Kind.group, e.g. Database.example.com. */
    kind: string;
    desiredApiVersion: string;
    objects: number;
    seconds: number;
    failed: boolean;
  }): void;
}

/** What the storage migrator reports, per CRD. */
export interface MigrationMetrics {
  migrated(crd: string): void;
  remaining(crd: string, count: number): void;
}

export const noopConversionMetrics: ConversionMetrics = { observe: () => {} };
export const noopMigrationMetrics: MigrationMetrics = { migrated: () => {}, remaining: () => {} };

/** controller-runtime's webhook latency buckets (prometheus.DefBuckets). */
export const WEBHOOK_LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const noopQueueMetrics: QueueMetrics = {
  added: () => {},
  started: () => {},
  finished: () => {},
  retried: () => {},
};

export const noopControllerMetrics: ControllerMetrics = {
  queue: noopQueueMetrics,
  reconcile: (run) => run(),
};

/** controller-runtime's controller_runtime_reconcile_time_seconds buckets. */
export const RECONCILE_TIME_BUCKETS = [
  0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7, 0.8, 0.9,
  1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5, 6, 7, 8, 9, 10, 15, 20, 25, 30, 40, 50, 60,
];
/** Cloud API calls: from a fast cached read to a slow synchronous create. */
export const PROVIDER_CALL_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** prometheus.ExponentialBuckets(10e-9, 10, 12): the work queue's duration buckets. */
export const QUEUE_DURATION_BUCKETS = Array.from({ length: 12 }, (_, i) => 1e-8 * 10 ** i);

const now = (): number => performance.now();

/** All metrics of one operator process, in a registry of their own (tests may run several). */
export class OperatorMetrics {
  readonly registry = new Registry();
  readonly #queues = new Map<string, QueueTimes>();
  readonly #reconcileTotal = new Counter({
    name: "controller_runtime_reconcile_total",
    help: "Total number of reconciliations per controller",
    labelNames: ["controller", "result"],
    registers: [this.registry],
  });
  readonly #reconcileErrors = this.#counter(
    "controller_runtime_reconcile_errors_total",
    "Total number of reconciliation errors per controller",
    ["controller"],
  );
  readonly #terminalErrors = this.#counter(
    "controller_runtime_terminal_reconcile_errors_total",
    "Total number of terminal reconciliation errors per controller",
    ["controller"],
  );
  readonly #reconcileTime = new Histogram({
    name: "controller_runtime_reconcile_time_seconds",
    help: "Length of time per reconciliation per controller",
    labelNames: ["controller"],
    buckets: RECONCILE_TIME_BUCKETS,
    registers: [this.registry],
  });
  readonly #maxConcurrent = this.#gauge(
    "controller_runtime_max_concurrent_reconciles",
    "Maximum number of concurrent reconciles per controller",
    ["controller"],
  );
  readonly #activeWorkers = this.#gauge(
    "controller_runtime_active_workers",
    "Number of currently used workers per controller",
    ["controller"],
  );
  // workqueue_depth carries controller-runtime's `priority` label too, empty without priorities.
  readonly #depth = this.#gauge(
    "workqueue_depth",
    "Current depth of workqueue by workqueue and priority",
    ["name", "controller", "priority"],
  );
  readonly #adds = this.#counter(
    "workqueue_adds_total",
    "Total number of adds handled by workqueue",
    ["name", "controller"],
  );
  readonly #queueDuration = this.#histogram(
    "workqueue_queue_duration_seconds",
    "How long in seconds an item stays in workqueue before being requested",
  );
  readonly #workDuration = this.#histogram(
    "workqueue_work_duration_seconds",
    "How long in seconds processing an item from workqueue takes.",
  );
  readonly #retries = this.#counter(
    "workqueue_retries_total",
    "Total number of items added to the workqueue with a non-zero delay (rate-limited requeues, explicit RequeueAfter or AddAfter calls)",
    ["name", "controller"],
  );
  readonly #leaderStatus = this.#gauge(
    "leader_election_master_status",
    "Gauge of if the reporting system is master of the relevant lease, 0 indicates backup, 1 indicates master. 'name' is the string used to identify the lease. Please make sure to group by name.",
    ["name"],
  );
  /** Counted by instrumentKubeConfig (rest-client-metrics.ts). */
  readonly restClientRequests = this.#counter(
    "rest_client_requests_total",
    "Number of HTTP requests, partitioned by status code, method, and host.",
    ["code", "method", "host"],
  );

  /** Observed by instrumentKubeConfig: client-go's name, labels and buckets. */
  readonly restClientRequestDuration = new Histogram({
    name: "rest_client_request_duration_seconds",
    help: "Request latency in seconds. Broken down by verb, and host.",
    labelNames: ["verb", "host"],
    buckets: [0.005, 0.025, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60],
    registers: [this.registry],
  });

  /** Counted by the orphan sweep (orphan-sweep.ts): alert on any increase, each is a leak caught. */
  readonly orphanedExternalResources = this.#counter(
    "operator_orphaned_external_resources_total",
    "External resources found without their owning object, by resource and action (deleted; reported: deletionPolicy Retain; kept: listed in the orphan report).",
    ["resource", "action"],
  );

  /**
   * Status writes the API server refused, by controller and HTTP code (withTransitionEvents'
   * onStatusWriteError): a 403 here is RBAC without the status subresource, and every object of
   * the controller keeps a stale status until it is fixed.
   */
  readonly statusUpdateErrors = this.#counter(
    "operator_status_update_errors_total",
    "Status writes refused by the API server (conflicts aside), by controller and HTTP code.",
    ["controller", "code"],
  );

  readonly #providerCallDuration = new Histogram({
    name: "operator_provider_call_duration_seconds",
    help: "Duration of calls to an external resource's provider, by resource class and operation.",
    labelNames: ["resource", "operation"],
    buckets: PROVIDER_CALL_BUCKETS,
    registers: [this.registry],
  });
  readonly #providerCallErrors = this.#counter(
    "operator_provider_call_errors_total",
    "Failed calls to an external resource's provider (rate-limited ones included), by resource class and operation.",
    ["resource", "operation"],
  );
  readonly #providerRateLimited = this.#counter(
    "operator_provider_rate_limited_total",
    "Calls to an external resource's provider answered with a rate limit (HTTP 429, a throttling error), by resource class and operation.",
    ["resource", "operation"],
  );

  /** The provider calls of the reconciler and the orphan sweep (provider-calls.ts). */
  readonly providerCalls: ProviderCallMetrics = {
    observe: ({ resource, operation, seconds, outcome }) => {
      const labels = { resource, operation };
      this.#providerCallDuration.observe(labels, seconds);
      if (outcome !== "success") this.#providerCallErrors.inc(labels);
      if (outcome === "rate_limited") this.#providerRateLimited.inc(labels);
    },
  };

  /** What objectLag() registered: each controller's source, read when scraped. */
  readonly #lags = new Map<string, { snapshot(): ObjectLagSnapshot }>();

  readonly #conversionLatency = new Histogram({
    name: "operator_conversion_webhook_duration_seconds",
    help: "Time to answer one ConversionReview, by kind, desired apiVersion and result (success, failure).",
    labelNames: ["kind", "desired_api_version", "result"],
    buckets: WEBHOOK_LATENCY_BUCKETS,
    registers: [this.registry],
  });
  readonly #conversionObjects = this.#counter(
    "operator_conversion_webhook_objects_total",
    "Objects sent to the conversion webhook, by kind and desired apiVersion.",
    ["kind", "desired_api_version"],
  );
  readonly #conversionFailures = this.#counter(
    "operator_conversion_webhook_failures_total",
    "ConversionReviews answered with a failure (a converter threw or returned an invalid object).",
    ["kind", "desired_api_version"],
  );
  readonly #migrated = this.#counter(
    "operator_storage_migration_objects_migrated_total",
    "Objects re-written so the API server stores them in the CRD's storage version.",
    ["crd"],
  );
  readonly #remaining = this.#gauge(
    "operator_storage_migration_objects_remaining",
    "Objects of the current storage migration not re-written yet (0 when none runs).",
    ["crd"],
  );

  constructor(options: { processMetrics?: boolean } = {}) {
    // How far each controller's objects are behind (object-lag.ts), read when scraped.
    const lagGauge = (name: string, help: string, value: (s: ObjectLagSnapshot) => number) => {
      const lags = this.#lags;
      new Gauge({
        name,
        help,
        labelNames: ["controller"],
        registers: [this.registry],
        collect(this: Gauge) {
          for (const [controller, lag] of lags) this.set({ controller }, value(lag.snapshot()));
        },
      });
    };
    lagGauge(
      "operator_stale_generation_objects",
      "Objects whose status.observedGeneration differs from metadata.generation (deletions aside), per controller.",
      (s) => s.staleGenerations,
    );
    lagGauge(
      "operator_stale_generation_oldest_seconds",
      "How long the status of the longest-lagging object has not answered for its generation, per controller; 0 when none lags.",
      (s) => s.oldestStaleSeconds,
    );
    lagGauge(
      "operator_deleting_objects",
      "Objects with a deletionTimestamp that are still present, per controller.",
      (s) => s.deleting,
    );
    lagGauge(
      "operator_stuck_deletion_objects",
      "Objects deleting for longer than operator.deletionStuckAfter (Ready reason DeletionStuck), per controller.",
      (s) => s.stuckDeletions,
    );
    lagGauge(
      "operator_deletion_oldest_seconds",
      "Age of the oldest pending deletion (since its deletionTimestamp), per controller; 0 when none is pending.",
      (s) => s.oldestDeletionSeconds,
    );
    // Computed when scraped rather than on a timer: exact, and no work between scrapes.
    this.#gauge(
      "workqueue_unfinished_work_seconds",
      "How many seconds of work has been done that is in progress and hasn't been observed by work_duration. Large values indicate stuck threads. One can deduce the number of stuck threads by observing the rate at which this increases.",
      ["name", "controller"],
      (gauge, name, times) => gauge.set({ name, controller: name }, times.unfinishedSeconds()),
    );
    this.#gauge(
      "workqueue_longest_running_processor_seconds",
      "How many seconds has the longest running processor for workqueue been running.",
      ["name", "controller"],
      (gauge, name, times) => gauge.set({ name, controller: name }, times.longestSeconds()),
    );
    // CPU, memory, file descriptors, event-loop lag and GC: controller-runtime's process and Go
    // collectors' counterparts.
    if (options.processMetrics !== false) collectDefaultMetrics({ register: this.registry });
  }

  /** Metrics of the controller `name` (controller-runtime: the lower-cased kind). */
  controller(name: string, maxConcurrentReconciles: number): ControllerMetrics {
    const controller = { controller: name };
    const queueLabels = { name, controller: name };
    // Children bound to their labels once: a labelled call hashes its labels every time, which
    // costs more than the rest of the bookkeeping of a reconcile together.
    const total = {
      success: this.#reconcileTotal.labels({ ...controller, result: "success" }),
      requeue: this.#reconcileTotal.labels({ ...controller, result: "requeue" }),
      requeue_after: this.#reconcileTotal.labels({ ...controller, result: "requeue_after" }),
      error: this.#reconcileTotal.labels({ ...controller, result: "error" }),
    };
    const errors = this.#reconcileErrors.labels(controller);
    const terminal = this.#terminalErrors.labels(controller);
    const time = this.#reconcileTime.labels(controller);
    const active = this.#activeWorkers.labels(controller);
    const depth = this.#depth.labels({ ...queueLabels, priority: "" });
    const adds = this.#adds.labels(queueLabels);
    const retries = this.#retries.labels(queueLabels);
    const queueDuration = this.#queueDuration.labels(queueLabels);
    const workDuration = this.#workDuration.labels(queueLabels);
    // Present from the start, as controller-runtime initializes them: a rate over a series that
    // appears with its first increment misses that increment.
    total.success.inc(0);
    errors.inc(0);
    terminal.inc(0);
    this.#maxConcurrent.set(controller, maxConcurrentReconciles);
    active.set(0);
    depth.set(0);
    adds.inc(0);
    retries.inc(0);
    const times = new QueueTimes();
    this.#queues.set(name, times);
    const queue: QueueMetrics = {
      added: (key) => {
        depth.inc();
        adds.inc();
        times.added(key);
      },
      started: (key) => {
        depth.dec();
        const waited = times.started(key);
        if (waited !== undefined) queueDuration.observe(waited);
      },
      finished: (key) => {
        const worked = times.finished(key);
        if (worked !== undefined) workDuration.observe(worked);
      },
      retried: () => retries.inc(),
    };
    return {
      queue,
      reconcile: async (run) => {
        const started = now();
        active.inc();
        try {
          const result = await run();
          // requeueAfterMs 0 asks for another pass at once: controller-runtime's Requeue.
          const after = result.requeueAfterMs;
          const outcome: ReconcileOutcome =
            after === undefined ? "success" : after > 0 ? "requeue_after" : "requeue";
          total[outcome].inc();
          return result;
        } catch (err) {
          if (err instanceof TerminalError) terminal.inc();
          errors.inc();
          total.error.inc();
          throw err;
        } finally {
          active.dec();
          time.observe((now() - started) / 1000);
        }
      },
    };
  }

  /** operator_stale_generation_* and operator_*deletion* of the controller `name` (an ObjectLag). */
  objectLag(name: string, lag: { snapshot(): ObjectLagSnapshot }): void {
    this.#lags.set(name, lag);
  }

  /** leader_election_master_status{name=<lease>}: 0 until this replica leads. */
  leaderElection(name: string): LeaderMetrics {
    this.#leaderStatus.set({ name }, 0);
    return { setLeading: (leading) => this.#leaderStatus.set({ name }, leading ? 1 : 0) };
  }

  /** The conversion webhook's latency, objects and failures. */
  conversion(): ConversionMetrics {
    return {
      observe: ({ kind, desiredApiVersion, objects, seconds, failed }) => {
        const labels = { kind, desired_api_version: desiredApiVersion };
        this.#conversionLatency.observe(
          { ...labels, result: failed ? "failure" : "success" },
          seconds,
        );
        this.#conversionObjects.inc(labels, objects);
        if (failed) this.#conversionFailures.inc(labels);
      },
    };
  }

  /** Storage migration progress: objects migrated, objects remaining. */
  migration(): MigrationMetrics {
    return {
      migrated: (crd) => this.#migrated.inc({ crd }),
      remaining: (crd, count) => this.#remaining.set({ crd }, count),
    };
  }

  /** The text exposition format, as Prometheus scrapes it. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  #counter(name: string, help: string, labelNames: string[]): Counter {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  #histogram(name: string, help: string): Histogram {
    return new Histogram({
      name,
      help,
      labelNames: ["name", "controller"],
      buckets: QUEUE_DURATION_BUCKETS,
      registers: [this.registry],
    });
  }

  #gauge(
    name: string,
    help: string,
    labelNames: string[],
    collect?: (gauge: Gauge, queue: string, times: QueueTimes) => void,
  ): Gauge {
    const queues = this.#queues;
    return new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      ...(collect
        ? {
            collect(this: Gauge) {
              for (const [queue, times] of queues) collect(this, queue, times);
            },
          }
        : {}),
    });
  }
}

/** When each key entered the queue and when each active key started, on the monotonic clock. */
class QueueTimes {
  readonly #addedAt = new Map<string, number>();
  readonly #startedAt = new Map<string, number>();

  added(key: string): void {
    if (!this.#addedAt.has(key)) this.#addedAt.set(key, now());
  }

  /** Seconds `key` waited, if it was seen entering. */
  started(key: string): number | undefined {
    const at = this.#addedAt.get(key);
    this.#addedAt.delete(key);
    this.#startedAt.set(key, now());
    return at === undefined ? undefined : (now() - at) / 1000;
  }

  finished(key: string): number | undefined {
    const at = this.#startedAt.get(key);
    this.#startedAt.delete(key);
    return at === undefined ? undefined : (now() - at) / 1000;
  }

  unfinishedSeconds(): number {
    const t = now();
    let total = 0;
    for (const at of this.#startedAt.values()) total += t - at;
    return total / 1000;
  }

  longestSeconds(): number {
    const t = now();
    let longest = 0;
    for (const at of this.#startedAt.values()) longest = Math.max(longest, t - at);
    return longest / 1000;
  }
}
