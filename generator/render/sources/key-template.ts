// Every object the generated suites create needs a natural key of its own: two objects with one
// key contend for one external resource, and the second is refused. A suite makes the key from
// the object's name (test/support/fixture.ts: `prefix`, then `length` lowercase letters derived
// from the name, then `suffix`), so the template must give a value the API server accepts
// whatever the letters: it is checked here against the key field's constraints and the CEL rules
// around it, with several probe tokens.

import type { CelRule, FieldModel } from "../../model/types.ts";
import { fieldViolations } from "../manifests/field-violations.ts";
import { fieldRuleVerdict, specRuleVerdict } from "../manifests/rule-verdict.ts";

export interface KeyTemplate {
  prefix: string;
  suffix: string;
  /** How many lowercase letters go between them. */
  length: number;
}

const LENGTHS = [10, 8, 6];
const PROBES = ["a", "z", "m", "qwertyuiopasdfgh"];

/**
 * A template for distinct keys of `field` (the spec field at `field.path`), around the value it
 * has in `sampleSpec`. Throws when none fits: check refuses the keys that cannot have many values
 * (an enum), so this is an internal error for the rest.
 */
export function keyTemplate(
  field: FieldModel,
  spec: { fields: readonly FieldModel[]; rules: readonly CelRule[] },
  sampleSpec: Record<string, unknown>,
): KeyTemplate {
  const sample = valueAt(sampleSpec, field.path);
  const around = typeof sample === "string" && sample !== "" ? sample : "key";
  const shapes: Array<[string, string]> = [
    ["", ""],
    ["", `.${around}`],
    ["", `-${around}`],
    [`${around}-`, ""],
    ["", around],
    [around, ""],
  ];
  for (const length of LENGTHS)
    for (const [prefix, suffix] of shapes) {
      const values = PROBES.map((p) => prefix + p.repeat(length).slice(0, length) + suffix);
      if (values.every((v) => accepted(v, field, spec, sampleSpec)))
        return { prefix, suffix, length };
    }
  throw new Error(
    `internal error: no template gives distinct values of spec.${field.path} for the generated tests (around ${JSON.stringify(around)})`,
  );
}

function accepted(
  value: string,
  field: FieldModel,
  spec: { fields: readonly FieldModel[]; rules: readonly CelRule[] },
  sampleSpec: Record<string, unknown>,
): boolean {
  if (fieldViolations(field, value).length > 0) return false;
  const whole = withValueAt(sampleSpec, field.path, value);
  const creation = (rules: readonly CelRule[]) => rules.filter((r) => !/\boldSelf\b/.test(r.rule));
  if (creation(spec.rules).some((r) => specRuleVerdict(r.rule, spec.fields, whole) === "rejected"))
    return false;
  // The key field's own rules, and those of every object on its path.
  let fields = spec.fields;
  const names = field.path.split(".");
  for (const [i, name] of names.entries()) {
    const step = fields.find((f) => f.name === name);
    if (step === undefined) return false;
    const stepValue = valueAt(whole, names.slice(0, i + 1).join("."));
    if (creation(step.rules).some((r) => fieldRuleVerdict(r.rule, step, stepValue) === "rejected"))
      return false;
    fields = step.fields;
  }
  return true;
}

function valueAt(root: Record<string, unknown>, path: string): unknown {
  let current: unknown = root;
  for (const name of path.split(".")) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<string, unknown>)[name];
  }
  return current;
}

/** A copy of `root` with `value` at the dotted `path`, creating the objects on the way. */
export function withValueAt(
  root: Record<string, unknown>,
  path: string,
  value: unknown,
): Record<string, unknown> {
  const [name, ...rest] = path.split(".");
  if (rest.length === 0) return { ...root, [name!]: value };
  const inner = root[name!];
  const child =
    typeof inner === "object" && inner !== null ? (inner as Record<string, unknown>) : {};
  return { ...root, [name!]: withValueAt(child, rest.join("."), value) };
}
