// Contradictory bounds make a field impossible to set; a pattern that the API server's RE2 does
// not compile makes the CRD unappliable, and one that no string of the allowed lengths matches
// makes the field impossible to set. All are cheap to catch here and confusing to debug later.

import { searchNonMatching, searchPattern } from "../base/pattern-search.ts";
import { re2Problem } from "../base/re2-pattern.ts";
import { FORMAT_CHECKS } from "../base/string-formats.ts";
import type { CheckContext } from "./context.ts";
import { LENGTH_LIMIT } from "./check-numbers.ts";
import type { FieldVisit } from "./field-walk.ts";
import { has, num, str } from "./raw-spec.ts";

const PAIRS = [
  ["minimum", "maximum"],
  ["minLength", "maxLength"],
  ["minItems", "maxItems"],
  ["minProperties", "maxProperties"],
] as const;

export function checkBounds({ report, specFields, statusFields }: CheckContext): void {
  for (const v of [...specFields, ...statusFields]) {
    for (const [low, high] of PAIRS) {
      const min = num(v.def[low]);
      const max = num(v.def[high]);
      if (min !== undefined && max !== undefined && min > max) {
        report.error(
          "SEM024",
          [...v.docPath, low],
          `${low} ${min} is greater than ${high} ${max}`,
          `No value can satisfy both; lower ${low} or raise ${high}.`,
        );
      }
    }
    const pattern = str(v.def.pattern);
    if (pattern === undefined || !has(v.def, "pattern")) continue;
    const problem = re2Problem(pattern);
    if (problem)
      report.error(
        "SEM025",
        [...v.docPath, "pattern"],
        `pattern is not an RE2 expression: ${problem}`,
        "The API server compiles patterns with Go's regexp (RE2): no lookarounds or backreferences. In YAML, quote the pattern and double every backslash inside double quotes.",
      );
    else if (v.type === "string") checkSatisfiable(v, pattern, report);
  }
}

/** A string field needs a value the pattern and the length bounds both allow. */
function checkSatisfiable(v: FieldVisit, pattern: string, report: CheckContext["report"]): void {
  const minLength = num(v.def.minLength);
  const maxLength = num(v.def.maxLength);
  if ((minLength ?? 0) > LENGTH_LIMIT || (minLength ?? 0) > (maxLength ?? Infinity)) return;
  const format = str(v.def.format);
  const formatCheck = format ? FORMAT_CHECKS[format] : undefined;
  const accept = formatCheck ? (value: string) => formatCheck.test(value) : undefined;
  const bounded = searchPattern(pattern, { minLength, maxLength, wanted: 1, accept });
  const path = [...v.docPath, "pattern"];
  if (bounded.kind === "found") {
    if (searchNonMatching(pattern, { minLength, maxLength, wanted: 1 }).kind === "none")
      report.warning(
        "WARN110",
        path,
        `the pattern ${JSON.stringify(pattern)} matches every string${bounds(minLength, maxLength) ? ` of ${bounds(minLength, maxLength)}` : ""}, so it checks nothing`,
        "The API server searches for the pattern anywhere in the value; anchor it (^...$) or remove it.",
      );
    return;
  }
  if (bounded.kind === "gave-up") {
    report.error(
      "SEM120",
      path,
      `found no string that matches the pattern ${pattern} within the search bound`,
      "The generator needs a valid example of every field; simplify the pattern or its length bounds.",
    );
    return;
  }
  const limits = bounds(minLength, maxLength);
  const unbounded = limits || accept ? searchPattern(pattern, { wanted: 1 }) : bounded;
  const also = [limits, accept ? `format ${format}` : ""].filter(Boolean).join(" and ");
  report.error(
    "SEM120",
    path,
    unbounded.kind === "none"
      ? `no string matches the pattern ${pattern}`
      : `no string that matches the pattern ${pattern} has ${also}`,
    unbounded.kind === "none"
      ? "The field could never be set; fix the pattern."
      : "The field could never be set; widen the length bounds or the pattern, or change the format.",
  );
}

function bounds(minLength: number | undefined, maxLength: number | undefined): string {
  return [
    minLength !== undefined ? `minLength ${minLength}` : "",
    maxLength !== undefined ? `maxLength ${maxLength}` : "",
  ]
    .filter(Boolean)
    .join(" and ");
}
