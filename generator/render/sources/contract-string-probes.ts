// Probes for string fields: length bounds, pattern and the formats the API server checks. Each
// bad value breaks only the constraint it tests, so the rejection the test expects is the one the
// server reports.

import type { FieldModel } from "../../model/types.ts";
import { exampleValue } from "../manifests/example-values.ts";
import { fieldViolations } from "../manifests/field-violations.ts";
import { only, type Probe } from "./contract-probe.ts";
import type { Slot } from "./contract-slots.ts";
import { longText } from "./contract-values.ts";

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

export function stringProbes(slot: Slot): Probe[] {
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
    // Padded to minLength and cut to maxLength, so the bad value breaks the format alone.
    const bad = ["not a valid value!", "!", "x y"]
      .flatMap((v) => [v, v.padEnd(f.minLength ?? 0, "!").slice(0, f.maxLength)])
      .find((v) => only(f, v, "is not a valid"));
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
