// CEL rule cases: each rule's `valid` and `invalid` examples at the rule's location, and for
// rules reading oldSelf, the same examples as create-then-update transitions. Immutable fields
// are transitions too: a different value is refused, the same one is not.

import { changeMessage, fieldImmutability, presenceRule } from "../../check/immutability.ts";
import type { CelRule, FieldModel } from "../../model/types.ts";
import { exampleValue } from "../manifests/example-values.ts";
import { patternExamples } from "../manifests/pattern-example.ts";
import { fieldViolations } from "../manifests/field-violations.ts";
import type { Expectation, SpecCase, TransitionCase } from "./contract-case-types.ts";
import { ruleErrorField, ruleErrorMessage } from "./contract-rule-path.ts";
import type { Slot, Spec } from "./contract-slots.ts";
import { show } from "./contract-values.ts";

export const readsOldSelf = (rule: CelRule): boolean => /\boldSelf\b/.test(rule.rule);

function ruleLabel(rule: CelRule): string {
  return `rule: ${rule.message}`;
}

function celRejection(path: string, self: FieldModel, rule: CelRule): Expectation {
  return {
    field: ruleErrorField(path, self, rule.fieldPath),
    reason: rule.reason ?? "FieldValueInvalid",
    message: ruleErrorMessage(rule),
  };
}

/**
 * Each `valid` example of `self`'s rules accepted and each `invalid` one rejected with the rule's
 * cause; `path` is self's location in field.Path notation, as CEL errors name it. An example of an
 * object's rule goes through `complete` first (overObject), so the object also has the members the
 * schema requires: the API server runs no CEL rule on an object that fails the schema ("some
 * validation rules were not checked"), so neither verdict would be the rule's.
 */
export function ruleCases(
  path: string,
  self: FieldModel,
  place: (v: unknown) => Spec,
  complete: (v: unknown) => unknown = (v) => v,
  completeInvalid: (v: unknown, rule: CelRule) => unknown = complete,
): SpecCase[] {
  return self.rules
    .filter((rule) => !readsOldSelf(rule))
    .flatMap((rule) => [
      ...(rule.examples?.valid ?? []).map((example) => ({
        name: `${path}: ${show(example)} is accepted (${ruleLabel(rule)})`,
        spec: place(complete(example)),
        expect: "accepted" as const,
      })),
      ...(rule.examples?.invalid ?? []).map((example) => ({
        name: `${path}: ${show(example)} is rejected (${ruleLabel(rule)})`,
        spec: place(completeInvalid(example, rule)),
        expect: celRejection(path, self, rule),
      })),
    ]);
}

/** Rules reading oldSelf: create with `old`, update to `new`. */
export function transitionRuleCases(
  path: string,
  self: FieldModel,
  place: (v: unknown) => Spec,
): TransitionCase[] {
  return self.rules.filter(readsOldSelf).flatMap((rule) => {
    const pair = (example: unknown) => example as { old: unknown; new: unknown };
    const label = (e: unknown) => `${show(pair(e).old)} → ${show(pair(e).new)}`;
    return [
      ...(rule.examples?.valid ?? []).map((e) => ({
        name: `${path}: ${label(e)} is accepted (${ruleLabel(rule)})`,
        old: place(pair(e).old),
        new: place(pair(e).new),
        expect: "accepted" as const,
      })),
      ...(rule.examples?.invalid ?? []).map((e) => ({
        name: `${path}: ${label(e)} is rejected (${ruleLabel(rule)})`,
        old: place(pair(e).old),
        new: place(pair(e).new),
        expect: celRejection(path, self, rule),
      })),
    ];
  });
}

/**
 * A field's own transition rules, and immutability: a different value is refused, the same one is
 * not. Immutability is a CEL rule too, so its causes are named in field.Path notation.
 */
export function transitionCases(slot: Slot): TransitionCase[] {
  const field = slot.field;
  const cases = transitionRuleCases(slot.fieldPath, field, slot.place);
  const immutability = fieldImmutability(field);
  if (!immutability) return cases;
  const first = field.hasDefault ? field.default : exampleValue(field);
  const other = otherValues(field)
    .filter((v) => fieldViolations(field, v).length === 0)
    .find((v) => JSON.stringify(v) !== JSON.stringify(first));
  const immutable = changeMessage(field.name, immutability);
  // A field that admits a single value (an enum of one) cannot be changed at all, so there is
  // no different value to refuse; the unchanged update is still tested below.
  if (other !== undefined)
    cases.push({
      name: `${slot.path}: ${show(first)} → ${show(other)} is rejected (immutable)`,
      old: slot.place(first),
      new: slot.place(other),
      expect: { field: slot.fieldPath, reason: "FieldValueInvalid", message: immutable },
    });
  cases.push({
    name: `${slot.path}: ${show(first)} → ${show(first)} is accepted (immutable)`,
    old: slot.place(first),
    new: slot.place(first),
    expect: "accepted",
  });
  if (!field.required && !field.hasDefault && slot.remove && slot.container) {
    const parent = slot.container.fieldPath;
    const presence = presenceRule(field.name, field.name, immutability);
    const refused = { field: parent, reason: "FieldValueInvalid", message: presence.message };
    cases.push({
      name: `${slot.path}: removing ${show(first)} is rejected (immutable)`,
      old: slot.place(first),
      new: slot.remove(),
      expect: refused,
    });
    // Fixed at creation: an object created without the field cannot gain it later either.
    cases.push({
      name: `${slot.path}: setting ${show(first)} after creation is ${immutability.since === "creation" ? "rejected (immutable since creation)" : "accepted (immutable once set)"}`,
      old: slot.remove(),
      new: slot.place(first),
      expect: immutability.since === "creation" ? refused : "accepted",
    });
  }
  return cases;
}

/** Second values of formats whose example does not vary with the example index. */
const OTHER_FORMAT_VALUES: Readonly<Record<string, string>> = {
  date: "2025-06-30",
  "date-time": "2025-06-30T12:00:00Z",
  uuid: "00000000-0000-4000-8000-000000000001",
  mac: "02:00:5e:00:53:02",
  duration: "2h",
};

/** Candidates for a value that differs from a field's example, most specific first. */
function otherValues(field: FieldModel): unknown[] {
  const format = field.format ? OTHER_FORMAT_VALUES[field.format] : undefined;
  const fromPattern = patternExamples(field);
  return [
    ...(field.enum ?? []),
    ...(field.type === "boolean" ? [true, false] : []),
    ...(format === undefined ? [] : [format]),
    ...fromPattern.filter((v) => v !== undefined),
    ...[1, 2, 3, 4, 5, 6].map((i) => exampleValue(field, i)),
  ];
}
