// Who owns a child, as the user chose it (children[].creationPolicy, fixed or read from a spec
// field), with external-secrets' ExternalSecret spec.target.creationPolicy semantics:
// - Owner: created and updated with a controller ownerReference, so it is garbage-collected with
//   its owner and pruned when the spec stops naming it (the default, what every child had before).
// - Orphan (and CreateOrMerge, which external-secrets applies the same way): created and updated
//   without an ownerReference; neither deletion of the owner nor pruning touches it.
// - Merge: never created, never deleted: our fields are applied only into an object that exists;
//   while it does not, Ready says so. Server-side apply would create it, so it is read first.
// - None: not written at all; an object of that name is left as it is (not pruned either).
// Dropping the ownerReference from the applied manifest is what releases a child whose policy
// changed from Owner: server-side apply removes the list entry our field manager set.

import type { KubernetesObject } from "@kubernetes/client-node";

export const CREATION_POLICIES = ["Owner", "Orphan", "Merge", "None", "CreateOrMerge"] as const;
export type CreationPolicy = (typeof CREATION_POLICIES)[number];

/** A symbol, not a field: JSON.stringify leaves it out, so it never reaches the API server. */
const POLICY = Symbol("creationPolicy");

type WithPolicy = KubernetesObject & { [POLICY]?: CreationPolicy };

/**
 * `child` as it is to be written under `policy` (undefined or an unknown value counts as Owner,
 * as an absent field does upstream): without its ownerReferences unless Owner.
 */
export function withCreationPolicy<C extends KubernetesObject>(
  child: C,
  policy: string | undefined,
): C {
  const chosen: CreationPolicy = (CREATION_POLICIES as readonly string[]).includes(policy ?? "")
    ? (policy as CreationPolicy)
    : "Owner";
  if (chosen === "Owner") return child;
  const { ownerReferences: _dropped, ...metadata } = child.metadata ?? {};
  const marked: C & WithPolicy = { ...child, metadata };
  marked[POLICY] = chosen;
  return marked;
}

/** The policy withCreationPolicy() gave `child`; Owner for a child built without one. */
export function creationPolicyOf(child: KubernetesObject): CreationPolicy {
  return (child as WithPolicy)[POLICY] ?? "Owner";
}
