// The exact permissions the generated runtime uses, and nothing more. Each rule names the call
// that needs it; a verb the runtime does not call is a verb an attacker holding the token gets.

import { deletedKinds, mayCreate } from "../../model/child-kinds.ts";
import type { OperatorModel, PolicyRule, ReferenceModel } from "../../model/types.ts";

export const CR_VERBS = ["get", "list", "watch", "patch"];
export const STATUS_VERBS = ["get", "update", "patch"];
export const FINALIZERS_VERBS = ["update"];
export const CHILD_VERBS = ["get", "list", "watch", "create", "patch"];
export const REFERENCE_VERBS = ["get", "list", "watch"];
export const EVENT_VERBS = ["create", "patch"];
export const LEASE_VERBS = ["get", "create", "update"];
export const ORPHAN_REPORT_VERBS = ["get", "update"];
export const TENANCY_PARAMETERS_VERBS = ["get", "list", "watch"];

/** The operator's own rules, bound cluster-wide or in each watched namespace. */
export function managerRules(model: OperatorModel): PolicyRule[] {
  const { group, plural } = model.api;
  return [
    // Informer list/watch and reads; finalizers are added and removed by a merge patch that
    // carries resourceVersion, so the main resource needs patch and never update.
    { apiGroups: [group], resources: [plural], verbs: CR_VERBS },
    // Status and conditions are written through the status subresource; without it
    // (api.statusSubresource: false) with a patch of the object, which the rule above grants.
    ...(model.api.statusSubresource
      ? [{ apiGroups: [group], resources: [`${plural}/status`], verbs: STATUS_VERBS }]
      : []),
    // Setting blockOwnerDeletion on a child's ownerReference requires update on the owner's finalizers.
    ...(model.children.length > 0
      ? [{ apiGroups: [group], resources: [`${plural}/finalizers`], verbs: FINALIZERS_VERBS }]
      : []),
    // Children are server-side applied and garbage-collected through ownerReferences:
    // no update, no delete.
    ...childRules(model),
    // Referenced objects are read from a cache: list and watch fill it, get is a direct read.
    // References to any namespace are granted cluster-wide instead (crossNamespaceReferenceRules).
    ...referenceRules(model, model.rbac.clusterWide ? ["same", "any"] : ["same"]),
    { apiGroups: ["events.k8s.io"], resources: ["events"], verbs: EVENT_VERBS },
    // The tenancy re-check caches and watches each namespace's parameters object (docs/tenancy.md).
    ...(model.tenancy?.parameters
      ? [
          {
            apiGroups: [model.tenancy.parameters.group],
            resources: [model.tenancy.parameters.plural],
            verbs: TENANCY_PARAMETERS_VERBS,
          },
        ]
      : []),
    ...model.rbac.extraRules,
  ].map(copyRule);
}

/** One rule per API group of the owned children, groups and resources sorted. */
export function childRules(model: OperatorModel): PolicyRule[] {
  const byGroup = new Map<string, Set<string>>();
  const created = new Map<string, Set<string>>();
  for (const child of model.children) {
    const resources = byGroup.get(child.group) ?? new Set<string>();
    resources.add(child.plural);
    byGroup.set(child.group, resources);
    if (!mayCreate(child)) continue;
    const createdResources = created.get(child.group) ?? new Set<string>();
    createdResources.add(child.plural);
    created.set(child.group, createdResources);
  }
  const pruned = new Map<string, Set<string>>();
  for (const child of deletedKinds(model.children, model.cascadeFinalizers !== undefined)) {
    const resources = pruned.get(child.group) ?? new Set<string>();
    resources.add(child.plural);
    pruned.set(child.group, resources);
  }
  return [
    // A kind whose every child is only merged into (creationPolicy Merge, or None) is read and
    // patched, never created: a server-side apply that would create it needs create and fails.
    ...[...byGroup.keys()].sort().flatMap((group) => {
      const all = [...byGroup.get(group)!].sort();
      const creating = all.filter((r) => created.get(group)?.has(r) === true);
      const merged = all.filter((r) => !creating.includes(r));
      return [
        ...(creating.length > 0
          ? [{ apiGroups: [group], resources: creating, verbs: [...CHILD_VERBS] }]
          : []),
        ...(merged.length > 0
          ? [
              {
                apiGroups: [group],
                resources: merged,
                verbs: CHILD_VERBS.filter((v) => v !== "create"),
              },
            ]
          : []),
      ];
    }),
    // Delete for exactly the kinds whose children the spec can stop asking for (named by a
    // template, one per list entry or per count, or conditional): the reconciler prunes those,
    // and only those; or, with cascade finalizers, for every kind the operator creates.
    ...[...pruned.keys()].sort().map((group) => ({
      apiGroups: [group],
      resources: [...pruned.get(group)!].sort(),
      verbs: ["delete"],
    })),
  ];
}

/**
 * Read access to the kinds spec fields reference, one rule per group; the operator's own kind is
 * left out where the manager rules already read it.
 */
export function referenceRules(
  model: OperatorModel,
  namespaces: ReadonlyArray<"same" | "any">,
): PolicyRule[] {
  const byGroup = new Map<string, Set<string>>();
  for (const reference of model.references) {
    const reach = referenceReach(reference);
    if (!namespaces.includes(reach)) continue;
    // The manager rules read the operator's own kind wherever they are bound; only a reference to
    // it from any namespace, of an operator limited to some, needs more.
    if (reference.origin === "own" && (reach === "same" || model.rbac.clusterWide)) continue;
    const resources = byGroup.get(reference.group) ?? new Set<string>();
    resources.add(reference.plural);
    byGroup.set(reference.group, resources);
  }
  // A label reference names an object in the labelled object's namespace.
  if (namespaces.includes("same"))
    for (const reference of model.labelReferences) {
      if (reference.origin === "own") continue;
      const resources = byGroup.get(reference.group) ?? new Set<string>();
      resources.add(reference.plural);
      byGroup.set(reference.group, resources);
    }
  return [...byGroup.keys()].sort().map((group) => ({
    apiGroups: [group],
    resources: [...byGroup.get(group)!].sort(),
    verbs: REFERENCE_VERBS,
  }));
}

/**
 * Where the operator reads a referenced kind: in the namespaces it works in (same), or
 * cluster-wide (any), as it must for a reference that may name any namespace and for a
 * cluster-scoped kind, which lives in none.
 */
export function referenceReach(reference: ReferenceModel): "same" | "any" {
  return reference.scope === "Cluster" ? "any" : reference.namespaces;
}

/**
 * An operator limited to watchNamespaces whose references may name any namespace reads those
 * kinds everywhere: the one thing it is granted cluster-wide (WARN010 says so at check time).
 */
export function crossNamespaceReferenceRules(model: OperatorModel): PolicyRule[] {
  return model.rbac.clusterWide ? [] : referenceRules(model, ["any"]).map(copyRule);
}

/** Leader election: one Lease in the operator's namespace, and events about who leads. */
export function leaderElectionRules(): PolicyRule[] {
  return [
    { apiGroups: ["coordination.k8s.io"], resources: ["leases"], verbs: LEASE_VERBS },
    { apiGroups: ["events.k8s.io"], resources: ["events"], verbs: EVENT_VERBS },
  ].map(copyRule);
}

/**
 * The orphan report: one ConfigMap in the operator's namespace, read and replaced by name (the
 * finalizer records kept resources, the sweep reads and prunes them). Create cannot be limited
 * to a name: Kubernetes authorizes a create before the object, and so its name, is known to
 * RBAC, so create is granted on configmaps of this one namespace; get and update (and nothing
 * else: no list, watch, patch or delete) only on the report itself.
 */
export function orphanReportRules(reportName: string): PolicyRule[] {
  return [
    {
      apiGroups: [""],
      resources: ["configmaps"],
      resourceNames: [reportName],
      verbs: ORPHAN_REPORT_VERBS,
    },
    { apiGroups: [""], resources: ["configmaps"], verbs: ["create"] },
  ].map(copyRule);
}

/** Fixed key order and fresh arrays, so serialization never shares or reorders them. */
export function copyRule(rule: PolicyRule): PolicyRule {
  return {
    apiGroups: [...rule.apiGroups],
    resources: [...rule.resources],
    ...(rule.resourceNames && rule.resourceNames.length > 0
      ? { resourceNames: [...rule.resourceNames] }
      : {}),
    verbs: [...rule.verbs],
  };
}
