// Runs a compiled rule on one example at generation time, as the API server would run it on an
// object: true accepts, false or an evaluation error (a missing field, say) rejects. The library's
// own `matches` uses JavaScript's backtracking RegExp, so the rule's text is rewritten to call an
// RE2 `matches` first: CEL patterns are RE2 patterns, and user input must never reach a
// backtracking engine. The text, not the library's serialize(): serialize loses the digits of
// double literals (999999.9999999991 becomes 999999.999999999, 2.7e-106 becomes 0), and then a
// rule judges its own examples wrongly.

import type { DeclType } from "./cel-decl-type.ts";
import type { RuleEnvironment } from "./cel-environment.ts";
import { NotEvaluable } from "./cel-kubernetes-library.ts";
import { NotOfSchema, toCelValue } from "./cel-values.ts";

export type Verdict =
  { outcome: "accepted" } | { outcome: "rejected"; why: string } | { outcome: "unknown" };

export function evaluateRule(
  rule: string,
  types: RuleEnvironment,
  self: DeclType,
  value: unknown,
  old?: unknown,
): Verdict {
  let context: Record<string, unknown>;
  try {
    context = { self: toCelValue(value, self, types) };
    if (old !== undefined) context.oldSelf = toCelValue(old, self, types);
  } catch (error) {
    if (error instanceof NotOfSchema) return { outcome: "unknown" };
    throw error;
  }
  try {
    const result: unknown = types.env.evaluate(withRe2Matches(rule), context);
    if (result === true) return { outcome: "accepted" };
    return {
      outcome: "rejected",
      why: result === false ? "it is false" : `it is ${String(result)}`,
    };
  } catch (error) {
    if (isNotEvaluable(error)) return { outcome: "unknown" };
    const message = error instanceof Error ? error.message.split("\n")[0]! : String(error);
    return { outcome: "rejected", why: `evaluating it fails: ${message}` };
  }
}

function isNotEvaluable(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause)
    if (e instanceof NotEvaluable) return true;
  return false;
}

/** The rule with every receiver-style `.matches(` outside string literals as `.re2Matches(`. */
export function withRe2Matches(rule: string): string {
  let out = "";
  let code = 0;
  for (let i = 0; i < rule.length;) {
    const quote = rule[i];
    if (quote !== "'" && quote !== '"') {
      i++;
      continue;
    }
    out += rule.slice(code, i).replace(/\.(\s*)matches(\s*)\(/g, ".$1re2Matches$2(");
    const end = stringLiteralEnd(rule, i);
    out += rule.slice(i, end);
    code = i = end;
  }
  return out + rule.slice(code).replace(/\.(\s*)matches(\s*)\(/g, ".$1re2Matches$2(");
}

/** The index after the CEL string literal opening at `start` ('', "", triple-quoted, raw). */
function stringLiteralEnd(rule: string, start: number): number {
  const quote = rule[start]!;
  const word = (i: number) => /[A-Za-z0-9_]/.test(rule[i] ?? "");
  const raw =
    /[rR]/.test(rule[start - 1] ?? "") &&
    (!word(start - 2) || (/[bB]/.test(rule[start - 2]!) && !word(start - 3)));
  const closing = rule.startsWith(quote.repeat(3), start) ? quote.repeat(3) : quote;
  for (let i = start + closing.length; i < rule.length; i++) {
    if (!raw && rule[i] === "\\") i++;
    else if (rule.startsWith(closing, i)) return i + closing.length;
  }
  return rule.length;
}
