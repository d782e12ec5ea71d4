// The exact permissions the generated runtime uses, and nothing more. Each rule names the call
// that needs it; a verb the runtime does not call is a verb an attacker holding the token gets.

import type { OperatorModel, PolicyRule } from "../../model/types.ts";

export const CR_VERBS = ["get", "list", "watch", "patch"];
export const STATUS_VERBS = ["get", "update", "patch"];
export const FINALIZERS_VERBS = ["update"];
export const CHILD_VERBS = ["get", "list", "watch", "create", "patch"];
export const EVENT_VERBS = ["create", "patch"];
export const LEASE_VERBS = ["get", "create", "update"];

/** The operator's own rules, bound cluster-wide or in each watched namespace. */
export function managerRules(model: OperatorModel): PolicyRule[] {
  const { group, plural } = model.api;
  return [
    // Informer list/watch and reads; finalizers are added and removed by a merge patch that
    // carries resourceVersion, so the main resource needs patch and never update.
    { apiGroups: [group], resources: [plural], verbs: CR_VERBS },
    // Status and conditions are written through the status subresource.
    { apiGroups: [group], resources: [`${plural}/status`], verbs: STATUS_VERBS },
    // Setting blockOwnerDeletion on a child's ownerReference requires update on the owner's finalizers.
    ...(model.children.length > 0
      ? [{ apiGroups: [group], resources: [`${plural}/finalizers`], verbs: FINALIZERS_VERBS }]
      : []),
    // Children are server-side applied and garbage-collected through ownerReferences:
    // no update, no delete.
    ...childRules(model),
    { apiGroups: ["events.k8s.io"], resources: ["events"], verbs: EVENT_VERBS },
    ...model.rbac.extraRules,
  ].map(copyRule);
}

/** One rule per API group of the owned children, groups and resources sorted. */
export function childRules(model: OperatorModel): PolicyRule[] {
  const byGroup = new Map<string, Set<string>>();
  for (const child of model.children) {
    const resources = byGroup.get(child.group) ?? new Set<string>();
    resources.add(child.plural);
    byGroup.set(child.group, resources);
  }
  const pruned = new Map<string, Set<string>>();
  for (const child of model.children.filter((c) => c.naming !== undefined)) {
    const resources = pruned.get(child.group) ?? new Set<string>();
    resources.add(child.plural);
    pruned.set(child.group, resources);
  }
  return [
    ...[...byGroup.keys()].sort().map((group) => ({
      apiGroups: [group],
      resources: [...byGroup.get(group)!].sort(),
      verbs: [...CHILD_VERBS],
    })),
    // Delete for exactly the kinds whose children the spec can stop asking for (named by a
    // template, one per list entry or per count): the reconciler prunes those, and only those.
    ...[...pruned.keys()].sort().map((group) => ({
      apiGroups: [group],
      resources: [...pruned.get(group)!].sort(),
      verbs: ["delete"],
    })),
  ];
}

/** Leader election: one Lease in the operator's namespace, and events about who leads. */
export function leaderElectionRules(): PolicyRule[] {
  return [
    { apiGroups: ["coordination.k8s.io"], resources: ["leases"], verbs: LEASE_VERBS },
    { apiGroups: ["events.k8s.io"], resources: ["events"], verbs: EVENT_VERBS },
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
