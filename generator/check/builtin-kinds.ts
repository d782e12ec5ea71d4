// Kubernetes kinds an operator commonly owns, each with a builder the generator writes (a manifest
// the API server accepts, and a readiness rule). For these the spec may omit plural and scope;
// any other kind is refused (SEM180): the generator could neither build nor test it.

export type Scope = "Namespaced" | "Cluster";

export interface BuiltinKind {
  apiVersion: string;
  /** "" for the core group. */
  group: string;
  version: string;
  kind: string;
  plural: string;
  scope: Scope;
}

const TABLE: ReadonlyArray<
  readonly [apiVersion: string, kind: string, plural: string, scope: Scope]
> = [
  ["v1", "ConfigMap", "configmaps", "Namespaced"],
  ["v1", "Secret", "secrets", "Namespaced"],
  ["v1", "Service", "services", "Namespaced"],
  ["v1", "ServiceAccount", "serviceaccounts", "Namespaced"],
  ["v1", "PersistentVolumeClaim", "persistentvolumeclaims", "Namespaced"],
  ["v1", "Pod", "pods", "Namespaced"],
  ["v1", "Namespace", "namespaces", "Cluster"],
  ["v1", "PersistentVolume", "persistentvolumes", "Cluster"],
  ["apps/v1", "Deployment", "deployments", "Namespaced"],
  ["apps/v1", "StatefulSet", "statefulsets", "Namespaced"],
  ["apps/v1", "DaemonSet", "daemonsets", "Namespaced"],
  ["batch/v1", "Job", "jobs", "Namespaced"],
  ["batch/v1", "CronJob", "cronjobs", "Namespaced"],
  ["networking.k8s.io/v1", "Ingress", "ingresses", "Namespaced"],
  ["networking.k8s.io/v1", "NetworkPolicy", "networkpolicies", "Namespaced"],
  ["policy/v1", "PodDisruptionBudget", "poddisruptionbudgets", "Namespaced"],
  ["rbac.authorization.k8s.io/v1", "ClusterRole", "clusterroles", "Cluster"],
  ["rbac.authorization.k8s.io/v1", "ClusterRoleBinding", "clusterrolebindings", "Cluster"],
  ["rbac.authorization.k8s.io/v1", "Role", "roles", "Namespaced"],
  ["rbac.authorization.k8s.io/v1", "RoleBinding", "rolebindings", "Namespaced"],
  ["coordination.k8s.io/v1", "Lease", "leases", "Namespaced"],
];

/** group/version → {group, version}; a bare version (v1) is the core group. */
export function splitApiVersion(apiVersion: string): { group: string; version: string } {
  const slash = apiVersion.lastIndexOf("/");
  return slash < 0
    ? { group: "", version: apiVersion }
    : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}

export const BUILTIN_KINDS: readonly BuiltinKind[] = TABLE.map(
  ([apiVersion, kind, plural, scope]) => ({
    apiVersion,
    ...splitApiVersion(apiVersion),
    kind,
    plural,
    scope,
  }),
);

export function findBuiltinKind(apiVersion: string, kind: string): BuiltinKind | undefined {
  return BUILTIN_KINDS.find((b) => b.apiVersion === apiVersion && b.kind === kind);
}

/** Built-ins with this kind under any apiVersion, to suggest the right one when the group is wrong. */
export function builtinKindsNamed(kind: string): BuiltinKind[] {
  return BUILTIN_KINDS.filter((b) => b.kind === kind);
}
