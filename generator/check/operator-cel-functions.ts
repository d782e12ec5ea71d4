// Which functions of the admission policy's CEL the operator's own re-check cannot evaluate. The
// operator judges the same rule text with @create-operator/runtime's tenancyGate, which implements
// CEL's standard functions and most of the Kubernetes library (packages/runtime/src/
// tenancy-cel-library.ts); a rule that calls one of these would be refused by the operator while
// the API server admits it (or the reverse), so check refuses it (SEM313) instead of letting
// defence in depth silently disagree with the policy. operator-cel-functions.test.ts proves both
// halves against the runtime: every library function not listed here evaluates there with the
// generator's answer, and every one listed here does not evaluate there.

import { Environment, type ASTNode } from "@marcbachmann/cel-js";

/**
 * Calls as `name` (a global function, with its argument count when only some overloads are
 * missing), `.name` (a method) or `namespace.name` (the ip, sets, strings, lists and format
 * libraries), each with why the operator lacks it.
 */
export const NOT_ON_OPERATOR: Readonly<Record<string, string>> = {
  // Not a Kubernetes function: the generator's own name for RE2 `matches` when it evaluates rule
  // examples (cel-examples.ts); the API server refuses a rule that calls it.
  ".re2Matches": "re2Matches is not a Kubernetes CEL function (use matches)",
};

const NAMESPACES = new Set(["ip", "sets", "strings", "lists", "format"]);

export interface MissingCall {
  call: string;
  why: string;
  /** Offset of the call's name in the expression. */
  offset: number;
}

/** The calls in `expression` the operator cannot evaluate; [] when it parses as nothing else. */
export function notOnOperator(expression: string): MissingCall[] {
  let ast: unknown;
  try {
    ast = new Environment({ unlistedVariablesAreDyn: true }).parse(expression).ast;
  } catch {
    return []; // SEM307 reports it
  }
  const found: MissingCall[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node === null || typeof node !== "object" || !("op" in node)) return;
    const n = node as ASTNode & { start: number };
    if (n.op === "call" || n.op === "rcall") {
      const [name, ...rest] = n.args as unknown as [string, ...unknown[]];
      const receiver = n.op === "rcall" ? (rest[0] as ASTNode & { end: number }) : undefined;
      const args = (n.op === "rcall" ? rest[1] : rest[0]) as unknown[];
      const keys =
        receiver === undefined
          ? [name, `${name}/${args.length}`]
          : receiver.op === "id" && NAMESPACES.has(receiver.args as string)
            ? [`${receiver.args as string}.${name}`, `${receiver.args as string}.*`]
            : [`.${name}`];
      const key = keys.find((k) => k in NOT_ON_OPERATOR);
      if (key !== undefined) {
        const offset = receiver === undefined ? n.start : expression.indexOf(name, receiver.end);
        found.push({ call: keys[0]!, why: NOT_ON_OPERATOR[key]!, offset });
      }
    }
    walk(n.args);
  };
  walk(ast);
  return found;
}
