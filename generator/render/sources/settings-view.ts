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
    resyncPeriodMs: model.operator.resyncPeriodSeconds * 1000,
    backoffInitialMs: model.operator.backoffInitialSeconds * 1000,
    backoffMaxMs: model.operator.backoffMaxSeconds * 1000,
    leaderElection: model.operator.leaderElection,
    watchNamespacesLiteral: JSON.stringify(model.rbac.watchNamespaces),
  };
}
