// Render stage, manifests: every file under config/ of the generated project, built as typed
// objects and serialized with `yaml`. Pure: the same model always gives byte-identical files.

import type { GeneratedFile } from "../../base/files.ts";
import type { OperatorModel } from "../../model/types.ts";
import { renderChildCrds } from "./child-crds.ts";
import { renderCertManager, renderConversionRbac, renderWebhookService } from "./conversion.ts";
import { renderCrd } from "./crd.ts";
import { renderKustomizations } from "./kustomize.ts";
import { renderManager } from "./manager.ts";
import { renderMetricsService } from "./metrics.ts";
import { renderNetworkPolicies } from "./network-policy.ts";
import { renderPrometheusRule } from "./prometheus-rule.ts";
import { renderOperatorRbac } from "./rbac.ts";
import { renderSamples } from "./sample.ts";
import { renderServiceMonitor } from "./service-monitor.ts";
import { renderTenancy } from "./tenancy.ts";
import { renderUserRoles } from "./user-roles.ts";

/** projectVersion: package.json's version, the manager image's tag (operator-image.ts). */
export function renderManifests(model: OperatorModel, projectVersion?: string): GeneratedFile[] {
  const rbac = [
    ...renderOperatorRbac(model),
    ...renderConversionRbac(model),
    ...renderUserRoles(model),
  ];
  const files = [
    renderCrd(model),
    ...renderChildCrds(model),
    ...rbac,
    renderManager(model, projectVersion),
    renderMetricsService(model),
    ...renderWebhookService(model),
    ...renderCertManager(model),
    ...renderPrometheusRule(model),
    renderServiceMonitor(model),
    ...renderNetworkPolicies(model),
    ...renderSamples(model),
    ...renderTenancy(model),
    ...renderKustomizations(model, rbac),
  ];
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export { exampleObject, exampleSpec, exampleValue } from "./example-values.ts";
export { fieldViolations, objectViolations } from "./field-violations.ts";
export { ENV, HEALTH_PORT, LIVENESS_PATH, READINESS_PATH } from "./manager.ts";
export { METRICS_PATH, METRICS_PORT } from "./metrics.ts";
export {
  deploymentName,
  leaderElectionRoleName,
  managerRoleName,
  serviceAccountName,
} from "./rbac-names.ts";
