// The schema constraints of one spec location as contract test cases: for every enum, bound,
// length, pattern, format, item count, entry count, required member and list type, a value that
// breaks exactly that constraint (rejected with the API server's cause) and one that keeps it
// (accepted). Values are checked locally with field-violations.ts; a constraint without a
// provable bad value is an internal error, never a silently weaker test.

import type { FieldModel } from "../../model/types.ts";
import { exampleObject, exampleValue } from "../manifests/example-values.ts";
import { fieldViolations } from "../manifests/field-violations.ts";
import type { Slot, Spec } from "./contract-slots.ts";
import { itemIdentity, longText, manyEntries, manyItems, show } from "./contract-values.ts";

/** A cause the API server must report: metav1.StatusCause field, reason and a message fragment. */
export interface Rejection {
  field: string;
  reason: string;
  message: string;
}

export type Expectation = "accepted" | Rejection;

export interface SpecCase {
  name: string;
  spec: Spec;
  expect: Expectation;
}

/** Formats the API server checks (password, int64, float and double are accepted as any value). */
const CHECKED_FORMATS = new Set([
  "hostname",
  "cidr",
  "ipv4",
  "ipv6",
  "email",
  "uri",
  "uuid",
  "date",
  "date-time",
  "duration",
  "mac",
  "byte",
]);
const INT32_MAX = 2 ** 31 - 1;

interface Probe {
  /** The constraint, as the test name shows it: "minimum 10". */
  label: string;
  bad?: unknown;
  rejection?: Omit<Rejection, "field"> & { field?: string };
  /** Values that keep the constraint, best first (the boundary). */
  good: unknown[];
  /** Whether `bad` really breaks the constraint; by default, the local schema check says so. */
  breaks?: (value: unknown) => boolean;
}

/** Negative and positive cases for every constraint on the slot's field. */
export function constraintCases(slot: Slot, accept: AcceptPlacer): SpecCase[] {
  const cases: SpecCase[] = [];
  for (const probe of probes(slot)) {
    if (probe.bad !== undefined && probe.rejection) {
      const breaks = probe.breaks ?? ((v) => fieldViolations(slot.field, v).length > 0);
      if (!breaks(probe.bad))
        throw new Error(
          `internal error: contract test value ${show(probe.bad)} for ${slot.path} keeps ${probe.label}`,
        );
      cases.push({
        name: `${slot.path}: ${show(probe.bad)} is rejected (${probe.label})`,
        spec: slot.place(probe.bad),
        expect: { field: slot.path, ...probe.rejection },
      });
    }
    const good = probe.good.find((v) => fieldViolations(slot.field, v).length === 0);
    if (good !== undefined) cases.push(accept(slot, good, probe.label));
  }
  return cases;
}

/** Places a value the slot's constraints accept so that CEL rules around it accept it too. */
export type AcceptPlacer = (slot: Slot, value: unknown, label: string) => SpecCase;

function probes(slot: Slot): Probe[] {
  const f = slot.field;
  const out: Probe[] = [];
  const integral = f.type === "integer" || f.type === "int-or-string";
  if (f.enum) {
    const bad = ["not-in-enum", "x", 999_999].find(
      (v) => !f.enum!.includes(v) && typeMatches(f, v),
    );
    out.push({
      label: `enum ${f.enum.map(String).join(", ")}`,
      bad: bad ?? missing(`a value outside the enum of ${slot.path}`),
      rejection: { reason: "FieldValueNotSupported", message: "supported values" },
      good: [],
    });
    const label = `enum ${f.enum.map(String).join(", ")}`;
    for (const value of f.enum) out.push({ label, good: [value] });
  }
  if (f.minimum !== undefined) {
    const edge = integral ? Math.ceil(f.minimum) : f.minimum;
    out.push({
      label: `minimum ${f.minimum}`,
      bad: edge - 1,
      rejection: {
        reason: "FieldValueInvalid",
        message: `greater than or equal to ${f.minimum}`,
      },
      good: [edge],
    });
  }
  if (f.maximum !== undefined) {
    const edge = integral ? Math.floor(f.maximum) : f.maximum;
    out.push({
      label: `maximum ${f.maximum}`,
      bad: edge + 1,
      rejection: { reason: "FieldValueInvalid", message: `less than or equal to ${f.maximum}` },
      good: [edge],
    });
  }
  if (f.format === "int32" && f.type === "integer" && (f.maximum ?? Infinity) > INT32_MAX) {
    // The API server reports this one without a field (<nil>), naming the path in the message.
    out.push({
      label: "format int32",
      bad: INT32_MAX + 1,
      rejection: {
        field: "<nil>",
        reason: "FieldValueInvalid",
        message: `format int32 in ${slot.path}`,
      },
      good: [INT32_MAX],
    });
  }
  if (f.type === "string") out.push(...stringProbes(slot));
  if (f.type === "array") out.push(...arrayProbes(slot));
  if (f.type === "map") out.push(...mapProbes(f));
  if (f.type === "int-or-string")
    out.push(
      {
        label: "int-or-string",
        bad: true,
        rejection: { reason: "FieldValueTypeInvalid", message: "must be of type integer,string" },
        good: [],
      },
      { label: "int-or-string: a number", good: [f.minimum ?? 80, f.maximum ?? 1] },
      { label: "int-or-string: a string", good: ["http", "example"] },
    );
  return out;
}

function stringProbes(slot: Slot): Probe[] {
  const f = slot.field;
  const example = exampleValue(f);
  if (typeof example !== "string" || fieldViolations(f, example).length > 0)
    throw new Error(`internal error: no valid example string for ${slot.path}`);
  const out: Probe[] = [];
  if (f.minLength !== undefined && f.minLength > 0) {
    out.push({
      label: `minLength ${f.minLength}`,
      bad: ofLength(f, example, f.minLength - 1, "minLength"),
      rejection: { reason: "FieldValueInvalid", message: `at least ${f.minLength} chars long` },
      good: [ofLength(f, example, f.minLength), example],
    });
  }
  if (f.maxLength !== undefined) {
    out.push({
      label: `maxLength ${f.maxLength}`,
      bad: ofLength(f, example, f.maxLength + 1, "maxLength"),
      rejection: { reason: "FieldValueTooLong", message: `more than ${f.maxLength}` },
      good: [ofLength(f, example, f.maxLength), example],
    });
  }
  if (f.pattern !== undefined) {
    const bad = [
      "",
      "!",
      " ",
      "-",
      "_",
      "a b",
      `!${example}`,
      `${example}!`,
      ` ${example}`,
      `${example} `,
      "0",
      "a",
      "A",
      ".",
    ].find((v) => only(f, v, "does not match"));
    if (bad === undefined)
      throw new Error(
        `internal error: no string breaks only the pattern ${f.pattern} of ${slot.path}; the contract test would be weak`,
      );
    out.push({
      label: `pattern ${f.pattern}`,
      bad,
      rejection: { reason: "FieldValueInvalid", message: `should match '${f.pattern}'` },
      good: [example],
    });
  }
  if (f.format !== undefined && CHECKED_FORMATS.has(f.format)) {
    const bad = ["not a valid value!", "!", "x y"].find((v) => only(f, v, "is not a valid"));
    if (bad === undefined)
      throw new Error(`internal error: no string breaks only the format of ${slot.path}`);
    out.push({
      label: `format ${f.format}`,
      bad,
      rejection: { reason: "FieldValueTypeInvalid", message: `must be of type ${f.format}` },
      good: [example],
    });
  }
  return out;
}

/** A string of `length` characters near the example, preferring one that breaks nothing else. */
function ofLength(f: FieldModel, example: string, length: number, breaks?: string): string {
  const fillers = ["x", "1", "a", "0", "A", "_"];
  const candidates = [
    ...fillers.map((c) => example.slice(0, length).padEnd(length, c)),
    ...fillers.map((c) => c.repeat(length)),
  ];
  const fitting = (v: string) =>
    breaks === undefined ? fieldViolations(f, v).length === 0 : only(f, v, breaks);
  return longText(candidates.find(fitting) ?? candidates[0]!);
}

/** The value breaks the field in exactly one way, the one named by `fragment`. */
function only(f: FieldModel, value: unknown, fragment: string): boolean {
  const problems = fieldViolations(f, value);
  const words: Record<string, string> = { minLength: "shorter than", maxLength: "longer than" };
  return problems.length === 1 && problems[0]!.includes(words[fragment] ?? fragment);
}

function arrayProbes(slot: Slot): Probe[] {
  const f = slot.field;
  const out: Probe[] = [];
  if (f.minItems !== undefined && f.minItems > 0)
    out.push({
      label: `minItems ${f.minItems}`,
      bad: manyItems(f, f.minItems - 1),
      rejection: { reason: "FieldValueInvalid", message: `at least ${f.minItems} items` },
      good: [manyItems(f, f.minItems)],
    });
  if (f.maxItems !== undefined)
    out.push({
      label: `maxItems ${f.maxItems}`,
      bad: manyItems(f, f.maxItems + 1),
      rejection: { reason: "FieldValueTooMany", message: `at most ${f.maxItems} items` },
      good: [manyItems(f, f.maxItems)],
    });
  const identity = itemIdentity(f);
  if (identity && (f.maxItems ?? 2) >= 2) {
    const first = exampleValue(f.items!, 0);
    const label =
      f.listType === "set"
        ? "list-type set"
        : `list-type map keyed by ${f.listMapKeys?.join(", ")}`;
    const twice = [first, structuredClone(first)];
    const distinct = manyItems(f, Math.max(2, f.minItems ?? 0));
    out.push({
      label,
      bad: twice,
      rejection: {
        field: `${slot.path}[1]`,
        reason: "FieldValueDuplicate",
        message: "Duplicate value",
      },
      good: [distinct],
      breaks: (v) => new Set((v as unknown[]).map(identity)).size < (v as unknown[]).length,
    });
  }
  return out;
}

function mapProbes(f: FieldModel): Probe[] {
  const out: Probe[] = [];
  if (f.minProperties !== undefined && f.minProperties > 0)
    out.push({
      label: `minProperties ${f.minProperties}`,
      bad: manyEntries(f, f.minProperties - 1),
      rejection: {
        reason: "FieldValueInvalid",
        message: `at least ${f.minProperties} properties`,
      },
      good: [manyEntries(f, f.minProperties)],
    });
  if (f.maxProperties !== undefined)
    out.push({
      label: `maxProperties ${f.maxProperties}`,
      bad: manyEntries(f, f.maxProperties + 1),
      rejection: { reason: "FieldValueTooMany", message: `at most ${f.maxProperties}` },
      good: [manyEntries(f, f.maxProperties)],
    });
  return out;
}

/** Required members of an object slot (or the spec root), each left out once. */
export function requiredCases(
  path: string,
  fields: readonly FieldModel[],
  placeObject: (value: Spec) => Spec,
  minProperties = 0,
): SpecCase[] {
  const base = exampleObject(fields, minProperties);
  return fields
    .filter((f) => f.required)
    .map((f) => ({
      name: `${path}.${f.name}: leaving it out is rejected (required)`,
      spec: placeObject(Object.fromEntries(Object.entries(base).filter(([k]) => k !== f.name))),
      expect: {
        field: `${path}.${f.name}`,
        reason: "FieldValueRequired",
        message: "Required value",
      },
    }));
}

function missing(what: string): never {
  throw new Error(`internal error: found no ${what}; the contract test would be weak`);
}

function typeMatches(f: FieldModel, value: unknown): boolean {
  return fieldViolations({ ...f, enum: undefined }, value).every((p) => !p.includes("not of type"));
}
