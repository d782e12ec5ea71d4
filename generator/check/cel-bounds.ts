// The API server estimates the worst-case cost of every CEL rule and rejects the CRD when it is
// unbounded. Strings are the usual culprit: without maxLength their size is unknown. The model
// stage derives a maxLength with exactly this predicate and check warns with it, so the user is
// told about every limit the generator adds on their behalf.

import { walkFields, type FieldVisit } from "./field-walk.ts";
import { arr, isObject, obj, str } from "./raw-spec.ts";

/** maxLength given to a CEL-referenced string that declares no bound of its own. */
export const DERIVED_MAX_LENGTH = 1024;

/** Formats for which the API server knows a maximum length when estimating rule cost. */
export const BOUNDING_STRING_FORMATS: ReadonlySet<string> = new Set([
  "date",
  "date-time",
  "duration",
]);

/** The parts of a field definition this module reads; both check's raw data and model's RawField fit. */
export interface CelBoundField {
  type?: unknown;
  maxLength?: unknown;
  enum?: unknown;
  format?: unknown;
  immutable?: unknown;
  rules?: unknown;
}

/** A string whose length the cost estimator cannot bound: no maxLength, no enum, no bounding format. */
export function isUnboundedString(def: CelBoundField): boolean {
  return (
    def.type === "string" &&
    def.maxLength === undefined &&
    def.enum === undefined &&
    !BOUNDING_STRING_FORMATS.has(str(def.format) ?? "")
  );
}

/** Whether a definition carries a CEL rule of its own (`rules`, or `immutable`, which becomes self == oldSelf). */
export function hasCelRule(def: CelBoundField): boolean {
  return def.immutable === true || arr(def.rules).length > 0;
}

/** Whether a rule on the enclosing object reads the field: `self.name` or `oldSelf.name`. */
export function ruleReferencesField(ruleText: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![A-Za-z0-9_])(?:self|oldSelf)\\.${escaped}(?![A-Za-z0-9_])`).test(
    ruleText,
  );
}

/**
 * Whether the field `name` gets maxLength: DERIVED_MAX_LENGTH. `parentRules` are the rules of
 * the enclosing object (spec.rules for top-level spec fields; none for array items, map values
 * and top-level status fields).
 */
export function needsDerivedMaxLength(
  name: string,
  def: CelBoundField,
  parentRules: readonly unknown[] = [],
): boolean {
  if (!isUnboundedString(def)) return false;
  return (
    hasCelRule(def) ||
    parentRules.some(
      (rule) =>
        isObject(rule) && typeof rule.rule === "string" && ruleReferencesField(rule.rule, name),
    )
  );
}

/** The rules of the object a definition sits in, as the model passes them to needsDerivedMaxLength. */
export function parentRulesOf(v: FieldVisit, data: unknown): unknown[] {
  if (v.role !== "field") return [];
  if (v.parent) return arr(v.parent.def.rules);
  return v.section === "spec" ? arr(obj(obj(data).spec).rules) : [];
}

/** Every definition that gets DERIVED_MAX_LENGTH, in document order. */
export function stringsNeedingDerivedMaxLength(data: unknown): FieldVisit[] {
  const root = obj(data);
  return [...walkFields(root, "spec"), ...walkFields(root, "status")].filter((v) =>
    needsDerivedMaxLength(v.name, v.def, parentRulesOf(v, root)),
  );
}
