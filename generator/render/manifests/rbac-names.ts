// Names of the operator's identity objects, shared by RBAC and the manager Deployment.

import type { OperatorModel } from "../../model/types.ts";

export function serviceAccountName(model: OperatorModel): string {
  return `${model.name}-controller-manager`;
}

export function managerRoleName(model: OperatorModel): string {
  return `${model.name}-manager-role`;
}

export function leaderElectionRoleName(model: OperatorModel): string {
  return `${model.name}-leader-election-role`;
}

export function deploymentName(model: OperatorModel): string {
  return `${model.name}-controller-manager`;
}

/** controller-runtime's controller name, the `controller` label of the metrics: the lower-cased kind. */
export function controllerName(model: OperatorModel): string {
  return model.api.kind.toLowerCase();
}

/** kubebuilder's names for the metrics Service and its roles. */
/**
 * kubebuilder's name for the metrics Service while it fits a Service name (a DNS label, at most 63
 * characters), else `<name>-metrics`: trigger-authentication-operator's was 66 characters, and
 * the API server refused the Service when the installer applied it.
 */
export function metricsServiceName(model: OperatorModel): string {
  const full = `${model.name}-controller-manager-metrics-service`;
  if (full.length <= 63) return full;
  return `${model.name.slice(0, 63 - "-metrics".length).replace(/-+$/, "")}-metrics`;
}

export function metricsReaderRoleName(model: OperatorModel): string {
  return `${model.name}-metrics-reader`;
}

export function metricsAuthRoleName(model: OperatorModel): string {
  return `${model.name}-metrics-auth-role`;
}

/** Read access to referenced kinds in every namespace, for an operator limited to some. */
export function referenceRoleName(model: OperatorModel): string {
  return `${model.name}-references-role`;
}

/** The orphan report, a ConfigMap in the operator's namespace (the runtime's orphanReportName). */
export function orphanReportName(model: OperatorModel): string {
  return `${model.name}-orphans`;
}

export function orphanReportRoleName(model: OperatorModel): string {
  return `${model.name}-orphan-report-role`;
}
