// An example PrometheusRule with the alerts the brief's operations checklist asks for: a stuck
// deletion, a status lagging its spec, a reconcile error rate, leaked external resources, and
// status writes the API server refuses. It is a kustomize Component under config/prometheus, not
// part of config/default: the PrometheusRule CRD exists only where the Prometheus Operator runs,
// and `kubectl apply -k config/default` must work on any cluster. Enable it by adding
// `components: [../prometheus]` to config/default/kustomization.yaml.
//
// Every metric an expression names is one the runtime registers (OperatorMetrics in
// @create-operator/runtime); prometheus-rule.test.ts reads the names from its registry.

import type { GeneratedFile } from "../../base/files.ts";
import type { OperatorModel } from "../../model/types.ts";
import { labelsFor } from "./labels.ts";
import { controllerName } from "./rbac-names.ts";
import { yamlFile } from "./yaml-file.ts";

export const PROMETHEUS_RULE_PATH = "config/prometheus/prometheus_rule.yaml";

interface AlertRule {
  alert: string;
  expr: string;
  for: string;
  labels: { severity: "warning" | "critical" };
  annotations: { summary: string; description: string; runbook: string };
}

export function alertRules(model: OperatorModel): AlertRule[] {
  const kind = model.api.kind;
  const controller = `controller="${controllerName(model)}"`;
  const rules: AlertRule[] = [
    {
      alert: `${kind}DeletionStuck`,
      expr: `max(operator_stuck_deletion_objects{${controller}}) > 0`,
      for: "5m",
      labels: { severity: "warning" },
      annotations: {
        summary: `A ${kind} deletion has not finished for longer than deletionStuckAfter`,
        description: `{{ $value }} ${kind} object(s) keep a deletionTimestamp and Ready reason DeletionStuck: their cleanup keeps failing.`,
        runbook: `kubectl get ${model.api.plural} -A -o wide, then kubectl describe the ones being deleted: the Ready message names the failing cleanup. Fix its cause, or give up on the external resources deliberately with the abandon annotation.`,
      },
    },
    {
      alert: `${kind}StaleGeneration`,
      expr: `max(operator_stale_generation_oldest_seconds{${controller}}) > 900`,
      for: "5m",
      labels: { severity: "warning" },
      annotations: {
        summary: `A ${kind}'s status has not answered for its spec for over 15 minutes`,
        description: `{{ $value | humanizeDuration }} since the longest-lagging ${kind} changed; operator_stale_generation_objects says how many lag.`,
        runbook: `Objects whose status.observedGeneration is behind metadata.generation: their Ready condition names why (ProviderError, HookError, Forbidden, ...).`,
      },
    },
    {
      alert: `${kind}ReconcileErrorRate`,
      expr: `sum(rate(controller_runtime_reconcile_errors_total{${controller}}[5m])) / sum(rate(controller_runtime_reconcile_total{${controller}}[5m])) > 0.1`,
      for: "15m",
      labels: { severity: "warning" },
      annotations: {
        summary: `More than 10 % of ${kind} reconciles fail`,
        description: `{{ $value | humanizePercentage }} of reconciles failed over 5 minutes.`,
        runbook: `kubectl events --types=Warning --for ${kind}/<name> shows each failure (action ReconcileFailed) with its reason; the operator's log has one line per failure.`,
      },
    },
    {
      alert: `${kind}StatusUpdatesRefused`,
      expr: `sum(increase(operator_status_update_errors_total{${controller}}[10m])) > 0`,
      for: "0m",
      labels: { severity: "critical" },
      annotations: {
        summary: `The API server refuses the operator's ${kind} status writes`,
        description: `{{ $value }} status writes refused in 10 minutes; a 403 is RBAC without the status subresource, and every status goes stale.`,
        runbook: `Check the operator's ClusterRole for ${model.api.plural}/status (config/rbac/role.yaml) and the Warning Events with reason StatusUpdateFailed.`,
      },
    },
  ];
  // Only resources identified by their owner's UID are swept for orphans.
  const swept = model.externalResources.filter((r) => r.identity.kind !== "naturalKey");
  if (swept.length > 0)
    rules.push({
      alert: `${kind}OrphanedExternalResources`,
      expr: `sum by (resource, action) (increase(operator_orphaned_external_resources_total{resource=~"${swept.map((r) => r.name).join("|")}"}[1h])) > 0`,
      for: "0m",
      labels: { severity: "warning" },
      annotations: {
        summary: `External resources outlived their ${kind}`,
        description: `{{ $value }} {{ $labels.resource }} resource(s) without an owning ${kind} were {{ $labels.action }} by the orphan sweep in the last hour.`,
        runbook: `Each one is a log line and an Event naming the provider ID. "reported" ones (deletionPolicy Retain) are still there: decide whether to delete them.`,
      },
    });
  return rules;
}

export function renderPrometheusRule(model: OperatorModel): GeneratedFile[] {
  return [
    yamlFile(
      PROMETHEUS_RULE_PATH,
      [
        {
          apiVersion: "monitoring.coreos.com/v1",
          kind: "PrometheusRule",
          metadata: {
            name: `${model.name}-alerts`,
            namespace: model.namespace,
            labels: labelsFor(model, "manager"),
          },
          spec: { groups: [{ name: `${model.name}.rules`, rules: alertRules(model) }] },
        },
      ],
      {
        comment: [
          "Example alerts on the operator's metrics, for the Prometheus Operator (its PrometheusRule CRD).",
          "Not installed by config/default; see config/prometheus/kustomization.yaml.",
        ],
      },
    ),
    yamlFile(
      "config/prometheus/kustomization.yaml",
      [
        {
          apiVersion: "kustomize.config.k8s.io/v1alpha1",
          kind: "Component",
          resources: ["prometheus_rule.yaml", "service_monitor.yaml"],
        },
      ],
      {
        comment: [
          "A kustomize Component, off by default: it needs the PrometheusRule and ServiceMonitor CRDs of",
          "the Prometheus Operator. Deploy with it: npm run deploy -- --component prometheus; or add",
          "to config/default/kustomization.yaml:",
          "  components:",
          "    - ../prometheus",
        ],
      },
    ),
  ];
}
