// The functions the API server adds to CEL for CRD validation rules (k8s.io/apiserver
// pkg/cel/library and the cel-go extensions it enables, as of Kubernetes 1.36): declared so the
// type checker accepts every rule the server accepts, and implemented so rule examples can be
// evaluated at generation time. Regular expressions run on RE2 (re2js), as on the server, never on
// a backtracking engine.

import { isIP } from "node:net";
import type { Environment } from "@marcbachmann/cel-js";
import { Optional } from "@marcbachmann/cel-js";
import { RE2JS } from "re2js";
import { compareQuantities, parseQuantity, type Quantity } from "./cel-quantity.ts";
import { formatValidator, FORMAT_NAMES, type NamedFormat } from "./cel-formats.ts";

/** The library's names for CEL's timestamp and duration types. */
export const TIMESTAMP = "google.protobuf.Timestamp";
export const DURATION = "google.protobuf.Duration";

class KubeUrl {
  readonly url: URL;
  constructor(url: URL) {
    this.url = url;
  }
}
class KubeIp {
  readonly text: string;
  readonly family: 4 | 6;
  constructor(text: string, family: 4 | 6) {
    this.text = text;
    this.family = family;
  }
}
class KubeCidr {
  readonly ip: KubeIp;
  readonly prefix: number;
  constructor(ip: KubeIp, prefix: number) {
    this.ip = ip;
    this.prefix = prefix;
  }
}
class KubeSemver {
  readonly parts: [bigint, bigint, bigint];
  constructor(parts: [bigint, bigint, bigint]) {
    this.parts = parts;
  }
}
class IpNamespace {}
class SetsNamespace {}
class StringsNamespace {}
class FormatNamespace {}
class ListsNamespace {}

/** Raised by functions whose result the generator does not compute; examples then go unchecked. */
export class NotEvaluable extends Error {}

export function registerKubernetesLibrary(env: Environment): void {
  const fn = (signature: string, handler: (...args: never[]) => unknown) =>
    env.registerFunction(signature, handler as (...args: unknown[]) => unknown);
  env.registerType("kubernetes.URL", { ctor: KubeUrl, fields: {} });
  env.registerType("net.IP", { ctor: KubeIp, fields: {} });
  env.registerType("net.CIDR", { ctor: KubeCidr, fields: {} });
  env.registerType("kubernetes.Quantity", { ctor: class {}, fields: {} });
  env.registerType("kubernetes.Semver", { ctor: KubeSemver, fields: {} });
  env.registerType("kubernetes.NamedFormat", { ctor: class {}, fields: {} });
  for (const [name, ctor] of [
    ["ip", IpNamespace],
    ["sets", SetsNamespace],
    ["strings", StringsNamespace],
    ["format", FormatNamespace],
    ["lists", ListsNamespace],
  ] as const) {
    env.registerType(`${name}.namespace`, { ctor, fields: {} });
    env.registerConstant(name, `${name}.namespace`, new ctor());
  }

  // Strings extension (version 2) beyond what the library has built in.
  fn("string.charAt(int): string", (s: string, i: bigint) => [...s][Number(i)] ?? "");
  fn("string.replace(string, string): string", (s: string, a: string, b: string) =>
    s.split(a).join(b),
  );
  fn("string.replace(string, string, int): string", (s: string, a: string, b: string, n: bigint) =>
    replaceN(s, a, b, Number(n)),
  );
  fn("string.reverse(): string", (s: string) => [...s].reverse().join(""));
  fn("strings.namespace.quote(string): string", (_: unknown, s: string) => JSON.stringify(s));
  fn("string.format(list<dyn>): string", () => {
    throw new NotEvaluable("string.format");
  });

  // Kubernetes list library and the cel-go lists extension (version 3).
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
    BigInt(l.findIndex((x) => celEquals(x, v))),
  );
  fn("list<A>.lastIndexOf(A): int", (l: unknown[], v: unknown) =>
    BigInt(l.map((x) => celEquals(x, v)).lastIndexOf(true)),
  );
  fn("list<A>.slice(int, int): list<A>", (l: unknown[], a: bigint, b: bigint) =>
    l.slice(Number(a), Number(b)),
  );
  fn("list<A>.distinct(): list<A>", (l: unknown[]) =>
    l.filter((v, i) => l.findIndex((x) => celEquals(x, v)) === i),
  );
  fn("list<A>.reverse(): list<A>", (l: unknown[]) => [...l].reverse());
  fn("list<list<A>>.flatten(): list<A>", (l: unknown[][]) => l.flat());
  fn("lists.namespace.range(int): list<int>", (_: unknown, n: bigint) =>
    Array.from({ length: Number(n) }, (_v, i) => BigInt(i)),
  );

  // Sets extension.
  fn("sets.namespace.contains(list<A>, list<A>): bool", (_: unknown, a: unknown[], b: unknown[]) =>
    b.every((x) => a.some((y) => celEquals(x, y))),
  );
  fn(
    "sets.namespace.equivalent(list<A>, list<A>): bool",
    (_: unknown, a: unknown[], b: unknown[]) =>
      b.every((x) => a.some((y) => celEquals(x, y))) &&
      a.every((x) => b.some((y) => celEquals(x, y))),
  );
  fn(
    "sets.namespace.intersects(list<A>, list<A>): bool",
    (_: unknown, a: unknown[], b: unknown[]) => b.some((x) => a.some((y) => celEquals(x, y))),
  );

  // Regex library, on RE2.
  fn("string.find(string): string", (s: string, re: string) => {
    const m = re2(re).matcher(s);
    return m.find() ? m.group() : "";
  });
  fn("string.findAll(string): list<string>", (s: string, re: string) => findAll(s, re, -1));
  fn("string.findAll(string, int): list<string>", (s: string, re: string, n: bigint) =>
    findAll(s, re, Number(n)),
  );
  fn("string.re2Matches(string): bool", (s: string, re: string) => re2(re).matcher(s).find());
  fn("matches(string, string): bool", (s: string, re: string) => re2(re).matcher(s).find());

  // URL library.
  fn("url(string): kubernetes.URL", (s: string) => new KubeUrl(parseUrl(s)));
  fn("isURL(string): bool", (s: string) => tryParse(() => parseUrl(s)));
  fn("kubernetes.URL.getScheme(): string", (u: KubeUrl) => u.url.protocol.replace(/:$/, ""));
  fn("kubernetes.URL.getHost(): string", (u: KubeUrl) => u.url.host);
  fn("kubernetes.URL.getHostname(): string", (u: KubeUrl) =>
    u.url.hostname.replace(/^\[|\]$/g, ""),
  );
  fn("kubernetes.URL.getPort(): string", (u: KubeUrl) => u.url.port);
  fn("kubernetes.URL.getEscapedPath(): string", (u: KubeUrl) => u.url.pathname);
  fn("kubernetes.URL.getQuery(): map<string, list<string>>", (u: KubeUrl) => {
    const out: Record<string, string[]> = {};
    for (const [k, v] of u.url.searchParams) (out[k] ??= []).push(v);
    return out;
  });

  // IP and CIDR libraries.
  fn("ip(string): net.IP", (s: string) => parseIp(s));
  fn("isIP(string): bool", (s: string) => tryParse(() => parseIp(s)));
  fn(
    "ip.namespace.isCanonical(string): bool",
    (_: unknown, s: string) => canonicalIp(parseIp(s)) === s,
  );
  fn("net.IP.family(): int", (ip: KubeIp) => BigInt(ip.family));
  fn("net.IP.isUnspecified(): bool", (ip: KubeIp) => /^(0\.0\.0\.0|::)$/.test(canonicalIp(ip)));
  fn(
    "net.IP.isLoopback(): bool",
    (ip: KubeIp) => ip.text.startsWith("127.") || canonicalIp(ip) === "::1",
  );
  for (const m of ["isLinkLocalMulticast", "isLinkLocalUnicast", "isGlobalUnicast"])
    fn(`net.IP.${m}(): bool`, () => {
      throw new NotEvaluable(m);
    });
  fn("string(net.IP): string", (ip: KubeIp) => canonicalIp(ip));
  fn("cidr(string): net.CIDR", (s: string) => parseCidr(s));
  fn("isCIDR(string): bool", (s: string) => tryParse(() => parseCidr(s)));
  fn("net.CIDR.ip(): net.IP", (c: KubeCidr) => c.ip);
  fn("net.CIDR.prefixLength(): int", (c: KubeCidr) => BigInt(c.prefix));
  fn("string(net.CIDR): string", (c: KubeCidr) => `${canonicalIp(c.ip)}/${c.prefix}`);
  for (const sig of [
    "net.CIDR.containsIP(net.IP): bool",
    "net.CIDR.containsIP(string): bool",
    "net.CIDR.containsCIDR(net.CIDR): bool",
    "net.CIDR.containsCIDR(string): bool",
    "net.CIDR.masked(): net.CIDR",
  ])
    fn(sig, () => {
      throw new NotEvaluable(sig);
    });

  // Quantity library.
  fn("quantity(string): kubernetes.Quantity", (s: string) => parseQuantity(s));
  fn("isQuantity(string): bool", (s: string) => tryParse(() => parseQuantity(s)));
  fn("kubernetes.Quantity.sign(): int", (q: Quantity) => BigInt(Math.sign(q.value)));
  fn("kubernetes.Quantity.isInteger(): bool", (q: Quantity) => Number.isSafeInteger(q.value));
  fn("kubernetes.Quantity.asInteger(): int", (q: Quantity) => {
    if (!Number.isSafeInteger(q.value)) throw new Error("cannot convert value to integer");
    return BigInt(q.value);
  });
  fn("kubernetes.Quantity.asApproximateFloat(): double", (q: Quantity) => q.value);
  fn(
    "kubernetes.Quantity.isGreaterThan(kubernetes.Quantity): bool",
    (a: Quantity, b: Quantity) => compareQuantities(a, b) > 0,
  );
  fn(
    "kubernetes.Quantity.isLessThan(kubernetes.Quantity): bool",
    (a: Quantity, b: Quantity) => compareQuantities(a, b) < 0,
  );
  fn("kubernetes.Quantity.compareTo(kubernetes.Quantity): int", (a: Quantity, b: Quantity) =>
    BigInt(compareQuantities(a, b)),
  );
  for (const op of ["add", "sub"])
    for (const arg of ["kubernetes.Quantity", "int"])
      fn(`kubernetes.Quantity.${op}(${arg}): kubernetes.Quantity`, () => {
        throw new NotEvaluable(`quantity ${op}`);
      });

  // Semver library.
  fn("semver(string): kubernetes.Semver", (s: string) => parseSemver(s));
  // The normalize flag (semverlib.go normalizeAndParse) is the operator's (tenancy-cel-semver.ts);
  // examples that use it go unchecked here rather than parsed without it.
  fn("semver(string, bool): kubernetes.Semver", () => {
    throw new NotEvaluable("semver(string, bool)");
  });
  fn("isSemver(string): bool", (s: string) => tryParse(() => parseSemver(s)));
  fn("isSemver(string, bool): bool", () => {
    throw new NotEvaluable("isSemver(string, bool)");
  });
  fn("kubernetes.Semver.major(): int", (v: KubeSemver) => v.parts[0]);
  fn("kubernetes.Semver.minor(): int", (v: KubeSemver) => v.parts[1]);
  fn("kubernetes.Semver.patch(): int", (v: KubeSemver) => v.parts[2]);
  fn(
    "kubernetes.Semver.isGreaterThan(kubernetes.Semver): bool",
    (a: KubeSemver, b: KubeSemver) => compareSemver(a, b) > 0,
  );
  fn(
    "kubernetes.Semver.isLessThan(kubernetes.Semver): bool",
    (a: KubeSemver, b: KubeSemver) => compareSemver(a, b) < 0,
  );
  fn("kubernetes.Semver.compareTo(kubernetes.Semver): int", (a: KubeSemver, b: KubeSemver) =>
    BigInt(compareSemver(a, b)),
  );

  // Format library: format.dns1123Label().validate(s) is none when s is valid.
  for (const name of FORMAT_NAMES)
    fn(`format.namespace.${name}(): kubernetes.NamedFormat`, () => ({ name }) as NamedFormat);
  fn(
    "format.namespace.named(string): optional<kubernetes.NamedFormat>",
    (_: unknown, name: string) =>
      (FORMAT_NAMES as readonly string[]).includes(name) ? Optional.of({ name }) : Optional.none(),
  );
  // Public CRDs compare the result with null (gateway-api: `validate(self) == null`); cel-go
  // accepts that, so declare it.
  env.registerOperator("optional<list<string>> == null", (o: Optional<unknown>) => !o.hasValue());
  fn(
    "kubernetes.NamedFormat.validate(string): optional<list<string>>",
    (f: NamedFormat, s: string) => {
      const errors = formatValidator(f.name)(s);
      return errors.length === 0 ? Optional.none() : Optional.of(errors);
    },
  );
}

function re2(pattern: string): RE2JS {
  return RE2JS.compile(pattern);
}

function findAll(s: string, pattern: string, limit: number): string[] {
  const out: string[] = [];
  const m = re2(pattern).matcher(s);
  while ((limit < 0 || out.length < limit) && m.find()) out.push(m.group() ?? "");
  return out;
}

function replaceN(s: string, from: string, to: string, n: number): string {
  if (n < 0) return s.split(from).join(to);
  const parts = s.split(from);
  return (
    parts.slice(0, n + 1).join(to) +
    (parts.length > n + 1 ? from + parts.slice(n + 1).join(from) : "")
  );
}

function tryParse(parse: () => unknown): boolean {
  try {
    parse();
    return true;
  } catch {
    return false;
  }
}

function parseUrl(s: string): URL {
  // Go's url.ParseRequestURI: an absolute URL or an absolute path.
  if (s.startsWith("/")) return new URL(s, "unknown:///");
  return new URL(s);
}

function parseIp(s: string): KubeIp {
  const family = isIP(s);
  if (family === 0 || s.includes("%") || /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(s))
    throw new Error(`IP Address "${s}" parse error`);
  return new KubeIp(s, family as 4 | 6);
}

function canonicalIp(ip: KubeIp): string {
  return ip.family === 4 ? ip.text : new URL(`http://[${ip.text}]/`).hostname.slice(1, -1);
}

function parseCidr(s: string): KubeCidr {
  const [address, prefix, ...rest] = s.split("/");
  const ip = parseIp(address ?? "");
  const bits = Number(prefix);
  if (rest.length > 0 || !/^\d+$/.test(prefix ?? "") || bits > (ip.family === 4 ? 32 : 128))
    throw new Error(`network address parse error during conversion from string: ${s}`);
  return new KubeCidr(ip, bits);
}

function parseSemver(s: string): KubeSemver {
  const m =
    /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/.exec(s);
  if (!m) throw new Error(`invalid semver: ${s}`);
  return new KubeSemver([BigInt(m[1]!), BigInt(m[2]!), BigInt(m[3]!)]);
}

function compareSemver(a: KubeSemver, b: KubeSemver): number {
  for (let i = 0; i < 3; i++)
    if (a.parts[i] !== b.parts[i]) return a.parts[i]! < b.parts[i]! ? -1 : 1;
  return 0;
}

function cmp(a: unknown, b: unknown): number {
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
}

function extreme(l: unknown[], sign: 1 | -1): unknown {
  if (l.length === 0) throw new Error("min/max called on an empty list");
  return l.reduce((best, v) => (cmp(v, best) * sign > 0 ? v : best));
}

/** CEL equality of runtime values: numbers across int/double, lists and maps deeply, objects by field. */
export function celEquals(a: unknown, b: unknown): boolean {
  if (
    (typeof a === "bigint" || typeof a === "number") &&
    (typeof b === "bigint" || typeof b === "number")
  )
    return Number(a) === Number(b);
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (a instanceof Uint8Array && b instanceof Uint8Array)
    return a.length === b.length && a.every((v, i) => v === b[i]);
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((v, i) => celEquals(v, b[i]));
  if (a !== null && b !== null && typeof a === "object" && typeof b === "object") {
    if (a instanceof Map || b instanceof Map) return false;
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return (
      ka.length === kb.length &&
      ka.every(
        (k) =>
          k in b && celEquals((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
      )
    );
  }
  return a === b;
}
