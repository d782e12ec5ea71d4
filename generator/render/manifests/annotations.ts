// Annotations a user puts on an object to tell the operator something about that one object.

import type { OperatorModel } from "../../model/types.ts";

/**
 * Delete or Retain, as ACK's services.k8s.aws/deletion-policy: management.deletionPolicyAnnotation,
 * else `<group>/deletion-policy`.
 */
export function deletionPolicyAnnotation(model: OperatorModel): string {
  return model.management?.deletionPolicyAnnotation ?? `${model.api.group}/deletion-policy`;
}

/** What each AdoptionBehaviour does, in the words the README and the sample use. */
const ADOPTION_MEANINGS = {
  Adopt: "adopts an existing resource, or creates a missing one",
  AdoptOnly:
    "adopts an existing resource and never creates one (reason NothingToAdopt while it is missing)",
  Refuse: "leaves an existing resource alone (reason AlreadyExists)",
} as const;

/**
 * The values of management.adoptionAnnotation and what each does: management.adoptionValues
 * (ACK's adopt and adopt-or-create), else Adopt and Refuse. Empty without the annotation.
 */
export function adoptionChoices(model: OperatorModel): { value: string; does: string }[] {
  if (model.management?.adoptionAnnotation === undefined) return [];
  const values = model.management.adoptionValues ?? { Adopt: "Adopt", Refuse: "Refuse" };
  return Object.entries(values).map(([value, behaviour]) => ({
    value,
    does: ADOPTION_MEANINGS[behaviour],
  }));
}
