// Kubernetes' quantity CEL library (k8s.io/apiserver pkg/cel/library/quantity.go) for the
// operator's tenancy re-check, on an exact model of k8s.io/apimachinery v0.36.3's
// resource.Quantity rather than doubles: 0.1 + 0.2 equals 0.3 and a 21-digit quantity exceeds its
// 20-digit neighbour, as on the server. A Quantity is either an int64Amount (ParseQuantity's fast
// path: an int64 times a power of ten) or an inf.Dec (everything else, rounded up to the
// nanounit), and isInteger()/asInteger() answer by that form as Quantity.AsInt64 does: "2000m"
// and "1.5Gi" are not integers there, "1E" is.

import type { Environment } from "@marcbachmann/cel-js";

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);
const fitsInt64 = (n: bigint) => n >= INT64_MIN && n <= INT64_MAX;

export class KubeQuantity {
  /** The value is unscaled * 10^scale, exactly. */
  readonly unscaled: bigint;
  readonly scale: number;
  /** ParseQuantity's fast path (int64Amount{unscaled, scale}); false for an inf.Dec. */
  readonly int64: boolean;
  constructor(unscaled: bigint, scale: number, int64: boolean) {
    this.unscaled = unscaled;
    this.scale = scale;
    this.int64 = int64;
  }
}

const Q = "kubernetes.Quantity";

export function registerQuantityLibrary(env: Environment): void {
  const fn = (signature: string, handler: (...args: never[]) => unknown) =>
    env.registerFunction(signature, handler as (...args: unknown[]) => unknown);
  env.registerType(Q, { ctor: KubeQuantity, fields: {} });
  env.registerOperator(`${Q} == ${Q}`, (a: KubeQuantity, b: KubeQuantity) => compare(a, b) === 0);
  fn(`quantity(string): ${Q}`, (s: string) => parseQuantity(s));
  fn("isQuantity(string): bool", (s: string) => {
    try {
      parseQuantity(s);
      return true;
    } catch {
      return false;
    }
  });
  fn(`${Q}.sign(): int`, (q: KubeQuantity) => BigInt(Math.sign(Number(q.unscaled))));
  fn(`${Q}.isInteger(): bool`, (q: KubeQuantity) => asInt64(q) !== undefined);
  fn(`${Q}.asInteger(): int`, (q: KubeQuantity) => {
    const n = asInt64(q);
    if (n === undefined) throw new Error("cannot convert value to integer");
    return n;
  });
  fn(`${Q}.asApproximateFloat(): double`, (q: KubeQuantity) =>
    q.scale === 0 ? Number(q.unscaled) : Number(q.unscaled) * Number(`1e${q.scale}`),
  );
  fn(`${Q}.isGreaterThan(${Q}): bool`, (a: KubeQuantity, b: KubeQuantity) => compare(a, b) > 0);
  fn(`${Q}.isLessThan(${Q}): bool`, (a: KubeQuantity, b: KubeQuantity) => compare(a, b) < 0);
  fn(`${Q}.compareTo(${Q}): int`, (a: KubeQuantity, b: KubeQuantity) => BigInt(compare(a, b)));
  fn(`${Q}.add(${Q}): ${Q}`, (a: KubeQuantity, b: KubeQuantity) => add(a, b));
  fn(`${Q}.add(int): ${Q}`, (a: KubeQuantity, b: bigint) => add(a, new KubeQuantity(b, 0, true)));
  fn(`${Q}.sub(${Q}): ${Q}`, (a: KubeQuantity, b: KubeQuantity) => add(a, negate(b)));
  fn(`${Q}.sub(int): ${Q}`, (a: KubeQuantity, b: bigint) => add(a, new KubeQuantity(-b, 0, true)));
}

const FORMAT_WRONG =
  "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

const SUFFIXES: Readonly<Record<string, [base: 2 | 10, exponent: number]>> = {
  "": [10, 0],
  n: [10, -9],
  u: [10, -6],
  m: [10, -3],
  k: [10, 3],
  M: [10, 6],
  G: [10, 9],
  T: [10, 12],
  P: [10, 15],
  E: [10, 18],
  Ki: [2, 10],
  Mi: [2, 20],
  Gi: [2, 30],
  Ti: [2, 40],
  Pi: [2, 50],
  Ei: [2, 60],
};

const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";

/** resource.parseQuantityString, as written. */
function parseQuantityString(str: string): {
  positive: boolean;
  num: string;
  denom: string;
  suffix: string;
} {
  const end = str.length;
  let positive = true;
  let pos = 0;
  let num = "";
  let denom = "";
  if (str[0] === "-") [positive, pos] = [false, 1];
  else if (str[0] === "+") pos = 1;
  while (pos < end && str[pos] === "0") pos++;
  if (pos >= end) return { positive, num: "0", denom, suffix: "" };
  let i = pos;
  while (i < end && isDigit(str[i])) i++;
  num = str.slice(pos, i) || "0";
  pos = i;
  if (pos >= end) return { positive, num, denom, suffix: "" };
  if (str[pos] === ".") {
    i = ++pos;
    while (i < end && isDigit(str[i])) i++;
    denom = str.slice(pos, i);
    pos = i;
    if (pos >= end) return { positive, num, denom, suffix: "" };
  }
  const suffixStart = pos;
  while (pos < end && "eEinumkKMGTP".includes(str[pos]!)) pos++;
  if (pos < end && (str[pos] === "-" || str[pos] === "+")) pos++;
  while (pos < end && isDigit(str[pos])) pos++;
  if (pos < end) throw new Error(FORMAT_WRONG);
  return { positive, num, denom, suffix: str.slice(suffixStart) };
}

/** resource.ParseQuantity. */
export function parseQuantity(str: string): KubeQuantity {
  if (str === "") throw new Error(FORMAT_WRONG);
  if (str === "0") return new KubeQuantity(0n, 0, true);
  const { positive, num, denom, suffix } = parseQuantityString(str);
  let base: 2 | 10;
  let exponent: number;
  const known = SUFFIXES[suffix];
  if (known !== undefined) [base, exponent] = known;
  else if (/^[eE][-+]?[0-9]+$/.test(suffix)) [base, exponent] = [10, Number(suffix.slice(1))];
  else throw new Error("unable to parse quantity's suffix");
  const binary = base === 2;

  // The fast path: an int64 times a power of ten.
  let precision: number;
  let scale = 0;
  let mantissa = 1n;
  if (!binary) {
    scale = exponent;
    precision = 18 - (num.length + denom.length);
  } else if (denom.length === 0) {
    mantissa = 1n << BigInt(exponent);
    precision = 15 - num.length - Math.trunc(Math.fround(exponent * 0.3)) - 1;
  } else precision = -1;
  if (precision >= 0) {
    scale -= denom.length;
    if (scale >= -9) {
      const value = BigInt(num + denom);
      if (!fitsInt64(value)) throw new Error("unable to parse numeric part of quantity");
      const result = value * mantissa;
      if (fitsInt64(result)) return new KubeQuantity(positive ? result : -result, scale, true);
    }
  }

  // The slow path: an exact decimal, rounded up to the nanounit, capped for binary units.
  let unscaled = BigInt(num + denom);
  let decScale = -denom.length;
  if (binary) unscaled *= 1n << BigInt(exponent);
  else decScale += exponent;
  if (unscaled !== 0n && decScale < -9) {
    const divisor = 10n ** BigInt(-9 - decScale);
    unscaled = unscaled / divisor + (unscaled % divisor === 0n ? 0n : 1n);
    decScale = -9;
  }
  if (binary && compare(new KubeQuantity(unscaled, decScale, false), MAX) > 0)
    [unscaled, decScale] = [INT64_MAX, 0];
  return new KubeQuantity(positive ? unscaled : -unscaled, decScale, false);
}

const MAX = new KubeQuantity(INT64_MAX, 0, false);

/** Quantity.AsInt64: only an int64Amount with a scale >= 0 whose value fits. */
function asInt64(q: KubeQuantity): bigint | undefined {
  if (!q.int64 || q.scale < 0) return undefined;
  const n = q.unscaled * 10n ** BigInt(q.scale);
  return fitsInt64(n) ? n : undefined;
}

function compare(a: KubeQuantity, b: KubeQuantity): number {
  const scale = Math.min(a.scale, b.scale);
  const x = a.unscaled * 10n ** BigInt(a.scale - scale);
  const y = b.unscaled * 10n ** BigInt(b.scale - scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

function negate(q: KubeQuantity): KubeQuantity {
  return new KubeQuantity(-q.unscaled, q.scale, q.int64);
}

/** Quantity.Add: int64Amount.Add while both are int64Amounts and nothing overflows, else exact. */
function add(a: KubeQuantity, b: KubeQuantity): KubeQuantity {
  if (a.int64 && b.int64) {
    if (b.unscaled === 0n) return a;
    if (a.unscaled === 0n) return b;
    const scale = Math.min(a.scale, b.scale);
    const x = a.unscaled * 10n ** BigInt(a.scale - scale);
    const y = b.unscaled * 10n ** BigInt(b.scale - scale);
    if (fitsInt64(x) && fitsInt64(y) && fitsInt64(x + y))
      return new KubeQuantity(x + y, scale, true);
  }
  const scale = Math.min(a.scale, b.scale);
  const sum =
    a.unscaled * 10n ** BigInt(a.scale - scale) + b.unscaled * 10n ** BigInt(b.scale - scale);
  return new KubeQuantity(sum, scale, false);
}
