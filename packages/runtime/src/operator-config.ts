// Operator settings: defaults from operator.yaml (the generated src/config.ts holds them),
// overridable per deployment through environment variables (the manager Deployment in
// config/manager sets POD_NAMESPACE, WATCH_NAMESPACES and LEADER_ELECT). One table says which
// variable sets which setting, how it is read and what it means, so `--help` lists exactly what
// is read. A malformed value stops the process at start-up rather than running half-configured.

import type { Setting } from "./command-line.ts";

export interface OperatorConfig {
  /** Namespace the operator runs in; holds the leader-election Lease. */
  podNamespace: string;
  /** Namespaces to watch; empty means all (ignored for a cluster-scoped kind). */
  watchNamespaces: string[];
  leaderElection: boolean;
  leaseName: string;
  concurrency: number;
  resyncPeriodMs: number;
  backoffInitialMs: number;
  backoffMaxMs: number;
  /**
   * A deletion whose cleanup keeps failing for longer than this is reported as stuck (Ready
   * reason DeletionStuck, operator_stuck_deletion_objects): operator.yaml's deletionStuckAfter.
   */
  deletionStuckAfterMs: number;
  /** Deadline of one reconcile pass: a hung call is cancelled and the pass retried with backoff. */
  reconcileTimeoutMs: number;
  healthPort: number;
  /** HTTPS port of /metrics (callers authenticated and authorized by the API server); 0 turns it off. */
  metricsPort: number;
  /** Directory holding tls.crt and tls.key for the metrics server; empty: a self-signed one. */
  metricsCertDir: string;
  /** The metrics Service, named in the self-signed certificate. */
  metricsServiceName: string;
  /** controller-runtime's controller name: the `controller` label of the metrics. */
  controllerName: string;
  /** Leader election timings, client-go's defaults: leaseDuration > renewDeadline > retryPeriod. */
  leaseDurationSeconds: number;
  renewDeadlineMs: number;
  retryPeriodMs: number;
  /**
   * How long SIGTERM waits for reconciles in flight before releasing the lease and exiting; the
   * Deployment's terminationGracePeriodSeconds leaves room for it plus the lease release (5 s).
   */
  drainTimeoutMs: number;
}

type Read = "positive integer" | "port" | "boolean" | "list" | "text" | "text or default";

interface Variable {
  key: keyof OperatorConfig;
  /** The variable's name; tuning variables carry the operator's prefix. */
  name: (prefix: string) => string;
  read: Read;
  description: string;
}

const prefixed = (suffix: string) => (prefix: string) => `${prefix}_${suffix}`;
const plain = (name: string) => () => name;

/** Every variable the manager reads, in --help's order. */
const VARIABLES: readonly Variable[] = [
  {
    key: "podNamespace",
    name: plain("POD_NAMESPACE"),
    read: "text or default",
    description: "namespace the operator runs in; holds the leader-election Lease",
  },
  {
    key: "watchNamespaces",
    name: plain("WATCH_NAMESPACES"),
    read: "list",
    description: "comma-separated namespaces to watch; empty watches all",
  },
  {
    key: "leaderElection",
    name: plain("LEADER_ELECT"),
    read: "boolean",
    description: "true or false: whether replicas elect one leader that reconciles",
  },
  {
    key: "concurrency",
    name: prefixed("CONCURRENCY"),
    read: "positive integer",
    description: "reconciles run in parallel",
  },
  {
    key: "resyncPeriodMs",
    name: prefixed("RESYNC_PERIOD_MS"),
    read: "positive integer",
    description: "every object is reconciled again after this long (ms)",
  },
  {
    key: "backoffInitialMs",
    name: prefixed("BACKOFF_INITIAL_MS"),
    read: "positive integer",
    description: "first retry delay after a failed pass (ms)",
  },
  {
    key: "backoffMaxMs",
    name: prefixed("BACKOFF_MAX_MS"),
    read: "positive integer",
    description: "longest retry delay (ms)",
  },
  {
    key: "deletionStuckAfterMs",
    name: prefixed("DELETION_STUCK_AFTER_MS"),
    read: "positive integer",
    description: "a deletion failing for longer is DeletionStuck (ms)",
  },
  {
    key: "reconcileTimeoutMs",
    name: prefixed("RECONCILE_TIMEOUT_MS"),
    read: "positive integer",
    description: "deadline of one reconcile pass (ms)",
  },
  {
    key: "healthPort",
    name: plain("HEALTH_PORT"),
    read: "positive integer",
    description: "HTTP port of /healthz and /readyz",
  },
  {
    key: "metricsPort",
    name: plain("METRICS_PORT"),
    read: "port",
    description: "HTTPS port of /metrics; 0 turns metrics off",
  },
  {
    key: "metricsCertDir",
    name: plain("METRICS_CERT_DIR"),
    read: "text",
    description:
      "directory with tls.crt and tls.key for /metrics; unset: a self-signed certificate",
  },
  {
    key: "leaseDurationSeconds",
    name: prefixed("LEASE_DURATION_SECONDS"),
    read: "positive integer",
    description: "leader-election lease duration (s)",
  },
  {
    key: "renewDeadlineMs",
    name: prefixed("RENEW_DEADLINE_MS"),
    read: "positive integer",
    description: "the leader gives up its lease when it cannot renew for this long (ms)",
  },
  {
    key: "retryPeriodMs",
    name: prefixed("RETRY_PERIOD_MS"),
    read: "positive integer",
    description: "interval of leader-election attempts (ms)",
  },
  {
    key: "drainTimeoutMs",
    name: prefixed("DRAIN_TIMEOUT_MS"),
    read: "positive integer",
    description: "on SIGTERM, how long reconciles in flight may finish (ms)",
  },
];

/** The settings --help lists: every variable loadOperatorConfig reads, with its default. */
export function operatorSettings(defaults: OperatorConfig, prefix: string): Setting[] {
  return VARIABLES.map((v) => {
    const value = defaults[v.key];
    return {
      variable: v.name(prefix),
      description: v.description,
      default: Array.isArray(value) ? value.join(",") : String(value),
    };
  });
}

/** The settings of this process: each variable that is set, else its default; throws on a malformed one. */
export function loadOperatorConfig(
  defaults: OperatorConfig,
  prefix: string,
  env: NodeJS.ProcessEnv = process.env,
): OperatorConfig {
  const config: OperatorConfig = { ...defaults, watchNamespaces: [...defaults.watchNamespaces] };
  const settable = config as unknown as Record<string, unknown>;
  for (const v of VARIABLES) {
    const name = v.name(prefix);
    const value = read(v.read, name, env[name]);
    if (value !== undefined) settable[v.key] = value;
  }
  if (config.backoffInitialMs > config.backoffMaxMs) {
    throw new Error(
      `backoff initial (${config.backoffInitialMs} ms) exceeds backoff max (${config.backoffMaxMs} ms)`,
    );
  }
  if (!(
    config.leaseDurationSeconds * 1_000 > config.renewDeadlineMs &&
    config.renewDeadlineMs > config.retryPeriodMs
  )) {
    // With these out of order two replicas can lead at once (client-go refuses them too).
    throw new Error(
      `leader election needs lease duration (${config.leaseDurationSeconds} s) > renew deadline (${config.renewDeadlineMs} ms) > retry period (${config.retryPeriodMs} ms)`,
    );
  }
  return config;
}

/** A variable's value as its setting holds it; undefined keeps the default. */
function read(how: Read, name: string, value: string | undefined): unknown {
  if (value === undefined) return undefined;
  switch (how) {
    case "text":
      return value;
    case "list":
      return value
        .split(",")
        .map((item) => item.trim())
        .filter((item) => item !== "");
    default:
      break;
  }
  if (value === "") return undefined;
  switch (how) {
    case "text or default":
      return value;
    case "boolean":
      if (value === "true" || value === "false") return value === "true";
      throw new Error(`${name} must be "true" or "false", got ${JSON.stringify(value)}`);
    case "port": {
      const parsed = Number(value);
      if (!Number.isSafeInteger(parsed) || parsed < 0 || parsed > 65535)
        throw new Error(
          `${name} must be a port number (0 turns it off), got ${JSON.stringify(value)}`,
        );
      return parsed;
    }
    case "positive integer": {
      const parsed = Number(value);
      if (!Number.isSafeInteger(parsed) || parsed < 1)
        throw new Error(`${name} must be a positive integer, got ${JSON.stringify(value)}`);
      return parsed;
    }
  }
}
