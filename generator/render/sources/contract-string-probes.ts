// Probes for string fields: length bounds, pattern and the formats the API server checks. Each
// bad value breaks only the constraint it tests, so the rejection the test expects is the one the
// server reports.

import { searchNonMatching, searchPattern } from "../../base/pattern-search.ts";
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
    const listed = [
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
    const searched =
      listed === undefined
        ? searchNonMatching(f.pattern, {
            minLength: f.minLength,
            maxLength: f.maxLength,
            wanted: 1,
            accept: (v) => only(f, v, "does not match"),
          })
        : undefined;
    // "none": every string the other constraints allow matches (pattern "" or ".*"), so the
    // pattern constrains nothing and there is nothing to reject (check warns: WARN110).
    if (searched?.kind === "none") return [...out, ...formatProbes(f, example)];
    const bad = listed ?? (searched?.kind === "found" ? searched.values[0] : undefined);
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
  return [...out, ...formatProbes(f, example)];
}

function formatProbes(f: FieldModel, example: string): Probe[] {
  if (f.format === undefined || !CHECKED_FORMATS.has(f.format)) return [];
  const breaksFormat = (v: string) => only(f, v, "is not a valid");
  // Padded to minLength and cut to maxLength, so the bad value breaks the format alone.
  let bad = ["not a valid value!", "!", "x y"]
    .flatMap((v) => [v, v.padEnd(f.minLength ?? 0, "!").slice(0, f.maxLength)])
    .find(breaksFormat);
  if (bad === undefined && f.pattern !== undefined) {
    // The listed values break the pattern too (^\d+$): search the pattern's strings instead.
    const searched = searchPattern(f.pattern, {
      minLength: f.minLength,
      maxLength: f.maxLength,
      wanted: 1,
      accept: breaksFormat,
    });
    // "none": every string the pattern and lengths allow has the format; it adds nothing.
    if (searched.kind === "none") return [];
    if (searched.kind === "found") bad = searched.values[0];
  }
  if (bad === undefined)
    throw new Error(`internal error: no string breaks only the format of ${f.path}`);
  return [
    {
      label: `format ${f.format}`,
      bad,
      rejection: { reason: "FieldValueTypeInvalid", message: `must be of type ${f.format}` },
      good: [example],
    },
  ];
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
  const listed = candidates.find(fitting);
  if (listed !== undefined || f.pattern === undefined) return longText(listed ?? candidates[0]!);
  // A pattern the fillers do not fit (^[a-z]{3}-[0-9]+$): search for a string of that length.
  const searched = searchPattern(f.pattern, {
    minLength: length,
    maxLength: length,
    wanted: 1,
    accept: fitting,
  });
  return longText(searched.kind === "found" ? searched.values[0]! : candidates[0]!);
}
