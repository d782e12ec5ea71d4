// The operator's runtime settings as the generated config prints them: durations in
// milliseconds, the watched namespaces as a literal.

import type { OperatorModel } from "../../model/types.ts";

export interface SettingsView {
  concurrency: number;
  resyncPeriodMs: number;
  backoffInitialMs: number;
  backoffMaxMs: number;
  leaderElection: boolean;
  watchNamespacesLiteral: string;
}

export function settingsView(model: OperatorModel): SettingsView {
  return {
    concurrency: model.operator.concurrency,
    resyncPeriodMs: model.operator.resyncPeriodMs,
    backoffInitialMs: model.operator.backoffInitialMs,
    backoffMaxMs: model.operator.backoffMaxMs,
    leaderElection: model.operator.leaderElection,
    watchNamespacesLiteral: JSON.stringify(model.rbac.watchNamespaces),
  };
}
