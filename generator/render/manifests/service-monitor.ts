// A ServiceMonitor for the Prometheus Operator: Prometheus scrapes the manager's HTTPS metrics
// endpoint with its ServiceAccount token, which the runtime authenticates (TokenReview) and
// authorizes (SubjectAccessReview; bind config/rbac/metrics_reader_role.yaml to Prometheus).
// Part of the config/prometheus Component with the alerts: both need the Prometheus Operator's
// CRDs, so neither is in config/default.

import type { GeneratedFile } from "../../base/files.ts";
import type { OperatorModel } from "../../model/types.ts";
import { COMPONENT_LABEL, labelsFor, NAME_LABEL } from "./labels.ts";
import { METRICS_PATH, METRICS_PORT_NAME } from "./metrics.ts";
import { yamlFile } from "./yaml-file.ts";

export const SERVICE_MONITOR_PATH = "config/prometheus/service_monitor.yaml";
/** How often Prometheus scrapes: stated, so the chart's value and this file agree. */
export const SCRAPE_INTERVAL = "30s";

export function renderServiceMonitor(model: OperatorModel): GeneratedFile {
  return yamlFile(
    SERVICE_MONITOR_PATH,
    [
      {
        apiVersion: "monitoring.coreos.com/v1",
        kind: "ServiceMonitor",
        metadata: {
          name: `${model.name}-controller-manager-metrics-monitor`,
          namespace: model.namespace,
          labels: labelsFor(model, "metrics"),
        },
        spec: {
          endpoints: [
            {
              path: METRICS_PATH,
              port: METRICS_PORT_NAME,
              scheme: "https",
              interval: SCRAPE_INTERVAL,
              bearerTokenFile: "/var/run/secrets/kubernetes.io/serviceaccount/token",
              tlsConfig: { insecureSkipVerify: true },
            },
          ],
          // The metrics Service alone: the webhook Service selects the same pods.
          selector: { matchLabels: { [NAME_LABEL]: model.name, [COMPONENT_LABEL]: "metrics" } },
        },
      },
    ],
    {
      comment: [
        "Prometheus scrapes the operator's metrics Service with its ServiceAccount token; bind",
        "config/rbac/metrics_reader_role.yaml to that ServiceAccount. insecureSkipVerify: the manager",
        "serves a self-signed certificate unless you mount one (METRICS_CERT_DIR); with your own CA,",
        "replace it with tlsConfig.ca and serverName.",
      ],
    },
  );
}
