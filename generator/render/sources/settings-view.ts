// The operator's runtime settings as the generated config prints them: durations in
// milliseconds, the watched namespaces as a literal.

import { DRAIN_TIMEOUT_MS, TERMINATION_GRACE_PERIOD_SECONDS } from "../../base/shutdown-timings.ts";
import type { OperatorModel } from "../../model/types.ts";

export interface SettingsView {
  concurrency: number;
  resyncPeriodMs: number;
  backoffInitialMs: number;
  backoffMaxMs: number;
  deletionStuckAfterMs: number;
  leaderElection: boolean;
  watchNamespacesLiteral: string;
  drainTimeoutMs: number;
  /** config/manager/manager.yaml's, sized for the drain: the generated config's comment names it. */
  terminationGracePeriodSeconds: number;
}

export function settingsView(model: OperatorModel): SettingsView {
  return {
    concurrency: model.operator.concurrency,
    resyncPeriodMs: model.operator.resyncPeriodMs,
    backoffInitialMs: model.operator.backoffInitialMs,
    backoffMaxMs: model.operator.backoffMaxMs,
    deletionStuckAfterMs: model.operator.deletionStuckAfterMs,
    leaderElection: model.operator.leaderElection,
    // prettier's spacing: a line too long for it goes through prettier (render/format.ts).
    watchNamespacesLiteral: `[${model.rbac.watchNamespaces.map((ns) => JSON.stringify(ns)).join(", ")}]`,
    drainTimeoutMs: DRAIN_TIMEOUT_MS,
    terminationGracePeriodSeconds: TERMINATION_GRACE_PERIOD_SECONDS,
  };
}
