// The deletion policy of one object: operator.yaml's deletionPolicy for each external resource,
// unless the object overrides it with an annotation, as ACK (services.k8s.aws/deletion-policy) and
// Config Connector (cnrm.cloud.google.com/deletion-policy) let a single object keep its cloud
// resource. It is read when the object is deleted, so it can be set or changed at any time before.
// A value that is not a policy never falls back to the default: a typo of Retain must not delete.

import type { KubernetesObject } from "@kubernetes/client-node";

export type DeletionPolicy = "Delete" | "Retain";

export const DELETION_POLICIES: readonly DeletionPolicy[] = ["Delete", "Retain"];

export type DeletionPolicyOverride =
  | { kind: "none" }
  | { kind: "valid"; policy: DeletionPolicy }
  | { kind: "invalid"; value: string; message: string };

/** What `obj`'s `annotation` asks for: nothing, a policy, or a value that is not one. */
export function deletionPolicyOverride(
  obj: KubernetesObject,
  annotation: string,
): DeletionPolicyOverride {
  const value = obj.metadata?.annotations?.[annotation];
  if (value === undefined) return { kind: "none" };
  if ((DELETION_POLICIES as readonly string[]).includes(value))
    return { kind: "valid", policy: value as DeletionPolicy };
  return {
    kind: "invalid",
    value,
    message: `annotation ${annotation}: ${JSON.stringify(value)} is not a deletion policy; use ${DELETION_POLICIES.join(" or ")} (or remove it to keep operator.yaml's). Until then deleting this object cleans up nothing.`,
  };
}

/** The policy that applies to one external resource: the object's valid override, else `fallback`. */
export function effectiveDeletionPolicy(
  override: DeletionPolicyOverride,
  fallback: DeletionPolicy,
): DeletionPolicy {
  return override.kind === "valid" ? override.policy : fallback;
}
