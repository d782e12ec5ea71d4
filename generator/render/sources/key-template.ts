// Every object the generated suites create needs a natural key of its own: two objects with one
// key contend for one external resource, and the second is refused. A suite makes the key from
// the object's name (test/support/fixture.ts): with a template, `prefix`, then `length`
// characters of one alphabet (lowercase letters, digits or capitals) derived from the name, then
// `suffix`; for keys of a format the API server checks strictly (ipv4, uuid, a date …), from a
// list of distinct values of that format, one per name. Either way each value is checked here
// against the key field's constraints and the CEL rules around it.

import type { CelRule, FieldModel } from "../../model/types.ts";
import { exampleValue } from "../manifests/example-values.ts";
import { fieldViolations } from "../manifests/field-violations.ts";
import { fieldRuleVerdict, specRuleVerdict } from "../manifests/rule-verdict.ts";

export interface KeyTemplate {
  prefix: string;
  suffix: string;
  /** How many characters go between them, and from which alphabet. */
  length: number;
  alphabet: "lower" | "digits" | "upper";
}

/** How the suites make distinct keys: a template, or else a list of distinct values. */
export interface DistinctKeys {
  template: KeyTemplate | null;
  values: string[];
}

const LENGTHS = [10, 8, 6];
const SHORTEST = LENGTHS[LENGTHS.length - 1]!;
const PROBES: Record<KeyTemplate["alphabet"], string[]> = {
  lower: ["a", "z", "m", "qwertyuiopasdfgh"],
  digits: ["0", "9", "5", "1234567890123456"],
  upper: ["A", "Z", "M", "QWERTYUIOPASDFGH"],
};
/** Formats the local checks only approximate (an octet over 255 passes here): by value only. */
const TEMPLATE_FORMATS = new Set([undefined, "hostname", "password"]);
/** Enough for the objects one suite file creates side by side. */
const WANTED_VALUES = 64;
const MIN_VALUES = 32;

type SpecShape = { fields: readonly FieldModel[]; rules: readonly CelRule[] };

/**
 * Distinct keys of `field` (the spec field at `field.path`), around the value it has in
 * `sampleSpec`. Throws when there are too few: check refuses the keys that cannot have many
 * values (an enum), so this is an internal error for the rest.
 */
export function distinctKeys(
  field: FieldModel,
  spec: SpecShape,
  sampleSpec: Record<string, unknown>,
): DistinctKeys {
  const template = TEMPLATE_FORMATS.has(field.format)
    ? keyTemplate(field, spec, sampleSpec)
    : undefined;
  if (template !== undefined) return { template, values: [] };
  const values = distinctValues(field, spec, sampleSpec);
  if (values.length < MIN_VALUES)
    throw new Error(
      `internal error: only ${values.length} distinct values of spec.${field.path} found for the generated tests`,
    );
  return { template: null, values };
}

/** A template for distinct keys, when one gives valid values whatever the letters. */
export function keyTemplate(
  field: FieldModel,
  spec: SpecShape,
  sampleSpec: Record<string, unknown>,
): KeyTemplate | undefined {
  const sample = valueAt(sampleSpec, field.path) ?? field.default;
  const around = typeof sample === "string" && sample !== "" ? sample : "key";
  const shapes: Array<[string, string]> = [
    ["", ""],
    ["", `.${around}`],
    ["", `-${around}`],
    [`${around}-`, ""],
    ["", around],
    [around, ""],
  ];
  for (const alphabet of ["lower", "digits", "upper"] as const)
    for (const length of LENGTHS)
      for (const [prefix, suffix] of shapes) {
        const values = PROBES[alphabet].map(
          (p) => prefix + p.repeat(length).slice(0, length) + suffix,
        );
        if (values.every((v) => accepted(v, field, spec, sampleSpec)))
          return { prefix, suffix, length, alphabet };
      }
  return undefined;
}

/** Distinct valid values: by format, then the sample machinery's variants. */
function distinctValues(
  field: FieldModel,
  spec: SpecShape,
  sampleSpec: Record<string, unknown>,
): string[] {
  const out = new Set<string>();
  const add = (value: unknown) => {
    if (out.size >= WANTED_VALUES || typeof value !== "string" || out.has(value)) return;
    if (accepted(value, field, spec, sampleSpec)) out.add(value);
  };
  for (let i = 0; i < 256 && out.size < WANTED_VALUES; i++) add(formatVariant(field.format, i));
  for (let i = 1; i < 256 && out.size < WANTED_VALUES; i++) add(exampleValue(field, i));
  if (TEMPLATE_FORMATS.has(field.format))
    for (const token of shortTokens(field)) {
      if (out.size >= WANTED_VALUES) break;
      add(token);
    }
  return [...out];
}

/**
 * Keys too short for a template (a maxLength under its shortest length): counted out over one
 * alphabet instead of drawn from a digest, since a few letters drawn for many names would collide.
 */
function* shortTokens(field: FieldModel): Generator<string> {
  const longest = Math.min(field.maxLength ?? SHORTEST, SHORTEST - 1);
  const shortest = Math.max(field.minLength ?? 1, 1);
  for (const chars of Object.values(ALPHABETS))
    for (let length = longest; length >= shortest; length--)
      for (let i = 0; i < WANTED_VALUES * 4; i++) {
        let token = "";
        for (let n = i, k = 0; k < length; k++, n = Math.floor(n / chars.length))
          token = chars[n % chars.length] + token;
        yield token;
      }
}
const ALPHABETS: Record<KeyTemplate["alphabet"], string> = {
  lower: "abcdefghijklmnopqrstuvwxyz",
  digits: "0123456789",
  upper: "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
};

/** The i-th of many distinct values of a string format. */
function formatVariant(format: string | undefined, i: number): string {
  const hex = (n: number) => n.toString(16).padStart(2, "0");
  switch (format) {
    case "ipv4":
      return `10.0.${i}.1`;
    case "cidr":
      return `10.${i}.0.0/16`;
    case "ipv6":
      return `fd00::${(i + 1).toString(16)}`;
    case "uuid":
      return `123e4567-e89b-42d3-a456-${String(i).padStart(12, "0")}`;
    case "email":
      return `user${i}@example.com`;
    case "uri":
      return `https://example.com/${i}`;
    case "date":
      return new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10);
    case "date-time":
      return `${new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10)}T00:00:00Z`;
    case "duration":
      return `${i + 1}s`;
    case "mac":
      return `02:00:5e:00:${hex(i >> 8)}:${hex(i & 255)}`;
    case "byte":
      return Buffer.from(`key-${i}`).toString("base64");
    case "hostname":
      return `key-${i}.example.com`;
    default:
      return `key-${i}`;
  }
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
