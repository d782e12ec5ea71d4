// config/manager/manager.yaml: the operator's Namespace and Deployment, meeting the restricted
// Pod Security Standard so it runs in a namespace that enforces it.

import { FIRST_PROJECT_VERSION } from "../../base/project-version.ts";
import { operatorImage } from "../../model/operator-image.ts";
import type { GeneratedFile } from "../../base/files.ts";
import { TERMINATION_GRACE_PERIOD_SECONDS } from "../../base/shutdown-timings.ts";
import { NODE_FLAGS, SEMI_SPACE_MIB } from "../../check/resources.ts";
import type { OperatorModel } from "../../model/types.ts";
import { labelsFor, managerSelector, sortKeys } from "./labels.ts";
import { deploymentName, serviceAccountName } from "./rbac-names.ts";
import { METRICS_PORT, METRICS_PORT_NAME } from "./metrics.ts";
import { webhookContainerPorts } from "./conversion.ts";
import { yamlFile } from "./yaml-file.ts";

/**
 * Contract with the runtime: it serves these ports and paths and reads these variables. Health
 * probes are plain HTTP on their own port (the kubelet sends no token); metrics are HTTPS with
 * authentication and authorization (metrics.ts).
 */
export const HEALTH_PORT = 8081;
export const LIVENESS_PATH = "/healthz";
export const READINESS_PATH = "/readyz";
export const ENV = {
  podNamespace: "POD_NAMESPACE",
  watchNamespaces: "WATCH_NAMESPACES",
  leaderElect: "LEADER_ELECT",
  metricsPort: "METRICS_PORT",
  nodeOptions: "NODE_OPTIONS",
} as const;
/** Non-root UID of distroless images; stated so runAsNonRoot holds without image metadata. */
export const RUN_AS_USER = 65532;
/** The manager container's restricted security context; the Helm chart's default values too. */
export const CONTAINER_SECURITY_CONTEXT = {
  allowPrivilegeEscalation: false,
  readOnlyRootFilesystem: true,
  runAsNonRoot: true,
  runAsUser: RUN_AS_USER,
  capabilities: { drop: ["ALL"] },
};

/** projectVersion: package.json's, the image's tag unless metadata.image writes one. */
export function renderManager(
  model: OperatorModel,
  projectVersion = FIRST_PROJECT_VERSION,
): GeneratedFile {
  return yamlFile("config/manager/manager.yaml", [
    namespace(model),
    deployment(model, projectVersion),
  ]);
}

function namespace(model: OperatorModel) {
  return {
    apiVersion: "v1",
    kind: "Namespace",
    metadata: {
      name: model.namespace,
      labels: sortKeys({
        ...labelsFor(model, "manager"),
        "pod-security.kubernetes.io/enforce": "restricted",
        "pod-security.kubernetes.io/audit": "restricted",
        "pod-security.kubernetes.io/warn": "restricted",
      }),
    },
  };
}

export function deployment(model: OperatorModel, projectVersion = FIRST_PROJECT_VERSION) {
  return {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: {
      name: deploymentName(model),
      namespace: model.namespace,
      labels: labelsFor(model, "manager"),
    },
    spec: {
      // A second replica only helps when a Lease keeps it on standby.
      replicas: model.operator.leaderElection ? 2 : 1,
      selector: { matchLabels: managerSelector(model) },
      template: {
        metadata: {
          annotations: { "kubectl.kubernetes.io/default-container": "manager" },
          labels: labelsFor(model, "manager"),
        },
        spec: {
          serviceAccountName: serviceAccountName(model),
          securityContext: { runAsNonRoot: true, seccompProfile: { type: "RuntimeDefault" } },
          // Room for the bounded drain and the Lease release (@create-operator/runtime's Manager).
          terminationGracePeriodSeconds: TERMINATION_GRACE_PERIOD_SECONDS,
          containers: [container(model, projectVersion)],
          // The root filesystem is read-only; Node and libraries that need scratch space get /tmp.
          volumes: [{ name: "tmp", emptyDir: {} }],
        },
      },
    },
  };
}

function container(model: OperatorModel, projectVersion: string) {
  return {
    name: "manager",
    // Pinned, never :latest: `kubectl apply -k config/default` runs the image `image:build` tags
    // (the deploy kit reads it from here), and the chart's default is the same.
    image: operatorImage(model.image, projectVersion).reference,
    imagePullPolicy: "IfNotPresent",
    env: [
      { name: ENV.podNamespace, valueFrom: { fieldRef: { fieldPath: "metadata.namespace" } } },
      // Empty: watch every namespace.
      { name: ENV.watchNamespaces, value: model.rbac.watchNamespaces.join(",") },
      { name: ENV.leaderElect, value: String(model.operator.leaderElection) },
      { name: ENV.metricsPort, value: String(METRICS_PORT) },
      // Keeps the heap under the memory limit with room for native memory, and the young
      // generation small: Node's default grows it to 32 MiB and more of resident pages; gc() for
      // the idle collection. Never --jitless: fetch and WebAssembly need the JIT (NODE_FLAGS).
      {
        name: ENV.nodeOptions,
        value: [
          `--max-old-space-size=${model.operator.heapMiB}`,
          `--max-semi-space-size=${SEMI_SPACE_MIB}`,
          ...NODE_FLAGS,
        ].join(" "),
      },
    ],
    ports: [
      { name: "health", containerPort: HEALTH_PORT, protocol: "TCP" },
      { name: METRICS_PORT_NAME, containerPort: METRICS_PORT, protocol: "TCP" },
      ...webhookContainerPorts(model),
    ],
    livenessProbe: {
      httpGet: { path: LIVENESS_PATH, port: HEALTH_PORT },
      initialDelaySeconds: 15,
      periodSeconds: 20,
    },
    readinessProbe: {
      httpGet: { path: READINESS_PATH, port: HEALTH_PORT },
      initialDelaySeconds: 5,
      periodSeconds: 10,
    },
    resources: {
      requests: { ...model.operator.resources.requests },
      limits: { ...model.operator.resources.limits },
    },
    securityContext: CONTAINER_SECURITY_CONTEXT,
    volumeMounts: [{ name: "tmp", mountPath: "/tmp" }],
  };
}
