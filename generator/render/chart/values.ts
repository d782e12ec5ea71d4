// chart/values.yaml and its JSON Schema, chart/Chart.yaml: the settings a chart user overrides,
// each defaulting to what config/ installs (the same model fields), so `helm install` with no
// values installs what `kubectl apply -k config/default` does, in the release's namespace, the
// image too: an empty tag is the chart's appVersion, package.json's version, the tag config/manager
// pins (model/operator-image.ts) unless operator.yaml's image writes one, which values.yaml keeps.

import { SCRAPE_INTERVAL } from "../manifests/service-monitor.ts";
import { Document, isMap, isScalar } from "yaml";
import { fileHeader, Ownership, type GeneratedFile } from "../../base/files.ts";
import type { OperatorModel } from "../../model/types.ts";
import { FIRST_PROJECT_VERSION } from "../../base/project-version.ts";
import { layoutJson } from "../json-layout.ts";
import { METRICS_PORT } from "../manifests/metrics.ts";
import { CONTAINER_SECURITY_CONTEXT } from "../manifests/manager.ts";
import { imageParts } from "../../model/operator-image.ts";

/** Where the chart lives in the project (`helm lint chart`, `helm install <release> chart`). */
export const CHART_DIR = "chart";
/** The chart's own version, the project's first (package.json's `version` starts there too). */
export const CHART_VERSION = FIRST_PROJECT_VERSION;

/** values.yaml's content, comments on the keys a user is most likely to look for. */
export function chartValues(model: OperatorModel) {
  // An empty tag is the chart's appVersion; a tag operator.yaml writes stays that tag.
  const image = imageParts(model.image);
  const { leaderElection, resources } = model.operator;
  return {
    image: {
      repository: image.repository,
      tag: image.tag ?? "",
      digest: image.digest,
      pullPolicy: "IfNotPresent",
    },
    imagePullSecrets: [],
    replicas: leaderElection ? 2 : 1,
    leaderElection: { enabled: leaderElection },
    resources: { requests: { ...resources.requests }, limits: { ...resources.limits } },
    metrics: { enabled: true, port: METRICS_PORT },
    monitoring: {
      serviceMonitor: { enabled: false, interval: SCRAPE_INTERVAL },
      prometheusRule: { enabled: false },
    },
    networkPolicy: {
      enabled: false,
      metricsNamespaceSelector: { matchLabels: { metrics: "enabled" } },
    },
    crds: { install: true, keep: true },
    podSecurityContext: { runAsNonRoot: true, seccompProfile: { type: "RuntimeDefault" } },
    securityContext: structuredClone(CONTAINER_SECURITY_CONTEXT),
    nodeSelector: {},
    tolerations: [],
    affinity: {},
  };
}

const COMMENTS: Record<string, string[]> = {
  image: [
    "The manager image (the Dockerfile builds it); tag empty: the chart's appVersion, which is",
    "package.json's version, the tag `npm run image:build` gives the image when IMG is unset.",
  ],
  replicas: ["More than one only with leader election: a second replica waits on the Lease."],
  resources: [
    "The manager's requests and limits. NODE_OPTIONS' heap limit (--max-old-space-size) is",
    "derived from operator.yaml's memory limit: change both there (operator.resources) and run",
    "`npx create-operator generate`, rather than raising only this limit.",
  ],
  metrics: [
    "/metrics over HTTPS, authenticated and authorized by the API server (TokenReview and",
    "SubjectAccessReview); there is no plain-HTTP mode. Disabled: no Service, no metrics RBAC.",
  ],
  monitoring: [
    "Prometheus Operator objects (monitoring.coreos.com CRDs must be installed): a",
    "ServiceMonitor for the metrics Service, and the PrometheusRule config/prometheus holds.",
  ],
  networkPolicy: [
    "Ingress to the manager only where it serves: metrics from namespaces matching the",
    "selector (and conversion webhook calls, when the operator serves them); nothing else.",
  ],
  crds: [
    "CRDs are templates, upgraded with the release. keep: `helm uninstall` leaves them, and so",
    "every custom resource, in place (helm.sh/resource-policy: keep). Set keep=false on an",
    "upgrade first to have uninstall delete them with every object of their kinds.",
  ],
  podSecurityContext: ["The restricted Pod Security Standard, as config/manager installs it."],
};

export function renderValues(model: OperatorModel): GeneratedFile {
  const document = new Document(chartValues(model), { version: "1.1" });
  if (isMap(document.contents))
    for (const pair of document.contents.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : "";
      const comment = COMMENTS[key];
      if (comment && isScalar(pair.key))
        pair.key.commentBefore = comment.map((line) => ` ${line}`).join("\n");
    }
  return {
    path: `${CHART_DIR}/values.yaml`,
    ownership: Ownership.Generated,
    content: fileHeader(Ownership.Generated, "#") + document.toString({ lineWidth: 0 }),
  };
}

/**
 * appVersion is the project's version (package.json's, which `generate` reads): the tag
 * config/manager pins and the deploy kit builds, unless operator.yaml's image writes another.
 */
export function renderChartYaml(
  model: OperatorModel,
  projectVersion = FIRST_PROJECT_VERSION,
): GeneratedFile {
  const chart = new Document(
    {
      apiVersion: "v2",
      name: model.name,
      description: model.description,
      type: "application",
      version: CHART_VERSION,
      appVersion: projectVersion,
    },
    { version: "1.1" },
  );
  return {
    path: `${CHART_DIR}/Chart.yaml`,
    ownership: Ownership.Generated,
    content: fileHeader(Ownership.Generated, "#") + chart.toString({ lineWidth: 0 }),
  };
}

const quantity = { type: ["string", "number"] };
const requirements = {
  type: "object",
  additionalProperties: false,
  properties: { cpu: quantity, memory: quantity },
};
const map = { type: "object" };
const enabled = { type: "boolean" };

/**
 * values.schema.json: `helm install`, `upgrade`, `lint` and `template` reject a misspelt key or
 * a wrong type before anything reaches the cluster. Kubernetes-shaped values (affinity, security
 * contexts) are objects here: the API server validates their insides.
 */
export function valuesSchema() {
  return {
    // Draft 7: what both Helm 3 (before 3.18, gojsonschema) and Helm 4 read.
    $schema: "http://json-schema.org/draft-07/schema#",
    type: "object",
    additionalProperties: false,
    required: ["image", "replicas", "leaderElection", "metrics", "crds"],
    properties: {
      image: {
        type: "object",
        additionalProperties: false,
        required: ["repository", "pullPolicy"],
        properties: {
          repository: { type: "string", minLength: 1 },
          tag: { type: "string" },
          digest: { type: "string", pattern: "^$|^sha256:[0-9a-f]{64}$" },
          pullPolicy: { enum: ["Always", "IfNotPresent", "Never"] },
        },
      },
      imagePullSecrets: { type: "array", items: map },
      replicas: { type: "integer", minimum: 0 },
      leaderElection: {
        type: "object",
        additionalProperties: false,
        properties: { enabled },
      },
      resources: {
        type: "object",
        additionalProperties: false,
        properties: { requests: requirements, limits: requirements },
      },
      metrics: {
        type: "object",
        additionalProperties: false,
        properties: { enabled, port: { type: "integer", minimum: 1, maximum: 65535 } },
      },
      monitoring: {
        type: "object",
        additionalProperties: false,
        properties: {
          serviceMonitor: {
            type: "object",
            additionalProperties: false,
            properties: { enabled, interval: { type: "string", pattern: "^[0-9]+(ms|s|m|h)$" } },
          },
          prometheusRule: { type: "object", additionalProperties: false, properties: { enabled } },
        },
      },
      networkPolicy: {
        type: "object",
        additionalProperties: false,
        properties: { enabled, metricsNamespaceSelector: map },
      },
      crds: {
        type: "object",
        additionalProperties: false,
        properties: { install: enabled, keep: enabled },
      },
      podSecurityContext: map,
      securityContext: map,
      nodeSelector: { type: "object", additionalProperties: { type: "string" } },
      tolerations: { type: "array", items: map },
      affinity: map,
    },
    // Two active managers would reconcile the same objects against each other.
    if: { properties: { leaderElection: { properties: { enabled: { const: false } } } } },
    then: { properties: { replicas: { maximum: 1 } } },
  };
}

export function renderValuesSchema(): GeneratedFile {
  const text = JSON.stringify(valuesSchema(), null, 2) + "\n";
  return {
    path: `${CHART_DIR}/values.schema.json`,
    ownership: Ownership.Generated,
    content: layoutJson(text) ?? text,
  };
}
