// chart/templates/: the objects config/ holds (read back from renderManifests, the one source),
// with what a chart user sets swapped for values: the namespace becomes the release's, the
// Deployment takes image, replicas, resources, scheduling and security contexts from values.yaml,
// and the metrics objects follow `metrics.enabled`. Each file keeps its config/ path below
// templates/, so a reader can diff the two.
//
// CRDs are templates, not files in Helm's crds/ directory: crds/ is installed once and never
// upgraded, so a changed schema would never reach the cluster. A template is upgraded with the
// release; `helm.sh/resource-policy: keep` (while `crds.keep`, the default) stops `helm uninstall`
// from deleting it, and with it every custom resource (chart/README.md says more).

import { parseAllDocuments } from "yaml";
import { fileHeader, Ownership, type GeneratedFile } from "../../base/files.ts";
import type { OperatorModel } from "../../model/types.ts";
import { renderManifests } from "../manifests/index.ts";
import { deploymentName, metricsServiceName } from "../manifests/rbac-names.ts";
import { CHART_DIR } from "./values.ts";
import { HelmText, onlyIf } from "./helm-text.ts";
import { renderMonitoringTemplates } from "./monitoring.ts";

type Manifest = Record<string, unknown> & {
  kind: string;
  metadata: Record<string, unknown> & { name: string };
};

/** config/ paths the chart leaves out: kustomize's own files, samples, audit-only policies. */
/** config/network-policy is kustomize's fixed form: the chart has its own, steered by values (monitoring.ts). */
const NOT_IN_CHART =
  /(^|\/)kustomization\.yaml$|^config\/samples\/|^config\/tenancy-audit\/|^config\/network-policy\//;
/** Shown only while its value holds; the other objects are always installed. */
const OPT_IN: Record<string, string> = {
  "config/manager/metrics_service.yaml": ".Values.metrics.enabled",
  "config/rbac/metrics_auth_role.yaml": ".Values.metrics.enabled",
  "config/rbac/metrics_auth_role_binding.yaml": ".Values.metrics.enabled",
  "config/rbac/metrics_reader_role.yaml": ".Values.metrics.enabled",
  "config/prometheus/prometheus_rule.yaml": ".Values.monitoring.prometheusRule.enabled",
  "config/prometheus/service_monitor.yaml": ".Values.monitoring.serviceMonitor.enabled",
};
const MANAGED_BY = "app.kubernetes.io/managed-by";

export function renderChartTemplates(model: OperatorModel): GeneratedFile[] {
  const header = fileHeader(Ownership.Generated, "#");
  const files = renderManifests(model)
    .filter((file) => !NOT_IN_CHART.test(file.path))
    .map((file): GeneratedFile => {
      const helm = new HelmText();
      const documents = (
        parseAllDocuments(file.content, { version: "1.1" }).map((d) => d.toJS()) as Manifest[]
      )
        // Helm's --create-namespace makes the release's namespace; a Namespace in the chart
        // would be deleted by `helm uninstall`, and every object in it.
        .filter((object) => object.kind !== "Namespace")
        .map((object) => chartObject(model, helm, object));
      const crdsOnly = documents.every((object) => object.kind === "CustomResourceDefinition");
      const condition = crdsOnly ? ".Values.crds.install" : OPT_IN[file.path];
      const body = helm.print(documents);
      return {
        path: `${CHART_DIR}/templates/${file.path.slice("config/".length)}`,
        ownership: Ownership.Generated,
        content: header + (condition ? onlyIf(condition, body) : body),
      };
    });
  return [...files, ...renderMonitoringTemplates(model)];
}

function chartObject(model: OperatorModel, helm: HelmText, object: Manifest): Manifest {
  const release = releaseValues(model, helm, object) as Manifest;
  if (release.kind === "CustomResourceDefinition") keepOnUninstall(helm, release);
  if (release.kind === "Deployment" && release.metadata.name === deploymentName(model))
    fromValues(helm, release);
  if (release.kind === "ServiceMonitor") {
    const spec = release.spec as { endpoints: Record<string, unknown>[] };
    spec.endpoints = spec.endpoints.map((endpoint) => ({
      ...endpoint,
      interval: helm.value(".Values.monitoring.serviceMonitor.interval"),
    }));
  }
  if (release.kind === "Service" && release.metadata.name === metricsServiceName(model)) {
    const spec = release.spec as { ports: Record<string, unknown>[] };
    spec.ports = spec.ports.map((port) => ({ ...port, port: helm.value(".Values.metrics.port") }));
  }
  return release;
}

/**
 * Every `namespace:` naming the operator's own becomes the release's namespace, and the
 * managed-by label Helm's: objects in namespaces the operator watches keep theirs.
 */
function releaseValues(model: OperatorModel, helm: HelmText, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => releaseValues(model, helm, item));
  if (typeof value === "string") return namespaceIn(model, helm, value);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      if (key === "namespace" && item === model.namespace)
        return [key, helm.value(".Release.Namespace")];
      if (key === MANAGED_BY) return [key, helm.value(".Release.Service")];
      return [key, releaseValues(model, helm, item)];
    }),
  );
}

/**
 * The operator's namespace inside a string, where it names the release's objects: a Service's DNS
 * name (`<service>.<namespace>.svc`, a Certificate's dnsNames) and a `<namespace>/<name>`
 * reference (cert-manager's inject-ca-from annotation).
 */
function namespaceIn(model: OperatorModel, helm: HelmText, text: string): string {
  const ns = model.namespace;
  const release = () => helm.value(".Release.Namespace");
  if (text.startsWith(`${ns}/`)) return release() + text.slice(ns.length);
  const dns = `.${ns}.svc`;
  const at = text.indexOf(dns);
  return at < 0 ? text : `${text.slice(0, at)}.${release()}${text.slice(at + 1 + ns.length)}`;
}

function keepOnUninstall(helm: HelmText, crd: Manifest): void {
  const { name, ...rest } = crd.metadata;
  crd.metadata = {
    name,
    annotations: helm.when(".Values.crds.keep", (indent) => [
      `${indent}annotations:`,
      `${indent}  helm.sh/resource-policy: keep`,
    ]),
    ...rest,
  };
}

interface PodSpec {
  containers: Record<string, unknown>[];
  [key: string]: unknown;
}

/** The manager Deployment's settable fields; everything else stays config/'s. */
function fromValues(helm: HelmText, deployment: Manifest): void {
  const spec = deployment.spec as { replicas: number; template: { spec: PodSpec } };
  spec.replicas = helm.value(".Values.replicas") as unknown as number;
  const pod = spec.template.spec;
  const [manager, ...sidecars] = pod.containers;
  const env = (manager!.env as { name: string; value?: string }[]).map((variable) => {
    if (variable.name === "LEADER_ELECT")
      return { ...variable, value: helm.value(".Values.leaderElection.enabled | quote") };
    // 0 turns the metrics server off (@create-operator/runtime's METRICS_PORT).
    if (variable.name === "METRICS_PORT")
      return {
        ...variable,
        value: helm.value(
          'ternary (toString .Values.metrics.port) "0" .Values.metrics.enabled | quote',
        ),
      };
    return variable;
  });
  const ports = (manager!.ports as { name: string; containerPort: number }[]).map((port) =>
    port.name === "https" ? { ...port, containerPort: helm.value(".Values.metrics.port") } : port,
  );
  pod.containers = [
    {
      ...manager,
      image: helm.value(
        'printf "%s:%s%s" .Values.image.repository (.Values.image.tag | default .Chart.AppVersion) (ternary (print "@" .Values.image.digest) "" (ne .Values.image.digest "")) | quote',
      ),
      imagePullPolicy: helm.value(".Values.image.pullPolicy"),
      env,
      ports,
      resources: helm.toYaml(".Values.resources"),
      securityContext: helm.toYaml(".Values.securityContext"),
    },
    ...sidecars,
  ];
  pod.securityContext = helm.toYaml(".Values.podSecurityContext");
  pod.imagePullSecrets = helm.withYaml(".Values.imagePullSecrets");
  pod.nodeSelector = helm.withYaml(".Values.nodeSelector");
  pod.tolerations = helm.withYaml(".Values.tolerations");
  pod.affinity = helm.withYaml(".Values.affinity");
}
