// The metrics endpoint's objects, as kubebuilder lays them out: a Service in front of the manager's
// HTTPS metrics port, the manager's right to ask the API server who a caller is (TokenReview) and
// what it may do (SubjectAccessReview), and a metrics-reader ClusterRole to bind to whatever
// scrapes (Prometheus' ServiceAccount). Both review APIs are cluster-scoped, so even an operator
// that watches listed namespaces needs this one ClusterRole; it grants nothing else.

import type { GeneratedFile } from "../../base/files.ts";
import type { OperatorModel } from "../../model/types.ts";
import { labelsFor, managerSelector } from "./labels.ts";
import {
  metricsAuthRoleName,
  metricsReaderRoleName,
  metricsServiceName,
  serviceAccountName,
} from "./rbac-names.ts";
import { copyRule } from "./rbac-rules.ts";
import { yamlFile } from "./yaml-file.ts";

/** Contract with the runtime (config.ts: METRICS_PORT, served by runtime/metrics-server.ts). */
export const METRICS_PORT = 8443;
export const METRICS_PORT_NAME = "https";
export const METRICS_PATH = "/metrics";

const RBAC_API = "rbac.authorization.k8s.io/v1";

/** The manager's own rules for authenticating and authorizing scrapes. */
export function metricsAuthRules() {
  return [
    { apiGroups: ["authentication.k8s.io"], resources: ["tokenreviews"], verbs: ["create"] },
    { apiGroups: ["authorization.k8s.io"], resources: ["subjectaccessreviews"], verbs: ["create"] },
  ].map(copyRule);
}

export function renderMetricsService(model: OperatorModel): GeneratedFile {
  return yamlFile("config/manager/metrics_service.yaml", [
    {
      apiVersion: "v1",
      kind: "Service",
      metadata: {
        name: metricsServiceName(model),
        namespace: model.namespace,
        // Its own component, so a ServiceMonitor selects it and not the webhook Service.
        labels: labelsFor(model, "metrics"),
      },
      spec: {
        selector: managerSelector(model),
        ports: [
          {
            name: METRICS_PORT_NAME,
            port: METRICS_PORT,
            protocol: "TCP",
            targetPort: METRICS_PORT_NAME,
          },
        ],
      },
    },
  ]);
}

export function renderMetricsRbac(model: OperatorModel): GeneratedFile[] {
  const labels = labelsFor(model, "rbac");
  return [
    yamlFile("config/rbac/metrics_auth_role.yaml", [
      {
        apiVersion: RBAC_API,
        kind: "ClusterRole",
        metadata: { name: metricsAuthRoleName(model), labels },
        rules: metricsAuthRules(),
      },
    ]),
    yamlFile("config/rbac/metrics_auth_role_binding.yaml", [
      {
        apiVersion: RBAC_API,
        kind: "ClusterRoleBinding",
        metadata: { name: `${model.name}-metrics-auth-rolebinding`, labels },
        roleRef: {
          apiGroup: "rbac.authorization.k8s.io",
          kind: "ClusterRole",
          name: metricsAuthRoleName(model),
        },
        subjects: [
          { kind: "ServiceAccount", name: serviceAccountName(model), namespace: model.namespace },
        ],
      },
    ]),
    // Bound by you, to the scraper: `kubectl create clusterrolebinding ... --clusterrole=<this>
    // --serviceaccount=monitoring:prometheus-k8s`.
    yamlFile("config/rbac/metrics_reader_role.yaml", [
      {
        apiVersion: RBAC_API,
        kind: "ClusterRole",
        metadata: { name: metricsReaderRoleName(model), labels },
        rules: [{ nonResourceURLs: [METRICS_PATH], verbs: ["get"] }],
      },
    ]),
  ];
}
