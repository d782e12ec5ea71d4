// Contradictory bounds make a field impossible to set; a pattern that does not compile makes the
// CRD unappliable. Both are cheap to catch here and confusing to debug in the API server.

import type { CheckContext } from "./context.ts";
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
    if (pattern !== undefined && has(v.def, "pattern")) {
      const problem = regexProblem(pattern);
      if (problem)
        report.error(
          "SEM025",
          [...v.docPath, "pattern"],
          `pattern does not compile: ${problem}`,
          "Fix the regular expression; in YAML, quote it and double every backslash inside double quotes.",
        );
    }
  }
}

export function regexProblem(pattern: string): string | undefined {
  try {
    new RegExp(pattern);
    return undefined;
  } catch (error) {
    return error instanceof Error
      ? error.message.replace(/^Invalid regular expression: /, "")
      : String(error);
  }
}
