// Polymorphic references: a reference whose kind a sibling field chooses, as external-secrets'
// secretStoreRef {kind: SecretStore | ClusterSecretStore, name}, KEDA's authenticationRef
// {kind: TriggerAuthentication | ClusterTriggerAuthentication} and Flux's sourceRef and valuesFrom
// are. `reference.kinds` lists the kinds; each entry is what a single-kind reference writes
// (apiVersion, kind, plural, scope), so every per-kind rule applies to each one. Also the options
// both kinds of reference share: an optional name or an optional key.

import { isObject, str, type RawObject } from "./raw-spec.ts";

export const DEFAULT_KIND_FIELD = "kind";

/** One kind a reference may name, and where it is written (relative to `reference:`). */
export interface ReferenceKindEntry {
  entry: RawObject;
  /** [] for a single-kind reference, ["kinds", i] for an entry of kinds. */
  at: Array<string | number>;
}

/** The reference lists its kinds (and a field chooses among them). */
export function isPolymorphic(reference: RawObject): boolean {
  return Array.isArray(reference.kinds);
}

/** Every kind the reference may name: its kinds' entries, or the reference itself. */
export function referenceKindEntries(reference: RawObject): ReferenceKindEntry[] {
  if (!Array.isArray(reference.kinds)) return [{ entry: reference, at: [] }];
  return reference.kinds.flatMap((entry, i) =>
    isObject(entry) ? [{ entry, at: ["kinds", i] }] : [],
  );
}

/** The field beside name that chooses the kind (polymorphic references only). */
export function kindFieldOf(reference: RawObject): string {
  return str(reference.kindField) ?? DEFAULT_KIND_FIELD;
}

/** The kind names a polymorphic reference lists, in order. */
export function kindNames(reference: RawObject): string[] {
  return referenceKindEntries(reference)
    .map((k) => str(k.entry.kind))
    .filter((k) => k !== undefined);
}

/**
 * The kind a sample that leaves the kind field out (or sets the first one) names: defaultKind,
 * else the first kind.
 */
export function sampleKind(reference: RawObject): string | undefined {
  return str(reference.defaultKind) ?? kindNames(reference)[0];
}

/** none: no key; required: key: true; optional: key: optional. */
export function keyMode(reference: RawObject): "none" | "required" | "optional" {
  return reference.key === true ? "required" : reference.key === "optional" ? "optional" : "none";
}

/** The object form's name must be given (name: optional lifts it). */
export function nameRequired(reference: RawObject): boolean {
  return reference.name !== "optional";
}

/** The kind field the object form of a polymorphic reference carries: an enum of its kinds. */
export function kindFieldDefinition(reference: RawObject): RawObject {
  const kinds = kindNames(reference);
  // A defaultKind that is none of the kinds is SEM363's alone (no second error on the enum).
  const defaultKind = kinds.find((k) => k === str(reference.defaultKind));
  return {
    type: "string",
    description: `Kind of the referenced object: ${kinds.join(" or ")}${defaultKind ? ` (${defaultKind} when left out)` : ""}.`,
    enum: kinds,
    ...(defaultKind !== undefined ? { default: defaultKind } : { required: true }),
  };
}
