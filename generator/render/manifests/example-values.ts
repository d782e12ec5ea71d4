// Valid example values for fields: the sample CR uses them, and so do the envtest contract tests,
// which create objects the API server must accept. A value is chosen from candidates (default,
// first enum value, a value for the format, a hint from the field's name, generic strings) and the
// first one that satisfies the field's own constraints (field-violations.ts) wins. The spec's own
// `examples:` of a field come before all of them: values the user's code is known to accept. A field or spec
// with CEL rules needs more than the schema: the API server runs the rules on create, so the value
// must be one the rules accept. Each rule's `examples.valid` are such values (the check stage
// evaluates them against the rule, check-cel-examples.ts), so they come first; the default is
// checked against the rules too (check-cel-defaults.ts) and keeps its place ahead of them.

import { isDeepStrictEqual } from "node:util";
import { expandedKubernetesField } from "../../model/build-fields.ts";
import type { CelRule, FieldModel } from "../../model/types.ts";
import { fieldViolations, objectViolations } from "./field-violations.ts";
import { patternExamples } from "./pattern-example.ts";
import { specRuleVerdict } from "./rule-verdict.ts";

const FORMAT_EXAMPLES: Record<string, string> = {
  hostname: "example.com",
  cidr: "10.0.0.0/24",
  ipv4: "10.0.0.1",
  ipv6: "fd00::1",
  email: "user@example.com",
  uri: "https://example.com",
  uuid: "123e4567-e89b-42d3-a456-426614174000",
  date: "2024-01-01",
  "date-time": "2024-01-01T00:00:00Z",
  duration: "1h",
  mac: "02:00:5e:00:53:01",
  byte: "ZXhhbXBsZQ==",
  password: "example-password",
};

/**
 * Shorter values of the same formats, for a maxLength the readable example above exceeds (an email
 * field with maxLength 15 refuses user@example.com).
 */
const SHORT_FORMAT_EXAMPLES: Record<string, string[]> = {
  hostname: ["a.io", "a"],
  cidr: ["10.0.0.0/8", "::/0"],
  ipv4: ["1.1.1.1"],
  ipv6: ["::1"],
  email: ["a@b.io"],
  uri: ["http://a"],
  byte: ["YQ=="],
  password: ["pw"],
};

const NAME_HINTS: [RegExp, string][] = [
  [/image/i, "nginx:1.27"],
  [/host|domain/i, "example.com"],
  [/url|uri|endpoint/i, "https://example.com"],
  [/email/i, "user@example.com"],
  [/cidr/i, "10.0.0.0/24"],
  [/version/i, "1.0"],
];

const GENERIC_STRINGS = [
  "example",
  "example-1",
  "a",
  "A",
  "1",
  "v1",
  "1.0",
  "Example",
  "EXAMPLE",
  "example.com",
  "x1",
];

/**
 * A value the API server accepts for this field. `index` makes list elements and map keys
 * distinct (set and map lists reject duplicates). Falls back to the first candidate when none
 * satisfies the constraints (e.g. an exotic pattern): fieldViolations then reports it.
 */
export function exampleValue(field: FieldModel, index = 0): unknown {
  const candidates = candidatesFor(field, index);
  const valid = candidates.filter((value) => fieldViolations(field, value).length === 0);
  const rules = creationRules(field.rules);
  const accepted = valid.find(
    (value) =>
      (field.hasDefault && isDeepStrictEqual(value, field.default)) ||
      // Checked against the field's rules by create-operator (SEM310).
      field.examples?.some((example) => isDeepStrictEqual(value, example)) === true ||
      rules.every((rule) => acceptedByExample(rule, value)),
  );
  return accepted ?? valid[0] ?? candidates[0];
}

/**
 * The spec object's example: the required fields, and for each spec-level rule that does not
 * accept them (evaluated as check does), a valid example of it merged over them (the example is a whole spec the rule accepts, but may leave out fields the
 * schema requires), as long as the merge keeps the schema satisfied.
 */
export function exampleSpec(spec: {
  fields: readonly FieldModel[];
  rules: readonly CelRule[];
}): Record<string, unknown> {
  let value = exampleObject(spec.fields);
  for (const rule of creationRules(spec.rules)) {
    if (specRuleVerdict(rule.rule, spec.fields, value) === "accepted") continue;
    const merged = validExamples(rule)
      .filter(isRecord)
      .map((example) => ({ ...value, ...example }))
      .find((candidate) => objectViolations(spec.fields, candidate, "spec").length === 0);
    if (merged) value = merged;
  }
  return value;
}

/** Rules the API server runs on create: transition rules (oldSelf) only run on updates. */
function creationRules(rules: readonly CelRule[]): CelRule[] {
  return rules.filter((rule) => !/\boldSelf\b/.test(rule.rule));
}

function validExamples(rule: CelRule): unknown[] {
  return /\boldSelf\b/.test(rule.rule) ? [] : (rule.examples?.valid ?? []);
}

/**
 * Whether a value is known to pass the rule: it is one of the rule's valid examples, or (for an
 * object) holds one with members added. A rule without valid examples cannot be judged here and
 * does not rule a value out.
 */
function acceptedByExample(rule: CelRule, value: unknown): boolean {
  const examples = validExamples(rule);
  if (examples.length === 0) return true;
  return examples.some(
    (example) =>
      isDeepStrictEqual(example, value) ||
      (isRecord(example) &&
        isRecord(value) &&
        Object.entries(example).every(([key, member]) => isDeepStrictEqual(value[key], member))),
  );
}

/**
 * A rule's valid example for an object is a whole object the rule accepts, but it may leave out
 * members the schema requires: sent on its own the API server refuses it, so it goes over `base`.
 */
export function overObject(base: Record<string, unknown>, example: unknown): unknown {
  return isRecord(example) ? { ...base, ...example } : example;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The rules' valid examples, rotated by index for distinct list elements; objects get members. */
function ruleCandidates(field: FieldModel, index: number): unknown[] {
  const examples = creationRules(field.rules).flatMap(validExamples);
  if (examples.length === 0) return [];
  const base =
    field.type === "object" ? exampleObject(field.fields, field.minProperties ?? 0, index) : {};
  return rotate(examples, index).map((example) =>
    field.type === "object" ? overObject(base, example) : example,
  );
}

/** The fields an object needs: every required one, then optional ones until minProperties holds. */
export function exampleObject(
  fields: readonly FieldModel[],
  minProperties = 0,
  index = 0,
): Record<string, unknown> {
  const chosen = fields.filter((f) => f.required);
  for (const field of fields) {
    if (chosen.length >= minProperties) break;
    if (!chosen.includes(field)) chosen.push(field);
  }
  const order = fields.filter((f) => chosen.includes(f));
  return Object.fromEntries(order.map((f) => [f.name, exampleValue(f, index)]));
}

function candidatesFor(field: FieldModel, index: number): unknown[] {
  const preset = [
    // The spec's own examples come first: the user chose them as values their code accepts.
    ...(field.examples ? rotate(field.examples, index) : []),
    ...(field.hasDefault && index === 0 ? [field.default] : []),
    ...ruleCandidates(field, index),
    ...(field.enum ? rotate(field.enum, index) : []),
  ];
  switch (field.type) {
    case "string":
      return [...preset, ...stringCandidates(field, index)];
    case "integer":
    case "number":
      return [...preset, ...numberCandidates(field, index)];
    case "int-or-string":
      return [...preset, ...numberCandidates(field, index), ...stringCandidates(field, index)];
    case "boolean":
      return [...preset, false, true];
    case "free-form":
      return [...preset, {}];
    case "any":
      return [...preset, "any value"];
    case "object":
      return [...preset, exampleObject(field.fields, field.minProperties ?? 0, index)];
    case "array": {
      const count = field.minItems ?? 0;
      return [
        ...preset,
        Array.from({ length: count }, (_, i) => exampleValue(field.items!, index + i)),
      ];
    }
    case "kubernetes":
      return [
        ...preset,
        ...(field.kubernetesType === "Duration" ? ["30s", `${index + 1}m`] : []),
        ...candidatesFor(expandedKubernetesField(field), index),
      ];
    case "map": {
      const count = field.minProperties ?? 0;
      return [
        ...preset,
        Object.fromEntries(
          Array.from({ length: count }, (_, i) => [
            `key-${index + i + 1}`,
            exampleValue(field.items!, index + i),
          ]),
        ),
      ];
    }
  }
}

function stringCandidates(field: FieldModel, index: number): string[] {
  const base = [
    ...(field.format && FORMAT_EXAMPLES[field.format] ? [FORMAT_EXAMPLES[field.format]!] : []),
    ...(field.format ? (SHORT_FORMAT_EXAMPLES[field.format] ?? []) : []),
    ...NAME_HINTS.filter(([hint]) => hint.test(field.name)).map(([, value]) => value),
    ...GENERIC_STRINGS,
  ];
  const padded = field.minLength
    ? [
        ..."ax1".split("").map((c) => c.repeat(field.minLength!)),
        "example".padEnd(field.minLength, "x"),
      ]
    : [];
  const fromPattern = patternExamples(field);
  const all = [...base, ...padded, ...fromPattern];
  if (index === 0) return all;
  return all.flatMap((value) => [
    distinct(value, index, field.format),
    `${value}-${index}`,
    `${value}${index}`,
  ]);
}

/** Distinct variants that keep formats valid: 10.0.1.0/24 rather than 10.0.0.0/24-1. */
function distinct(value: string, index: number, format: string | undefined): string {
  if (format === "cidr") return `10.0.${index}.0/24`;
  if (format === "ipv4") return `10.0.0.${index + 1}`;
  if (format === "hostname") return `example-${index}.com`;
  return `${value}-${index}`;
}

function numberCandidates(field: FieldModel, index: number): number[] {
  const integral = field.type !== "number";
  const round = (v: number) => (integral ? Math.ceil(v) : v);
  const up = [field.minimum, 1, 0]
    .filter((v): v is number => v !== undefined)
    .map((v) => round(v) + index);
  const down = field.maximum === undefined ? [] : [Math.floor(field.maximum) - index];
  return [...up, ...down];
}

function rotate<T>(values: readonly T[], index: number): T[] {
  const start = index % values.length;
  return [...values.slice(start), ...values.slice(0, start)];
}
