// Both the contract tests and the integration suites need a spec change that bumps the
// generation without tripping a rule: one place decides which fields are safe to change.

import type { FieldModel } from "../../model/types.ts";

const SCALAR_TYPES = new Set(["string", "integer", "number", "boolean", "int-or-string"]);

/**
 * Mutable top-level scalar fields, those without CEL rules first: a rule such as
 * `self >= oldSelf` could reject an arbitrary new value.
 */
export function changeableFields(fields: readonly FieldModel[]): FieldModel[] {
  // A reference's new value would name an object that does not exist: Ready=False, by design.
  const candidates = fields.filter(
    (f) => !f.immutable && SCALAR_TYPES.has(f.type) && f.reference !== true,
  );
  return [
    ...candidates.filter((f) => f.rules.length === 0),
    ...candidates.filter((f) => f.rules.length > 0),
  ];
}
