// Whether the rules a case does not test still hold for the spec it sends. On create and on
// update the API server runs every CEL rule of every node the spec holds (the spec's own, each
// nested object's, list's, map's and member's), so a case whose spec one of them refuses is
// refused, whatever the rule under test says: "accepted" could not be what the server does, and
// an old object that cannot be created tests no transition. Judged with the check stage's CEL
// evaluator; rules reading oldSelf are left to the transition under test.

import type { CelRule, FieldModel } from "../../model/types.ts";
import { fieldRuleVerdict, specRuleVerdict } from "../manifests/rule-verdict.ts";
import { readsOldSelf } from "./contract-rule-cases.ts";
import type { Spec } from "./contract-slots.ts";

/**
 * A judge of whole specs. Spec-level rules the minimal spec already fails by this evaluator's
 * verdict are not judged (every case starts from the minimal spec, which the server accepts).
 */
export function rulesAdmit(
  fields: readonly FieldModel[],
  specRules: readonly CelRule[],
  minimal: Spec,
): (spec: Spec, underTest?: readonly CelRule[]) => boolean {
  const verdict = (rule: string, spec: Spec) => specRuleVerdict(rule, fields, spec);
  const judging = specRules
    .filter((r) => !readsOldSelf(r))
    .filter((r) => verdict(r.rule, minimal) !== "rejected");
  // The rules a case tests are the server's to judge (validate --server reports where it
  // disagrees with an example); only the others decide whether the case can reach them.
  return (spec, underTest = []) =>
    judging.every((r) => verdict(r.rule, spec) !== "rejected") &&
    fields.every((f) => nodeAdmits(f, spec[f.name], underTest));
}

function nodeAdmits(field: FieldModel, value: unknown, underTest: readonly CelRule[]): boolean {
  if (value === undefined || value === null) return true;
  const own = field.rules.filter((r) => !readsOldSelf(r) && !underTest.includes(r));
  if (own.some((r) => fieldRuleVerdict(r.rule, field, value) === "rejected")) return false;
  switch (field.type) {
    case "object":
      return !isRecord(value) || field.fields.every((f) => nodeAdmits(f, value[f.name], underTest));
    case "array":
      return (
        !Array.isArray(value) || value.every((item) => nodeAdmits(field.items!, item, underTest))
      );
    case "map":
      return (
        !isRecord(value) ||
        Object.values(value).every((v) => nodeAdmits(field.items!, v, underTest))
      );
    default:
      return true;
  }
}

function isRecord(value: unknown): value is Spec {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
