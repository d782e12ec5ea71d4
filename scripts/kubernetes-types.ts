// Refreshes schema/kubernetes-types.json: the Kubernetes types a spec can embed by reference
// (`type: core/v1.Toleration`), as the structural schemas controller-gen would put into a CRD,
// taken from the OpenAPI v3 document of the pinned Kubernetes release (envtest/versions.json).
// The documents come from the k8s.io/kubernetes Go module (api/openapi-spec/v3/api__v1_openapi.json
// and apis__<group>__<version>_openapi.json, which is what that release's kube-apiserver serves at
// /openapi/v3/api/v1 and /openapi/v3/apis/<group>/<version>), found or downloaded
// through the Go module cache, so no other network access is needed.
//
//   npm run kubernetes-types:update

import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  convertDefinition,
  DURATION_SCHEMA,
  EMBEDDABLE_GROUP_VERSIONS,
  specTypeName,
  upstreamDefinition,
  type CatalogSchema,
} from "../generator/base/kubernetes-types/convert.ts";
import { goMarkers } from "../generator/base/kubernetes-types/default-markers.ts";
import { readPinnedVersions, packageRoot } from "../generator/envtest/versions.ts";

/** What a spec may name directly; everything they reference comes along. */
const ROOTS = [
  "core/v1.Affinity",
  "core/v1.ConfigMapKeySelector",
  "core/v1.Container",
  "core/v1.EnvFromSource",
  "core/v1.EnvVar",
  "core/v1.HostAlias",
  "core/v1.LocalObjectReference",
  "core/v1.ObjectReference",
  "core/v1.PersistentVolumeClaim",
  "core/v1.PersistentVolumeClaimSpec",
  "core/v1.PodDNSConfig",
  "core/v1.PodSecurityContext",
  "core/v1.PodTemplateSpec",
  "core/v1.Probe",
  "core/v1.ResourceRequirements",
  "core/v1.SecretKeySelector",
  "core/v1.SecurityContext",
  "core/v1.ServicePort",
  "core/v1.Toleration",
  "core/v1.TopologySpreadConstraint",
  "core/v1.TypedLocalObjectReference",
  "core/v1.Volume",
  "core/v1.VolumeMount",
  "apps/v1.DaemonSetUpdateStrategy",
  "apps/v1.DeploymentStrategy",
  "apps/v1.StatefulSetPersistentVolumeClaimRetentionPolicy",
  "apps/v1.StatefulSetUpdateStrategy",
  "autoscaling/v2.HorizontalPodAutoscalerBehavior",
  "autoscaling/v2.MetricSpec",
  "batch/v1.JobTemplateSpec",
  "networking/v1.IngressRule",
  "networking/v1.IngressTLS",
  "networking/v1.NetworkPolicyPeer",
  "policy/v1.PodDisruptionBudgetSpec",
  "meta/v1.Condition",
  "meta/v1.LabelSelector",
  "meta/v1.Time",
  "IntOrString",
  "Quantity",
];

const root = packageRoot();
const { kubernetes } = readPinnedVersions(root);
const module = `k8s.io/kubernetes@v${kubernetes}`;
/** The module's directory in the Go module cache, downloaded through the module proxy if missing. */
function moduleDir(module: string): string {
  const downloaded = JSON.parse(
    execFileSync("go", ["mod", "download", "-json", module], { encoding: "utf8" }),
  ) as { Dir?: string; Error?: string };
  if (!downloaded.Dir)
    throw new Error(`go mod download ${module}: ${downloaded.Error ?? "no Dir"}`);
  return downloaded.Dir;
}
const downloaded = { Dir: moduleDir(module) };
// The staging modules of the same release hold the Go types and their +default markers.
const staging = kubernetes.replace(/^1\./, "0.");
const apiDir = moduleDir(`k8s.io/api@v${staging}`);
const markers = goMarkers(
  readFileSync(
    join(moduleDir(`k8s.io/apimachinery@v${staging}`), "pkg/apis/meta/v1/types.go"),
    "utf8",
  ),
  "io.k8s.apimachinery.pkg.apis.meta.v1.",
);
for (const groupVersion of EMBEDDABLE_GROUP_VERSIONS)
  goMarkers(
    readFileSync(join(apiDir, groupVersion, "types.go"), "utf8"),
    `io.k8s.api.${groupVersion.replace("/", ".")}.`,
    markers,
  );
// One document per group version, as kube-apiserver serves them at /openapi/v3/api/v1 and
// /openapi/v3/apis/<group>/<version>; a definition that several documents carry is the same in each.
// The Go package's directory is the group's first label; the API group is the full name.
const API_GROUPS: Readonly<Record<string, string>> = { networking: "networking.k8s.io" };
const documentPaths = EMBEDDABLE_GROUP_VERSIONS.map((groupVersion) => {
  if (groupVersion === "core/v1") return "api/openapi-spec/v3/api__v1_openapi.json";
  const [group = "", version = ""] = groupVersion.split("/");
  return `api/openapi-spec/v3/apis__${API_GROUPS[group] ?? group}__${version}_openapi.json`;
});
const upstream: Record<string, Record<string, unknown>> = {};
for (const documentPath of documentPaths) {
  const document = JSON.parse(readFileSync(join(downloaded.Dir, documentPath), "utf8")) as {
    components: { schemas: Record<string, Record<string, unknown>> };
  };
  Object.assign(upstream, document.components.schemas);
}
const documentPath = `api/openapi-spec/v3/{${documentPaths.map((path) => path.slice("api/openapi-spec/v3/".length)).join(",")}}`;

const types: Record<string, CatalogSchema> = {};
const queue = ROOTS.map((name) => {
  const definition = upstreamDefinition(name);
  if (!definition || !upstream[definition]) throw new Error(`${name}: not in ${documentPath}`);
  return definition;
});
while (queue.length > 0) {
  const definition = queue.shift()!;
  const name = specTypeName(definition)!;
  if (types[name]) continue;
  if (!upstream[definition]) throw new Error(`${definition}: not in ${documentPath}`);
  types[name] = convertDefinition(
    definition,
    upstream[definition],
    (ref) => queue.push(ref),
    markers,
  );
}
// metav1.Duration is no OpenAPI definition (it marshals as a string); controller-gen writes it so.
types["Duration"] = DURATION_SCHEMA;

const sorted = Object.fromEntries(Object.entries(types).sort(([a], [b]) => (a < b ? -1 : 1)));
const out = join(root, "schema", "kubernetes-types.json");
writeFileSync(
  out,
  JSON.stringify(
    {
      $comment:
        "Generated by scripts/kubernetes-types.ts (npm run kubernetes-types:update); do not edit.",
      kubernetesVersion: kubernetes,
      source: `${module} ${documentPath}`,
      types: sorted,
    },
    null,
    2,
  ) + "\n",
);
console.log(`${out}: ${Object.keys(sorted).length} types from ${module}`);
