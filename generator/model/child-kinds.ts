// A kind may be listed as several children (three Services told apart by id); what exists once per
// kind — the informer, the RBAC rules, the child CRD, pruning — reads the kinds through these.

import type { CreationPolicyName } from "../check/child-creation-policy.ts";
import type { ChildModel } from "./types.ts";

/** The first child of each kind (apiVersion and kind), in children order. */
export function childKinds(children: readonly ChildModel[]): ChildModel[] {
  const seen = new Set<string>();
  return children.filter((c) => {
    const key = `${c.apiVersion}:${c.kind}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Whether the spec can stop asking for a child of this one: named from the spec (a removed list
 * entry, a lowered count, a renamed value) or conditional (when: stops holding, another kind is
 * chosen). Only an owned
 * child is ever pruned: a child that can never be Owner (creationPolicy) is never deleted.
 */
export function isPrunedChild(child: ChildModel): boolean {
  return isConditionalChild(child) || child.naming !== undefined
    ? mayPolicy(child, ["Owner"])
    : false;
}

/**
 * Whether the child exists only for some specs: when: holds, or its kind is the one the object
 * chooses (children[].kinds + kindField; the kinds not chosen are pruned like a when: child).
 */
export function isConditionalChild(child: ChildModel): boolean {
  return child.when !== undefined || child.chosenBy !== undefined;
}

/** Whether the child is ever created: its creation policy may be Owner, Orphan or CreateOrMerge. */
export function mayCreate(child: ChildModel): boolean {
  return mayPolicy(child, ["Owner", "Orphan", "CreateOrMerge"]);
}

/** Whether some object may give `child` one of `policies` (no creationPolicy is Owner). */
function mayPolicy(child: ChildModel, policies: readonly CreationPolicyName[]): boolean {
  const policy = child.creationPolicy;
  if (policy === undefined) return policies.includes("Owner");
  if (policy.kind === "fixed") return policies.includes(policy.policy);
  // An object that leaves the field out gets Owner (creation-policy.ts), unless it is always set.
  const absentIsOwner = !(policy.field.required || policy.field.default !== undefined);
  return (
    policy.values.some((v) => policies.includes(v)) || (absentIsOwner && policies.includes("Owner"))
  );
}

/** The kinds whose children are pruned: each pass deletes the ones the spec no longer names. */
export function prunedKinds(children: readonly ChildModel[]): ChildModel[] {
  const pruned = new Set(children.filter(isPrunedChild).map((c) => `${c.apiVersion}:${c.kind}`));
  return childKinds(children).filter((c) => pruned.has(`${c.apiVersion}:${c.kind}`));
}

/**
 * The kinds whose children the operator deletes: the pruned kinds, and with cascade finalizers
 * offered (management.cascadeFinalizers) every kind of which some object may own a child, since
 * a cascade deletes every child its object controls.
 */
export function deletedKinds(children: readonly ChildModel[], cascade: boolean): ChildModel[] {
  if (!cascade) return prunedKinds(children);
  const owned = new Set(
    children.filter((c) => mayPolicy(c, ["Owner"])).map((c) => `${c.apiVersion}:${c.kind}`),
  );
  return childKinds(children).filter((c) => owned.has(`${c.apiVersion}:${c.kind}`));
}
