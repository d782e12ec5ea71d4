// Field patterns are RE2 expressions: the API server compiles `pattern` with Go's regexp and
// searches the value for a match (unanchored unless the pattern anchors itself). JavaScript's
// RegExp accepts lookarounds and backreferences that the server refuses, and backtracks
// exponentially on patterns like ^(a+)+$; re2js is a port of RE2 that matches in linear time.
// Every user pattern is compiled and matched here, and nowhere with RegExp.

import { RE2JS } from "re2js";

const compiled = new Map<string, RE2JS | string>();

/** The compiled pattern, or Go's error text for a pattern the API server would refuse. */
export function compileRe2(pattern: string): RE2JS | string {
  let result = compiled.get(pattern);
  if (result === undefined) {
    try {
      result = RE2JS.compile(pattern);
    } catch (error) {
      result = error instanceof Error ? error.message : String(error);
    }
    compiled.set(pattern, result);
  }
  return result;
}

/** Go's error text when `pattern` is not an RE2 expression; undefined when it compiles. */
export function re2Problem(pattern: string): string | undefined {
  const result = compileRe2(pattern);
  return typeof result === "string" ? result : undefined;
}

/** Whether the API server's pattern check accepts `value` (false for a pattern that does not compile). */
export function re2Matches(pattern: string, value: string): boolean {
  const re = compileRe2(pattern);
  return typeof re !== "string" && re.test(value);
}
