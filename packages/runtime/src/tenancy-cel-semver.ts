// Kubernetes' semver CEL library (k8s.io/apiserver pkg/cel/library/semverlib.go, version 1 in
// Kubernetes 1.36) for the operator's tenancy re-check. Kubernetes parses with
// github.com/blang/semver/v4's Parse, and with the normalize flag first applies its own
// normalizeAndParse; both are followed here, as is blang's ordering (pre-releases before the
// release, numeric identifiers numerically, build metadata ignored).

import type { Environment } from "@marcbachmann/cel-js";

type Identifier = bigint | string;

export class KubeSemver {
  readonly parts: [bigint, bigint, bigint];
  readonly pre: readonly Identifier[];
  constructor(parts: [bigint, bigint, bigint], pre: readonly Identifier[]) {
    this.parts = parts;
    this.pre = pre;
  }
}

const S = "kubernetes.Semver";

export function registerSemverLibrary(env: Environment): void {
  const fn = (signature: string, handler: (...args: never[]) => unknown) =>
    env.registerFunction(signature, handler as (...args: unknown[]) => unknown);
  env.registerType(S, { ctor: KubeSemver, fields: {} });
  // apiserver's cel.Semver equality is blang's EQ: Compare == 0.
  env.registerOperator(`${S} == ${S}`, (a: KubeSemver, b: KubeSemver) => compare(a, b) === 0);
  fn(`semver(string): ${S}`, (s: string) => parse(s));
  fn(`semver(string, bool): ${S}`, (s: string, normalize: boolean) =>
    normalize ? normalizeAndParse(s) : parse(s),
  );
  fn("isSemver(string): bool", (s: string) => parses(() => parse(s)));
  fn("isSemver(string, bool): bool", (s: string, normalize: boolean) =>
    parses(() => (normalize ? normalizeAndParse(s) : parse(s))),
  );
  fn(`${S}.major(): int`, (v: KubeSemver) => v.parts[0]);
  fn(`${S}.minor(): int`, (v: KubeSemver) => v.parts[1]);
  fn(`${S}.patch(): int`, (v: KubeSemver) => v.parts[2]);
  fn(`${S}.isGreaterThan(${S}): bool`, (a: KubeSemver, b: KubeSemver) => compare(a, b) > 0);
  fn(`${S}.isLessThan(${S}): bool`, (a: KubeSemver, b: KubeSemver) => compare(a, b) < 0);
  fn(`${S}.compareTo(${S}): int`, (a: KubeSemver, b: KubeSemver) => BigInt(compare(a, b)));
}

/** Whether `parse` returns rather than throws: the is<Type>() checks of the Kubernetes libraries. */
export function parses(parse: () => unknown): boolean {
  try {
    parse();
    return true;
  } catch {
    return false;
  }
}

const NUMBERS = /^[0-9]*$/;
const ALPHANUM = /^[0-9A-Za-z-]*$/;

/** blang/semver/v4 Parse, with its error texts. */
function parse(s: string): KubeSemver {
  if (s.length === 0) throw new Error("Version string empty");
  const parts = splitN(s, ".", 3);
  if (parts.length !== 3) throw new Error("No Major.Minor.Patch elements found");
  const number = (text: string, what: string): bigint => {
    if (!NUMBERS.test(text))
      throw new Error(`Invalid character(s) found in ${what} number "${text}"`);
    if (text.length > 1 && text.startsWith("0"))
      throw new Error(
        `${what[0]!.toUpperCase()}${what.slice(1)} number must not contain leading zeroes "${text}"`,
      );
    if (text === "") throw new Error(`strconv.ParseUint: parsing "": invalid syntax`);
    if (BigInt(text) >= 2n ** 64n)
      throw new Error(`strconv.ParseUint: parsing "${text}": value out of range`);
    return BigInt(text);
  };
  const major = number(parts[0]!, "major");
  const minor = number(parts[1]!, "minor");
  let patch = parts[2]!;
  let build: string[] = [];
  let pre: string[] = [];
  const plus = patch.indexOf("+");
  if (plus >= 0) [build, patch] = [patch.slice(plus + 1).split("."), patch.slice(0, plus)];
  const dash = patch.indexOf("-");
  if (dash >= 0) [pre, patch] = [patch.slice(dash + 1).split("."), patch.slice(0, dash)];
  const patchNumber = number(patch, "patch");
  const identifiers = pre.map((p): Identifier => {
    if (p === "") throw new Error("Prerelease is empty");
    if (NUMBERS.test(p)) {
      if (p.length > 1 && p.startsWith("0"))
        throw new Error(`Numeric PreRelease version must not contain leading zeroes "${p}"`);
      return BigInt(p);
    }
    if (!ALPHANUM.test(p)) throw new Error(`Invalid character(s) found in prerelease "${p}"`);
    return p;
  });
  for (const b of build) {
    if (b === "") throw new Error("Build meta data is empty");
    if (!ALPHANUM.test(b)) throw new Error(`Invalid character(s) found in build meta data "${b}"`);
  }
  return new KubeSemver([major, minor, patchNumber], identifiers);
}

/** semverlib.go normalizeAndParse: no "v", no leading zeros, missing minor/patch as 0. */
function normalizeAndParse(text: string): KubeSemver {
  const s = text.startsWith("v") ? text.slice(1) : text;
  const parts = splitN(s, ".", 3).map((p) => {
    if (p.length <= 1) return p;
    const trimmed = p.replace(/^0+/, "");
    return trimmed === "" || !/^[0-9]/.test(trimmed) ? `0${trimmed}` : trimmed;
  });
  if (parts.length < 3) {
    if (/[+-]/.test(parts[parts.length - 1]!))
      throw new Error("short version cannot contain PreRelease/Build meta data");
    while (parts.length < 3) parts.push("0");
  }
  return parse(parts.join("."));
}

/** Go's strings.SplitN. */
function splitN(s: string, sep: string, n: number): string[] {
  const all = s.split(sep);
  return all.length <= n ? all : [...all.slice(0, n - 1), all.slice(n - 1).join(sep)];
}

/** blang Version.Compare. */
function compare(a: KubeSemver, b: KubeSemver): number {
  for (let i = 0; i < 3; i++)
    if (a.parts[i] !== b.parts[i]) return a.parts[i]! < b.parts[i]! ? -1 : 1;
  if (a.pre.length === 0 || b.pre.length === 0)
    return a.pre.length === b.pre.length ? 0 : a.pre.length === 0 ? 1 : -1;
  for (let i = 0; i < a.pre.length && i < b.pre.length; i++) {
    const [x, y] = [a.pre[i]!, b.pre[i]!];
    if (x === y) continue;
    if (typeof x !== typeof y) return typeof x === "bigint" ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return a.pre.length === b.pre.length ? 0 : a.pre.length < b.pre.length ? -1 : 1;
}
