// Runs a compiled rule on one example at generation time, as the API server would run it on an
// object: true accepts, false or an evaluation error (a missing field, say) rejects. The library's
// own `matches` uses JavaScript's backtracking RegExp, so the rule is re-serialized with an RE2
// `matches` first: CEL patterns are RE2 patterns, and user input must never reach a backtracking
// engine.

import { serialize, type ASTNode } from "@marcbachmann/cel-js";
import type { DeclType } from "./cel-decl-type.ts";
import type { RuleEnvironment } from "./cel-environment.ts";
import { NotEvaluable } from "./cel-kubernetes-library.ts";
import { NotOfSchema, toCelValue } from "./cel-values.ts";

export type Verdict =
  { outcome: "accepted" } | { outcome: "rejected"; why: string } | { outcome: "unknown" };

export function evaluateRule(
  ast: ASTNode,
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
    const result: unknown = types.env.evaluate(serialize(withRe2Matches(ast)), context);
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

/** A copy of the AST in which every `.matches(...)` call is `.re2Matches(...)`. */
function withRe2Matches(node: ASTNode): ASTNode {
  const copy = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(copy);
    if (value === null || typeof value !== "object" || !("op" in value)) return value;
    const n = value as ASTNode;
    const args = copy(n.args) as unknown[];
    if (n.op === "rcall" && args[0] === "matches") args[0] = "re2Matches";
    return { op: n.op, args };
  };
  return copy(node) as ASTNode;
}
