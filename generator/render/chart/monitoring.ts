// The chart's opt-in objects that config/ has no copy of: a ServiceMonitor for the metrics
// Service (Prometheus Operator) and a NetworkPolicy that admits only what the manager serves.
// Both are off by default: the first needs the monitoring.coreos.com CRDs, the second a CNI
// that enforces policies, and neither is a cluster a chart should assume.

import { fileHeader, Ownership, type GeneratedFile } from "../../base/files.ts";
import type { OperatorModel } from "../../model/types.ts";
import { servesConversionWebhook, WEBHOOK_PORT_NAME } from "../manifests/conversion.ts";
import { labelsFor, managerSelector } from "../manifests/labels.ts";
import { METRICS_PATH, METRICS_PORT_NAME } from "../manifests/metrics.ts";
import { metricsServiceName } from "../manifests/rbac-names.ts";
import { HelmText, onlyIf } from "./helm-text.ts";
import { CHART_DIR } from "./values.ts";

const MANAGED_BY = "app.kubernetes.io/managed-by";

function labels(model: OperatorModel, helm: HelmText) {
  return { ...labelsFor(model, "manager"), [MANAGED_BY]: helm.value(".Release.Service") };
}

function serviceMonitor(model: OperatorModel): GeneratedFile {
  const helm = new HelmText();
  const monitor = {
    apiVersion: "monitoring.coreos.com/v1",
    kind: "ServiceMonitor",
    metadata: {
      name: `${model.name}-metrics-monitor`,
      namespace: helm.value(".Release.Namespace"),
      labels: labels(model, helm),
    },
    spec: {
      selector: { matchLabels: managerSelector(model) },
      endpoints: [
        {
          port: METRICS_PORT_NAME,
          scheme: "https",
          path: METRICS_PATH,
          interval: helm.value(".Values.monitoring.serviceMonitor.interval"),
          // The scraper's own token; bind it the metrics-reader ClusterRole.
          bearerTokenFile: "/var/run/secrets/kubernetes.io/serviceaccount/token",
          // The manager's certificate is self-signed unless one is mounted (METRICS_CERT_DIR).
          tlsConfig: {
            insecureSkipVerify: true,
            serverName: helm.value(
              `printf "%s.%s.svc" "${metricsServiceName(model)}" .Release.Namespace`,
            ),
          },
        },
      ],
    },
  };
  return template(
    "monitoring/service_monitor.yaml",
    ".Values.monitoring.serviceMonitor.enabled",
    helm.print([monitor]),
  );
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
  return [serviceMonitor(model), networkPolicy(model)];
}
