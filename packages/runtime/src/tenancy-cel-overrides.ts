// Built-in CEL functions whose cel-js answer differs from Kubernetes', for the operator's tenancy
// re-check. cel-js does not let a library replace a built-in overload, so a parsed rule's calls
// are pointed at this file's versions instead (kubernetesCalls): the rule text stays the user's.
//   matches       cel-js runs JavaScript's RegExp; Kubernetes runs RE2 (Go's regexp), which
//                 takes inline flags such as (?i) and refuses backreferences;
//   lowerAscii,   cel-js changes every letter's case; cel-go's strings extension only ASCII;
//   upperAscii
//   string(x)     cel-js writes doubles as JavaScript does (1000000, 0.000001); cel-go as Go's
//                 strconv 'g' (1e+06, 1e-06), and cel-js lacks string() of a duration or
//                 timestamp.

import type { ASTNode, Environment } from "@marcbachmann/cel-js";
import { RE2JS } from "re2js";
import { celString } from "./tenancy-cel-string-format.ts";

const RENAMED_METHODS: Readonly<Record<string, string>> = {
  matches: "k8sMatches",
  lowerAscii: "k8sLowerAscii",
  upperAscii: "k8sUpperAscii",
};
const RENAMED_FUNCTIONS: Readonly<Record<string, string>> = {
  matches: "k8sMatches",
  string: "k8sString",
};

/** Registers the replacements; `stringOf` writes the library's own types (net.IP, net.CIDR). */
export function registerOverrides(
  env: Environment,
  stringOf: (v: unknown) => string | undefined,
): void {
  const fn = (signature: string, handler: (...args: never[]) => unknown) =>
    env.registerFunction(signature, handler as (...args: unknown[]) => unknown);
  fn("string.k8sMatches(string): bool", (s: string, re: string) => re2(re).matcher(s).find());
  fn("k8sMatches(string, string): bool", (s: string, re: string) => re2(re).matcher(s).find());
  fn("string.k8sLowerAscii(): string", (s: string) => s.replace(/[A-Z]+/g, (m) => m.toLowerCase()));
  fn("string.k8sUpperAscii(): string", (s: string) => s.replace(/[a-z]+/g, (m) => m.toUpperCase()));
  fn("k8sString(dyn): string", (v: unknown) => {
    const text = stringOf(v) ?? celString(v);
    if (text === undefined) throw new Error("found no matching overload for 'string'");
    return text;
  });
}

/** Points the calls of a parsed rule at the Kubernetes versions registered above. */
export function kubernetesCalls(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(kubernetesCalls);
  if (node === null || typeof node !== "object" || !("op" in node)) return;
  const n = node as ASTNode;
  if (n.op === "rcall" || n.op === "call") {
    const args = n.args as unknown as [string, ...unknown[]];
    const renamed = (n.op === "rcall" ? RENAMED_METHODS : RENAMED_FUNCTIONS)[args[0]];
    if (renamed !== undefined) args[0] = renamed;
  }
  kubernetesCalls(n.args);
}

function re2(pattern: string): RE2JS {
  try {
    return RE2JS.compile(pattern);
  } catch (err) {
    throw new Error(`error parsing regexp: ${(err as Error).message}`);
  }
}
