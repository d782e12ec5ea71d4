// The chart's NetworkPolicy, which admits only what the manager serves, from the namespaces
// values.yaml selects (config/network-policy is kustomize's fixed form of it). Off by default: it
// needs a CNI that enforces policies. The ServiceMonitor is config/prometheus's, opt-in too.

import { fileHeader, Ownership, type GeneratedFile } from "../../base/files.ts";
import type { OperatorModel } from "../../model/types.ts";
import { servesConversionWebhook, WEBHOOK_PORT_NAME } from "../manifests/conversion.ts";
import { labelsFor, managerSelector } from "../manifests/labels.ts";
import { METRICS_PORT_NAME } from "../manifests/metrics.ts";
import { HelmText, onlyIf } from "./helm-text.ts";
import { CHART_DIR } from "./values.ts";

const MANAGED_BY = "app.kubernetes.io/managed-by";

function labels(model: OperatorModel, helm: HelmText) {
  return { ...labelsFor(model, "manager"), [MANAGED_BY]: helm.value(".Release.Service") };
}

function networkPolicy(model: OperatorModel): GeneratedFile {
  const helm = new HelmText();
  const policy = {
    apiVersion: "networking.k8s.io/v1",
    kind: "NetworkPolicy",
    metadata: {
      name: `${model.name}-manager`,
      namespace: helm.value(".Release.Namespace"),
      labels: labels(model, helm),
    },
    spec: {
      podSelector: { matchLabels: managerSelector(model) },
      policyTypes: ["Ingress"],
      ingress: [
        {
          from: [
            { namespaceSelector: helm.toYaml(".Values.networkPolicy.metricsNamespaceSelector") },
          ],
          ports: [{ port: METRICS_PORT_NAME, protocol: "TCP" }],
        },
        // The API server calls the conversion webhook from outside any pod network selector.
        ...(servesConversionWebhook(model)
          ? [{ ports: [{ port: WEBHOOK_PORT_NAME, protocol: "TCP" }] }]
          : []),
      ],
    },
  };
  return template("network_policy.yaml", ".Values.networkPolicy.enabled", helm.print([policy]));
}

function template(path: string, condition: string, body: string): GeneratedFile {
  return {
    path: `${CHART_DIR}/templates/${path}`,
    ownership: Ownership.Generated,
    content: fileHeader(Ownership.Generated, "#") + onlyIf(condition, body),
  };
}

export function renderMonitoringTemplates(model: OperatorModel): GeneratedFile[] {
  return [networkPolicy(model)];
}
