// The Kubernetes CEL functions the operator's tenancy re-check evaluates, so a rule the API server
// judges with quantity(), url(), ip(), cidr(), semver(), format.*, string.format, find/findAll and
// the strings, lists and sets extensions gives the same answer here. @marcbachmann/cel-js has
// CEL's standard functions built in; these are the ones k8s.io/apiserver's policy environment adds
// on top (Kubernetes 1.36). The network, semver, format-library and string.format parts live in
// their own tenancy-cel-*.ts files; test/tenancy-cel-oracle.test.ts holds all of them to the
// answers of Kubernetes' own CEL (scripts/cel-oracle).
//
// What the operator cannot evaluate is refused by the generator in any rule the operator
// re-checks (SEM313, generator/check/operator-cel-functions.ts lists it). An unknown function
// fails closed here anyway (an error refuses), but a refusal of what the server admits is a
// divergence too, so the generator keeps such rules out.

import { Environment, Optional } from "@marcbachmann/cel-js";
import { RE2JS } from "re2js";
import { NamedFormat, registerNamedFormatsLibrary } from "./tenancy-cel-named-formats.ts";
import { ipText, KubeCidr, KubeIp, registerNetworkLibrary } from "./tenancy-cel-network.ts";
import { registerMacros } from "./tenancy-cel-macros.ts";
import { kubernetesCalls, registerOverrides } from "./tenancy-cel-overrides.ts";
import { KubeQuantity, registerQuantityLibrary } from "./tenancy-cel-quantity.ts";
import { KubeUrl, registerUrlLibrary } from "./tenancy-cel-url.ts";
import { KubeSemver, parses, registerSemverLibrary } from "./tenancy-cel-semver.ts";
import {
  DURATION_CLASS,
  GO_CONTROL_ESCAPES,
  registerStringFormat,
  TYPE_CLASS,
  UINT,
} from "./tenancy-cel-string-format.ts";

class SetsNamespace {}
class StringsNamespace {}
class ListsNamespace {}

const Q = "kubernetes.Quantity";
const TIMESTAMP = "google.protobuf.Timestamp";
const DURATION = "google.protobuf.Duration";

/**
 * A CEL environment for the tenancy rules: optional types as in Kubernetes, and mixed-type list
 * and map literals allowed (Kubernetes refuses them when the policy is created, except as
 * string.format's arguments, so any the operator meets are ones the server admitted).
 */
export function tenancyEnvironment(): Environment {
  const env = new Environment({ enableOptionalTypes: true, homogeneousAggregateLiterals: false });
  registerTenancyLibrary(env);
  return env;
}

/**
 * A rule ready to evaluate: parsed once, with the built-in calls whose cel-js answer differs from
 * Kubernetes' pointed at this library's versions (tenancy-cel-overrides.ts).
 */
export function compileTenancyExpression(
  env: Environment,
  expression: string,
): (context?: Record<string, unknown>) => unknown {
  const parsed = env.parse(expression);
  kubernetesCalls(parsed.ast);
  return (context) => parsed(context);
}

export function registerTenancyLibrary(env: Environment): void {
  const fn = (signature: string, handler: (...args: never[]) => unknown) =>
    env.registerFunction(signature, handler as (...args: unknown[]) => unknown);
  for (const [name, ctor] of [
    ["sets", SetsNamespace],
    ["strings", StringsNamespace],
    ["lists", ListsNamespace],
  ] as const) {
    env.registerType(`${name}.namespace`, { ctor, fields: {} });
    env.registerConstant(name, `${name}.namespace`, new ctor());
  }

  // Two-variable comprehensions, sortBy, optMap and optFlatMap (macros cel-js lacks).
  registerMacros(env);
  registerOverrides(env, (v) =>
    v instanceof KubeIp
      ? ipText(v)
      : v instanceof KubeCidr
        ? `${ipText(v.ip)}/${v.prefix}`
        : undefined,
  );

  // Strings extension (version 2) beyond CEL's built-ins.
  fn("string.charAt(int): string", (s: string, i: bigint) => [...s][Number(i)] ?? "");
  fn("string.replace(string, string): string", (s: string, a: string, b: string) =>
    goReplace(s, a, b, -1),
  );
  fn("string.replace(string, string, int): string", (s: string, a: string, b: string, n: bigint) =>
    goReplace(s, a, b, Number(n)),
  );
  fn("string.reverse(): string", (s: string) => [...s].reverse().join(""));
  fn("strings.namespace.quote(string): string", (_: unknown, s: string) => celQuote(s));
  registerStringFormat(env, celTypeName);

  // Kubernetes list library and the lists extension (version 3).
  for (const t of ["int", "double", "string", "bool", "uint", "bytes", TIMESTAMP, DURATION]) {
    fn(`list<${t}>.isSorted(): bool`, (l: unknown[]) =>
      l.every((v, i) => i === 0 || cmp(l[i - 1], v) <= 0),
    );
    fn(`list<${t}>.min(): ${t}`, (l: unknown[]) => extreme(l, -1));
    fn(`list<${t}>.max(): ${t}`, (l: unknown[]) => extreme(l, 1));
    fn(`list<${t}>.sort(): list<${t}>`, (l: unknown[]) => [...l].sort(cmp));
  }
  fn("list<int>.sum(): int", (l: bigint[]) => l.reduce((a, b) => a + b, 0n));
  fn("list<double>.sum(): double", (l: number[]) => l.reduce((a, b) => a + b, 0));
  fn("list<A>.indexOf(A): int", (l: unknown[], v: unknown) =>
    BigInt(l.findIndex((x) => same(x, v))),
  );
  fn("list<A>.lastIndexOf(A): int", (l: unknown[], v: unknown) =>
    BigInt(l.map((x) => same(x, v)).lastIndexOf(true)),
  );
  fn("list<A>.slice(int, int): list<A>", (l: unknown[], a: bigint, b: bigint) =>
    l.slice(Number(a), Number(b)),
  );
  fn("list<A>.distinct(): list<A>", (l: unknown[]) =>
    l.filter((v, i) => l.findIndex((x) => same(x, v)) === i),
  );
  fn("list<A>.reverse(): list<A>", (l: unknown[]) => [...l].reverse());
  fn("list<A>.first(): optional<A>", (l: unknown[]) =>
    l.length > 0 ? Optional.of(l[0]) : Optional.none(),
  );
  fn("list<A>.last(): optional<A>", (l: unknown[]) =>
    l.length > 0 ? Optional.of(l[l.length - 1]) : Optional.none(),
  );
  // cel-go's optional library: none for the zero value of the type (cel-js names the namespace).
  fn("OptionalNamespace.ofNonZeroValue(A): optional<A>", (_: unknown, v: unknown) =>
    isZeroValue(v) ? Optional.none() : Optional.of(v),
  );
  fn("list<list<A>>.flatten(): list<A>", (l: unknown[][]) => l.flat());
  fn("lists.namespace.range(int): list<int>", (_: unknown, n: bigint) =>
    Array.from({ length: Number(n) }, (_v, i) => BigInt(i)),
  );

  // Sets extension.
  const has = (a: unknown[], x: unknown) => a.some((y) => same(x, y));
  fn("sets.namespace.contains(list<A>, list<A>): bool", (_: unknown, a: unknown[], b: unknown[]) =>
    b.every((x) => has(a, x)),
  );
  fn(
    "sets.namespace.equivalent(list<A>, list<A>): bool",
    (_: unknown, a: unknown[], b: unknown[]) =>
      b.every((x) => has(a, x)) && a.every((x) => has(b, x)),
  );
  fn(
    "sets.namespace.intersects(list<A>, list<A>): bool",
    (_: unknown, a: unknown[], b: unknown[]) => b.some((x) => has(a, x)),
  );

  // Quantity library, exact (tenancy-cel-quantity.ts).
  registerQuantityLibrary(env);

  // URL library, on a port of Go's net/url (tenancy-cel-url.ts).
  registerUrlLibrary(env);

  // IP and CIDR libraries.
  registerNetworkLibrary(env);

  // Semver library.
  registerSemverLibrary(env);

  // Format library: format.dns1123Label().validate(s) and the other named formats.
  registerNamedFormatsLibrary(env);

  // Regex library: RE2, as on the server (JavaScript's RegExp accepts patterns RE2 refuses).
  fn("string.find(string): string", (s: string, re: string) => {
    const m = re2(re).matcher(s);
    return m.find() ? (m.group() ?? "") : "";
  });
  fn("string.findAll(string): list<string>", (s: string, re: string) => findAll(s, re, -1n));
  fn("string.findAll(string, int): list<string>", (s: string, re: string, n: bigint) =>
    findAll(s, re, n),
  );
}

const TYPE_NAMES = new Map<unknown, string>([
  [KubeQuantity, Q],
  [KubeUrl, "kubernetes.URL"],
  [KubeIp, "net.IP"],
  [KubeCidr, "net.CIDR"],
  [KubeSemver, "kubernetes.Semver"],
  [NamedFormat, "kubernetes.NamedFormat"],
]);

/** A runtime value's CEL type as cel-go names it in errors (string.format's "was given ..."). */
function celTypeName(v: unknown): string {
  if (v === null) return "null_type";
  if (typeof v === "bigint") return "int";
  if (typeof v === "number") return "double";
  if (typeof v === "string") return "string";
  if (typeof v === "boolean") return "bool";
  if (Array.isArray(v)) return "list";
  if (v instanceof Uint8Array) return "bytes";
  if (v instanceof Date) return TIMESTAMP;
  if (v instanceof Optional) return "optional_type";
  const ctor = (v as object).constructor;
  const known = TYPE_NAMES.get(ctor);
  if (known !== undefined) return known;
  if (v instanceof UINT) return "uint";
  if (v instanceof DURATION_CLASS) return DURATION;
  if (v instanceof TYPE_CLASS) return "type";
  return "map";
}

/** k8s regex.go: Go's regexp (RE2); a pattern it refuses is an error, as there. */
function re2(pattern: string): RE2JS {
  try {
    return RE2JS.compile(pattern);
  } catch (err) {
    throw new Error(`Illegal regex: ${(err as Error).message}`);
  }
}

/**
 * Go's Regexp.FindAllString(s, n): all matches when n < 0, none when n == 0, and (Go's rule) no
 * empty match right where the previous match ended.
 */
function findAll(s: string, pattern: string, n: bigint): string[] {
  const out: string[] = [];
  const m = re2(pattern).matcher(s);
  let previousEnd = -1;
  for (let pos = 0; (n < 0n || BigInt(out.length) < n) && pos <= s.length;) {
    if (!m.find(pos)) break;
    const [start, end] = [m.start(), m.end()];
    const accept = !(end === start && start === previousEnd);
    pos = end === start ? start + (s.codePointAt(start)! > 0xffff ? 2 : 1) : end;
    previousEnd = end;
    if (accept) out.push(s.slice(start, end));
  }
  return out;
}

/** Go's strings.Replace: n < 0 for all; an empty `from` matches before every character and at the end. */
function goReplace(s: string, from: string, to: string, n: number): string {
  if (from === to || n === 0) return s;
  if (from === "") {
    const chars = [...s];
    const count = n < 0 || n > chars.length + 1 ? chars.length + 1 : n;
    return `${to}${chars
      .slice(0, count - 1)
      .map((c) => c + to)
      .join("")}${chars.slice(count - 1).join("")}`;
  }
  const parts = s.split(from);
  if (n < 0 || n >= parts.length - 1) return parts.join(to);
  return parts.slice(0, n + 1).join(to) + from + parts.slice(n + 1).join(from);
}

/** cel-go strings.quote: only these escapes; other characters as they are (lone surrogates as U+FFFD). */
function celQuote(s: string): string {
  const escapes: Record<string, string> = { ...GO_CONTROL_ESCAPES, "\\": "\\\\", '"': '\\"' };
  return `"${s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD").replace(/[\x07\b\f\n\r\t\v\\"]/g, (c: string) => escapes[c]!)}"`;
}

/** cel-go's IsZeroValue: 0, 0u, 0.0, "", b"", false, null, empty lists and maps, 0s, the epoch. */
function isZeroValue(v: unknown): boolean {
  if (v === null || v === false || v === "" || v === 0 || v === 0n) return true;
  if (v instanceof UINT) return (v as unknown as { value: bigint }).value === 0n;
  if (v instanceof Uint8Array || Array.isArray(v)) return v.length === 0;
  if (v instanceof Date) return v.getTime() === 0;
  if (v instanceof DURATION_CLASS) {
    const d = v as unknown as { seconds: bigint; nanos: number };
    return d.seconds === 0n && d.nanos === 0;
  }
  if (v instanceof Map) return v.size === 0;
  if (typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype)
    return Object.keys(v as object).length === 0;
  return false;
}

function cmp(a: unknown, b: unknown): number {
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
}

function extreme(l: unknown[], sign: 1 | -1): unknown {
  if (l.length === 0) throw new Error("min/max called on an empty list");
  return l.reduce((best, v) => (cmp(v, best) * sign > 0 ? v : best));
}

/** CEL equality of JSON-shaped values (numbers across int and double, lists and maps deeply). */
function same(a: unknown, b: unknown): boolean {
  if (
    (typeof a === "bigint" || typeof a === "number") &&
    (typeof b === "bigint" || typeof b === "number")
  )
    return Number(a) === Number(b);
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((v, i) => same(v, b[i]));
  if (a !== null && b !== null && typeof a === "object" && typeof b === "object") {
    const ka = Object.keys(a);
    return (
      ka.length === Object.keys(b).length &&
      ka.every(
        (k) => k in b && same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
      )
    );
  }
  return a === b;
}
