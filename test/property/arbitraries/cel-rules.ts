// A small grammar of CEL rules, each valid for the field it is put on and shipped with examples
// the rule accepts and rejects. Invalid examples are always valid for the field's schema, so the
// API server can only reject them for the rule. The field's samples are narrowed to values the
// rule accepts, so a default drawn from them passes the rule too.

import fc from "fast-check";
import { escapeCelFieldName } from "../../../generator/check/cel-field-names.ts";
import type { Def, GenField } from "./scalars.ts";

export interface RuleChoice {
  rule: Def;
  /** The samples that satisfy the rule. */
  accepted: unknown[];
}

const REASONS = [
  undefined,
  "FieldValueInvalid",
  "FieldValueForbidden",
  "FieldValueRequired",
  "FieldValueDuplicate",
];

function withReason(rule: Def, reason: string | undefined): Def {
  return reason ? { ...rule, reason } : rule;
}

function numbers(samples: unknown[]): number[] {
  return samples.filter((s): s is number => typeof s === "number");
}

/** Rules for the field itself (self is the field's value); none when no rule fits. */
export function rulesFor(
  field: GenField,
  correlatable: boolean,
): fc.Arbitrary<RuleChoice | undefined> {
  const choices = candidateRules(field).filter(
    (c) => correlatable || !String(c.rule.rule).includes("oldSelf"),
  );
  if (choices.length === 0) return fc.constant(undefined);
  return fc
    .tuple(fc.constantFrom(...choices), fc.constantFrom(...REASONS))
    .map(([choice, reason]) => ({ ...choice, rule: withReason(choice.rule, reason) }));
}

function candidateRules(field: GenField): RuleChoice[] {
  const { def, samples } = field;
  const out: RuleChoice[] = [];
  if (def.type === "integer" || def.type === "number") {
    const sorted = [...numbers(samples)].sort((a, b) => a - b);
    const low = sorted[0];
    if (low !== undefined && sorted.length >= 2) {
      const accepted = sorted.filter((n) => n > low);
      out.push({
        rule: {
          rule: `self > ${literal(low, def.type === "number")}`,
          message: `must be greater than ${low}`,
          examples: { valid: [accepted[0]], invalid: [low] },
        },
        accepted,
      });
      out.push({
        rule: {
          rule: "self >= oldSelf",
          message: "cannot decrease",
          examples: {
            valid: [
              { old: low, new: accepted[0] },
              { old: low, new: low },
            ],
            invalid: [{ old: accepted[0], new: low }],
          },
        },
        accepted: sorted,
      });
    }
  }
  if (def.type === "string" && Array.isArray(def.enum) && samples.length >= 2) {
    const [first, second] = samples as string[];
    out.push({
      rule: {
        rule: `self != '${second}'`,
        message: `${second} is not offered`,
        examples: { valid: [first], invalid: [second] },
      },
      accepted: samples.filter((s) => s !== second),
    });
  }
  // Kubernetes' CEL reads these formats as bytes, duration and timestamp, not as strings.
  const celTyped = ["byte", "duration", "date", "date-time"].includes(String(def.format));
  if (def.type === "string" && def.enum === undefined && !celTyped && samples.length >= 2) {
    const [first, second] = samples as string[];
    out.push({
      rule: {
        rule: `self != '${second}'`,
        message: "that value is taken",
        examples: { valid: [first], invalid: [second] },
      },
      accepted: samples.filter((s) => s !== second),
    });
  }
  if (def.type === "array" && def.maxItems !== undefined) {
    const empty = samples.filter((s) => Array.isArray(s) && s.length === 0);
    const full = samples.filter((s) => Array.isArray(s) && s.length > 0);
    if (empty.length > 0 && full.length > 0)
      out.push({
        rule: {
          rule: "size(self) >= 1",
          message: "list at least one",
          examples: { valid: [full[0]], invalid: [[]] },
        },
        accepted: full,
      });
  }
  if (def.type === "map" && def.maxProperties !== undefined) {
    const empty = samples.filter((s) => isEmptyObject(s));
    const full = samples.filter((s) => !isEmptyObject(s));
    if (empty.length > 0 && full.length > 0)
      out.push({
        rule: {
          rule: "size(self) >= 1",
          message: "give at least one entry",
          examples: { valid: [full[0]], invalid: [{}] },
        },
        accepted: full,
      });
  }
  return out;
}

/**
 * A rule on an object that reads one of its integer children: `!has(self.c) || self.c > low`
 * (or without the has() guard when the child is required), with fieldPath pointing at the child.
 */
export function objectRule(
  children: ReadonlyArray<[name: string, field: GenField, required: boolean]>,
  objectSamples: Record<string, unknown>[],
): fc.Arbitrary<RuleChoice | undefined> {
  // The API server checks defaults against the rules above them (the CRD defaults spec to {}
  // and fills in the children's defaults), so a child's own default must pass the rule too.
  const usable = children.filter(([, f]) => f.def.type === "integer" && f.def.enum === undefined);
  const choices: RuleChoice[] = [];
  for (const [name, field, required] of usable) {
    const sorted = [...numbers(field.samples)].sort((a, b) => a - b);
    const low = sorted[0];
    const high = sorted[sorted.length - 1];
    const base = objectSamples[0];
    if (low === undefined || high === undefined || low === high || !base) continue;
    const childDefault = field.def.default;
    if (typeof childDefault === "number" && childDefault <= low) continue;
    const cel = escapeCelFieldName(name)!;
    const guard = required ? "" : `!has(self.${cel}) || `;
    const accepted = objectSamples
      .map((s) => (name in s ? { ...s, [name]: high } : s))
      .filter((s) => required || !(name in s) || (s[name] as number) > low);
    choices.push({
      rule: {
        rule: `${guard}self.${cel} > ${literal(low, false)}`,
        message: `${name} must be greater than ${low}`,
        fieldPath: `.${name}`,
        examples: { valid: [{ ...base, [name]: high }], invalid: [{ ...base, [name]: low }] },
      },
      accepted,
    });
  }
  if (choices.length === 0) return fc.constant(undefined);
  return fc
    .tuple(fc.constantFrom(...choices), fc.constantFrom(...REASONS))
    .map(([choice, reason]) => ({ ...choice, rule: withReason(choice.rule, reason) }));
}

function isEmptyObject(value: unknown): boolean {
  return typeof value === "object" && value !== null && Object.keys(value).length === 0;
}

/** A number as CEL reads it; a double field compares with a double literal. */
function literal(n: number, double: boolean): string {
  const text = String(n);
  if (!double) return text;
  return /[.eE]/.test(text) ? text : `${text}.0`;
}
