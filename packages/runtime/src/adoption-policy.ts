// The adoption of one object: operator.yaml's identity.adoption for its keyed external resources,
// unless the object chooses otherwise with the annotation management.adoptionAnnotation names, as
// ACK's services.k8s.aws/adoption-policy lets a single object adopt an existing cloud resource.
// Read on every pass, so it can be set at any time before the claim. A value that is not a
// policy refuses: taking over a resource is never done on a typo.

import type { KubernetesObject } from "@kubernetes/client-node";

export type AdoptionPolicy = "Adopt" | "Refuse";

export const ADOPTION_POLICIES: readonly AdoptionPolicy[] = ["Adopt", "Refuse"];

/** Whether `obj` adopts an existing resource no live object holds, and why (for messages). */
export function adoptionPolicy(
  obj: KubernetesObject,
  annotation: string,
  fallback: AdoptionPolicy,
): { adopt: boolean; because: string } {
  const value = obj.metadata?.annotations?.[annotation];
  if (value === undefined) return { adopt: fallback === "Adopt", because: `adoption: ${fallback}` };
  if ((ADOPTION_POLICIES as readonly string[]).includes(value))
    return { adopt: value === "Adopt", because: `${annotation}: ${value}` };
  return {
    adopt: false,
    because: `annotation ${annotation}: ${JSON.stringify(value)} is not ${ADOPTION_POLICIES.join(" or ")}, so nothing is adopted`,
  };
}
