// Parses and type-checks one rule against the type of its `self`, the way the API server compiles
// it when the CRD is created. A few valid Kubernetes constructs are beyond the CEL library used here
// (two-variable comprehensions and the macros built on them, sortBy, optMap, optFlatMap); such
// rules are reported as unchecked rather than refused, because a valid rule must never be
// rejected. (The operator's tenancy re-check implements them: runtime tenancy-cel-macros.ts.)

import { ParseError, type ASTNode, type Environment } from "@marcbachmann/cel-js";
import type { DeclType } from "./cel-decl-type.ts";
import { ruleEnvironment, type RuleEnvironment } from "./cel-environment.ts";

export type CompiledRule =
  | { status: "ok"; ast: ASTNode; env: Environment; types: RuleEnvironment }
  | { status: "unchecked"; construct: string }
  | { status: "blank" }
  | { status: "syntax" | "type"; message: string; offset: number };

/**
 * Macros of cel-go's two-variable comprehension extension (Kubernetes 1.32+), lists sortBy and the
 * optional library's optMap/optFlatMap (Kubernetes 1.28+).
 */
const UNMODELLED_MACROS: ReadonlySet<string> = new Set([
  "existsOne",
  "transformList",
  "transformMap",
  "transformMapEntry",
  "sortBy",
  "optMap",
  "optFlatMap",
]);

export function compileRule(rule: string, self: DeclType): CompiledRule {
  return compileExpression(rule, ruleEnvironment(self), "bool");
}

/** One expression in a prepared environment, which must return `returns` (or dyn). */
export function compileExpression(
  rule: string,
  types: RuleEnvironment,
  returns: "bool" | "string",
): CompiledRule {
  if (rule.trim() === "") return { status: "blank" };
  let parsed;
  try {
    parsed = types.env.parse(rule);
  } catch (error) {
    // Anything but a syntax error is the library's limit, not the rule's fault: never refuse on it.
    if (!(error instanceof ParseError)) return { status: "unchecked", construct: String(error) };
    return { status: "syntax", message: summaryOf(error), offset: error.range?.start ?? 0 };
  }
  const unmodelled = findUnmodelled(parsed.ast);
  if (unmodelled) return { status: "unchecked", construct: unmodelled };
  let result;
  try {
    result = parsed.check();
  } catch (error) {
    return { status: "unchecked", construct: String(error) };
  }
  if (!result.valid) {
    const error = result.error;
    return {
      status: "type",
      message: error ? summaryOf(error) : "type error",
      offset: error?.range?.start ?? 0,
    };
  }
  const foreign = findNotInKubernetes(parsed.ast);
  if (foreign) return { status: "type", ...foreign };
  if (result.type !== returns && result.type !== "dyn")
    return {
      status: "type",
      message: `the ${returns === "bool" ? "rule" : "expression"} must return a ${returns}, not ${result.type}`,
      offset: 0,
    };
  return { status: "ok", ast: parsed.ast, env: types.env, types };
}

/**
 * Functions this CEL library has that the API server's environment lacks: cel.bind (the bindings
 * extension is not enabled for CRDs) and the library's own bytes methods.
 */
function findNotInKubernetes(node: unknown): { message: string; offset: number } | undefined {
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = findNotInKubernetes(child);
      if (found) return found;
    }
    return undefined;
  }
  if (node === null || typeof node !== "object" || !("op" in node)) return undefined;
  const ast = node as ASTNode & { checkedType?: { name: string } };
  if (ast.op === "rcall") {
    const [name, receiver] = ast.args as unknown as [
      string,
      ASTNode & { checkedType?: { name: string } },
    ];
    if (name === "bind" && receiver.op === "id" && receiver.args === "cel")
      return {
        message:
          "cel.bind is not available in CRD validation rules (the API server reports: undeclared reference to 'cel')",
        offset: ast.start,
      };
    if (["json", "hex", "base64", "at"].includes(name) && receiver.checkedType?.name === "bytes")
      return { message: `bytes.${name}() is not a function of Kubernetes CEL`, offset: ast.start };
  }
  return findNotInKubernetes(ast.args);
}

function summaryOf(error: Error & { summary?: string }): string {
  return (error.summary ?? error.message.split("\n")[0] ?? error.message).trim();
}

function findUnmodelled(node: unknown): string | undefined {
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = findUnmodelled(child);
      if (found) return found;
    }
    return undefined;
  }
  if (node === null || typeof node !== "object" || !("op" in node)) return undefined;
  const ast = node as ASTNode;
  if (ast.op === "rcall") {
    const [name, , args] = ast.args as [string, ASTNode, ASTNode[]];
    if (UNMODELLED_MACROS.has(name)) return `${name}()`;
    if ((name === "all" || name === "exists" || name === "exists_one") && args.length === 3)
      return `two-variable ${name}()`;
  }
  return findUnmodelled(ast.args);
}
