// What was reconciled, for a kind whose CRD has no status subresource. There a status write is a
// write of the whole object, and the API server advances metadata.generation on every write that
// changes anything but metadata: the operator's own status write moves the generation past the
// status.observedGeneration it just wrote, so the generation cannot say whether the spec changed.
// The spec itself can: status.observedSpecHash records a hash of the spec (and the top-level fields
// beside it) that the rest of the status answers for, moved together with status.observedGeneration.
//
// The reconciler still works with one number per spec version (conditions, phases, the idempotency
// token and the drift rule all take one): specGeneration() gives it. While the spec hashes to what
// status recorded, it is status.observedGeneration, so a pass over an unchanged spec computes the
// status that is stored and writes nothing. Once the spec differs, it is one more than that: the
// same number for every retry of the new spec (a failed pass's own status write advances
// metadata.generation but not this), so retries keep their idempotency token. In this mode
// status.observedGeneration counts spec versions reconciled; it does not equal metadata.generation.

import { createHash } from "node:crypto";
import type { KubernetesObject } from "@kubernetes/client-node";

export interface SpecHashed {
  status?: { observedGeneration?: number; observedSpecHash?: string };
}

/**
 * A hash of `spec` and the named top-level fields: key order, status and metadata make no
 * difference; any change of a value (an array's order included) does.
 */
export function specHash(obj: KubernetesObject, topLevelFields: readonly string[] = []): string {
  const fields = obj as Record<string, unknown>;
  const hashed: Record<string, unknown> = { spec: fields.spec };
  for (const name of topLevelFields) hashed[name] = fields[name];
  return createHash("sha256").update(canonicalJson(hashed)).digest("hex").slice(0, 32);
}

/** True when the stored status answers for the object's current spec. */
export function specReconciled(
  obj: KubernetesObject & SpecHashed,
  topLevelFields: readonly string[] = [],
): boolean {
  const recorded = obj.status?.observedSpecHash;
  return recorded !== undefined && recorded === specHash(obj, topLevelFields);
}

/** The number the reconciler uses as "the generation" of this spec version (see the top of this file). */
export function specGeneration(
  obj: KubernetesObject & SpecHashed,
  topLevelFields: readonly string[] = [],
): number {
  const observed = obj.status?.observedGeneration ?? 0;
  return specReconciled(obj, topLevelFields) ? observed : observed + 1;
}

/**
 * The spec version a pass works on, for the runtime's own status writes (paused, not permitted)
 * on a kind without the status subresource; without it they use metadata.generation.
 */
export interface ObservedSpec {
  generation: number;
  specHash: string;
}

export function observedSpec(
  obj: KubernetesObject & SpecHashed,
  topLevelFields: readonly string[] = [],
): ObservedSpec {
  return {
    generation: specGeneration(obj, topLevelFields),
    specHash: specHash(obj, topLevelFields),
  };
}

/** JSON with object keys sorted at every depth; undefined members left out, as JSON does. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== "object") return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const member = (value as Record<string, unknown>)[key];
    if (member !== undefined) sorted[key] = sortKeys(member);
  }
  return sorted;
}
