// The adoption of one object: operator.yaml's identity.adoption for its keyed external resources,
// unless the object chooses otherwise with the annotation management.adoptionAnnotation names, as
// ACK's services.k8s.aws/adoption-policy lets a single object adopt an existing cloud resource.
// The annotation's values are Adopt and Refuse, or the ones management.adoptionValues maps to
// behaviours (ACK's adopt: AdoptOnly, adopt-or-create: Adopt). Read on every pass, so it can be
// set at any time before the claim. A value that is not mapped takes nothing over: taking over a
// resource is never done on a typo (it still creates a missing one, as without the annotation).

import type { KubernetesObject } from "@kubernetes/client-node";

export type AdoptionPolicy = "Adopt" | "Refuse";

/**
 * What a value of the adoption annotation does: Adopt takes an existing resource no live object
 * holds and creates a missing one; AdoptOnly takes an existing one and never creates (ACK's
 * adopt: the object is an import, and a missing resource is an error it reports); Refuse leaves
 * an existing one alone and creates a missing one.
 */
export type AdoptionBehaviour = AdoptionPolicy | "AdoptOnly";

export const ADOPTION_POLICIES: readonly AdoptionPolicy[] = ["Adopt", "Refuse"];

/** The annotation's values when operator.yaml maps none: the policies by their own names. */
export const DEFAULT_ADOPTION_VALUES: Readonly<Record<string, AdoptionBehaviour>> = {
  Adopt: "Adopt",
  Refuse: "Refuse",
};

export interface AdoptionDecision {
  /** Whether an existing resource no live object holds becomes this object's. */
  adopt: boolean;
  /** Whether a missing resource may be created. */
  create: boolean;
  /** Why, for messages: the annotation and its value, or operator.yaml's adoption. */
  because: string;
}

/** What `obj` does with an existing resource no live object holds, and with a missing one. */
export function adoptionPolicy(
  obj: KubernetesObject,
  annotation: string,
  fallback: AdoptionPolicy,
  values: Readonly<Record<string, AdoptionBehaviour>> = DEFAULT_ADOPTION_VALUES,
): AdoptionDecision {
  const value = obj.metadata?.annotations?.[annotation];
  if (value === undefined)
    return { adopt: fallback === "Adopt", create: true, because: `adoption: ${fallback}` };
  const behaviour = Object.hasOwn(values, value) ? values[value] : undefined;
  if (behaviour !== undefined)
    return {
      adopt: behaviour !== "Refuse",
      create: behaviour !== "AdoptOnly",
      because: `${annotation}: ${value}`,
    };
  return {
    adopt: false,
    create: true,
    because: `annotation ${annotation}: ${JSON.stringify(value)} is not ${Object.keys(values).join(" or ")}, so nothing is adopted`,
  };
}
