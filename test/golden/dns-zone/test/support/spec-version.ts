// Which spec the status answers for, as the suites check it. With the status subresource that is
// metadata.generation: status is current when status.observedGeneration equals it. Without it
// (operator.yaml's api.statusSubresource: false) every status write advances metadata.generation,
// so the reconciler tracks a hash of the spec instead (@create-operator/runtime's spec-hash.ts):
// status is current when status.observedSpecHash is the hash of the object's spec, and the number
// status.observedGeneration and the conditions carry counts spec versions (1 for the first spec,
// 2 after one change), which the suites' expected generations name in either mode.

import { specGeneration, specReconciled } from "@create-operator/runtime";
import { HASHED_TOP_LEVEL_FIELDS, seenGeneration, type Resource } from "./kind.ts";

/** False when the CRD has no status subresource (status is written with the object). */
export const STATUS_SUBRESOURCE = HASHED_TOP_LEVEL_FIELDS === undefined;

/** Whether the stored status answers for the object's current spec. */
export function statusIsCurrent(obj: Resource): boolean {
  return HASHED_TOP_LEVEL_FIELDS === undefined
    ? seenGeneration(obj) === obj.metadata.generation
    : specReconciled(obj, HASHED_TOP_LEVEL_FIELDS);
}

/** The version of the object's current spec: what status.observedGeneration says once current. */
export function specVersion(obj: Resource): number {
  return HASHED_TOP_LEVEL_FIELDS === undefined
    ? (obj.metadata.generation ?? 0)
    : specGeneration(obj, HASHED_TOP_LEVEL_FIELDS);
}
