// string.format of cel-go's strings extension as Kubernetes 1.36 enables it
// (ext.Strings(ext.StringsVersion(2)) on cel-go v0.26.0: ext/formatting.go, locale en_US), for the
// operator's tenancy re-check. Followed clause by clause, with its error texts:
//   %s  CEL's string() of the value; lists and maps as CEL literals (doubles there as %.6f);
//   %d  int, uint;  %b int, uint, bool;  %o int, uint;  %x %X int, uint, string, bytes;
//   %f  double (or "NaN", "Infinity", "-Infinity") through golang.org/x/text's en_US printer:
//       grouped thousands, ∞ for infinity;
//   %e  the same printer's scientific form, "1.052033×10⁰³" (x/text v0.33.0, the version
//       kube-apiserver 1.36.3 is built with). cel-go builds its verb as "%<precision>e": the
//       precision becomes a width (padding with spaces) and the digits are always six.
// Numbers round exactly from the double's binary value, half to even, as Go's strconv does.

import { Environment } from "@marcbachmann/cel-js";

// cel-js does not export its uint, duration and type classes; take them from values it makes.
const probe = new Environment();
const classOf = (expression: string) => (probe.evaluate(expression) as object).constructor;
export const UINT = classOf("uint(0)");
export const DURATION_CLASS = classOf("duration('0s')");
export const TYPE_CLASS = classOf("type(1)");

/** The CEL type name of a runtime value, as cel-go's TypeName() spells it. */
export type TypeNamer = (value: unknown) => string;

export function registerStringFormat(env: Environment, typeName: TypeNamer): void {
  env.registerFunction("string.format(list<dyn>): string", ((s: string, args: unknown[]) =>
    format(s, args, typeName)) as (...args: unknown[]) => unknown);
}

class FormatError extends Error {}

export function format(template: string, args: readonly unknown[], typeName: TypeNamer): string {
  let out = "";
  let argIndex = 0;
  for (let i = 0; i < template.length;) {
    if (template[i] !== "%") {
      out += template[i];
      i++;
      continue;
    }
    if (template[i + 1] === "%") {
      out += "%";
      i += 2;
      continue;
    }
    if (argIndex >= args.length) throw new FormatError(`index ${argIndex} out of range`);
    if (i + 1 >= template.length) throw new FormatError("unexpected end of string");
    const [read, clause] = parseClause(template.slice(i + 1));
    try {
      out += clause(args[argIndex], typeName);
    } catch (err) {
      throw new FormatError(`error during formatting: ${(err as Error).message}`);
    }
    i += 1 + read;
    argIndex++;
  }
  return out;
}

type Clause = (value: unknown, typeName: TypeNamer) => string;

function parseClause(s: string): [number, Clause] {
  let i = 0;
  let precision: number | undefined;
  if (s[0] === ".") {
    i = 1;
    while (i < s.length && s[i]! >= "0" && s[i]! <= "9") i++;
    if (i >= s.length)
      throw new FormatError(
        "could not parse formatting clause: error while parsing precision: could not find end of precision specifier",
      );
    const digits = s.slice(1, i);
    if (digits === "" || digits.length > 18)
      throw new FormatError(
        `could not parse formatting clause: error while parsing precision: error while converting precision to integer: strconv.Atoi: parsing ${JSON.stringify(digits)}: ${digits === "" ? "invalid syntax" : "value out of range"}`,
      );
    precision = Number(digits);
  }
  const verb = s[i]!;
  const clause = CLAUSES[verb]?.(precision ?? 6);
  if (clause === undefined) {
    // Go reads one byte and prints it as a rune: the first byte of a multi-byte character.
    const shown = verb.charCodeAt(0) < 0x80 ? verb : String.fromCharCode(firstUtf8Byte(verb));
    throw new FormatError(
      `could not parse formatting clause: unrecognized formatting clause ${JSON.stringify(shown)}`,
    );
  }
  return [i + 1, clause];
}

function firstUtf8Byte(s: string): number {
  return new TextEncoder().encode(String.fromCodePoint(s.codePointAt(0)!))[0]!;
}

const isInt = (v: unknown): v is bigint => typeof v === "bigint";
const isUint = (v: unknown): v is { value: bigint } => v instanceof UINT;
const isDuration = (v: unknown): v is { seconds: bigint; nanos: number } =>
  v instanceof DURATION_CLASS;
const isType = (v: unknown): boolean => v instanceof TYPE_CLASS;
const integer = (v: unknown): bigint | undefined =>
  isInt(v) ? v : isUint(v) ? BigInt(v.value) : undefined;

/** A double argument, or the strings "NaN", "Infinity", "-Infinity" the %f and %e clauses take. */
function double(v: unknown): number | undefined {
  if (typeof v === "number") return v;
  if (v === "NaN") return NaN;
  if (v === "Infinity") return Infinity;
  if (v === "-Infinity") return -Infinity;
  return undefined;
}

const CLAUSES: Readonly<Record<string, (precision: number) => Clause>> = {
  s: () => formatString,
  d: () => (v, name) => {
    const n = integer(v);
    if (n === undefined)
      throw new Error(`decimal clause can only be used on integers, was given ${name(v)}`);
    return n.toString();
  },
  f: (precision) => (v, name) => {
    const f = double(v);
    if (f === undefined)
      throw new Error(`fixed-point clause can only be used on doubles, was given ${name(v)}`);
    return localeFixed(f, precision);
  },
  e: (width) => (v, name) => {
    const f = double(v);
    if (f === undefined)
      throw new Error(`scientific clause can only be used on doubles, was given ${name(v)}`);
    return localeScientific(f, width);
  },
  b: () => (v, name) => {
    if (typeof v === "boolean") return v ? "1" : "0";
    const n = integer(v);
    if (n === undefined)
      throw new Error(`only integers and bools can be formatted as binary, was given ${name(v)}`);
    return n.toString(2);
  },
  o: () => (v, name) => {
    const n = integer(v);
    if (n === undefined)
      throw new Error(`octal clause can only be used on integers, was given ${name(v)}`);
    return n.toString(8);
  },
  x: () => hex,
  X: () => (v, name) => hex(v, name).toUpperCase(),
};

function hex(v: unknown, name: TypeNamer): string {
  const n = integer(v);
  if (n !== undefined) return n.toString(16);
  if (typeof v === "string") return Buffer.from(v, "utf8").toString("hex");
  if (v instanceof Uint8Array) return Buffer.from(v).toString("hex");
  throw new Error(
    `only integers, byte buffers, and strings can be formatted as hex, was given ${name(v)}`,
  );
}

/** ext FormatString: %s. */
function formatString(v: unknown, name: TypeNamer): string {
  if (Array.isArray(v)) return formatList(v, name);
  if (isMap(v)) return formatMap(v, name);
  if (v === null) return "null";
  const text = celString(v);
  if (text === undefined)
    throw new Error(
      `string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given ${name(v)}`,
    );
  return text;
}

function isMap(v: unknown): v is Record<string, unknown> | Map<unknown, unknown> {
  if (v instanceof Map) return true;
  if (v === null || typeof v !== "object") return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/** CEL's string() conversion of a scalar (cel-go ConvertToType(StringType)). */
export function celString(v: unknown): string | undefined {
  if (typeof v === "string") return v;
  if (typeof v === "boolean") return String(v);
  const n = integer(v);
  if (n !== undefined) return n.toString();
  if (typeof v === "number") return goG(v);
  if (v instanceof Uint8Array) return new TextDecoder("utf-8", { fatal: true }).decode(v);
  if (v instanceof Date) return v.toISOString().replace(/\.?0*Z$/, "Z");
  if (isDuration(v)) return `${goShortestFixed(Number(v.seconds) + v.nanos / 1e9)}s`;
  if (isType(v))
    return String(v)
      .replace(/^Type<(.*)>$/, "$1")
      .replace(/^null$/, "null_type");
  return undefined;
}

/** ext clauseForType: how a list element or map value is written. */
function element(v: unknown, name: TypeNamer): string {
  if (typeof v === "string") return goQuote(v);
  if (v instanceof Uint8Array) return `b${goQuote(celString(v)!)}`;
  if (typeof v === "number") {
    const text = goFixed(v, 6);
    return Number.isFinite(v) ? text : goQuote(text);
  }
  if (integer(v) !== undefined || typeof v === "boolean" || v === null || isType(v))
    return formatString(v, name);
  if (v instanceof Date) return `timestamp(${goQuote(celString(v)!)})`;
  if (isDuration(v)) return `duration(${goQuote(celString(v)!)})`;
  if (Array.isArray(v)) return formatList(v, name);
  if (isMap(v)) return formatMap(v, name);
  throw new Error(`no formatting function for ${name(v)}`);
}

function formatList(list: readonly unknown[], name: TypeNamer): string {
  return `[${list.map((v) => element(v, name)).join(", ")}]`;
}

function formatMap(map: Record<string, unknown> | Map<unknown, unknown>, name: TypeNamer): string {
  const entries = map instanceof Map ? [...map.entries()] : Object.entries(map);
  const pairs = entries.map(([k, v]): [string, string] => {
    let key: string;
    if (typeof k === "string") key = goQuote(k);
    else if (typeof k === "boolean" || integer(k) !== undefined) key = formatString(k, name);
    else throw new Error(`no formatting function for map key of type ${name(k)}`);
    return [key, element(v, name)];
  });
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${pairs.map(([k, v]) => `${k}:${v}`).join(", ")}}`;
}

/** Go's %q (strconv.Quote): printable characters kept, the rest escaped. */
export function goQuote(s: string): string {
  let out = '"';
  for (const c of s) {
    const code = c.codePointAt(0)!;
    if (c === '"' || c === "\\") out += `\\${c}`;
    else if (code >= 0x20 && code < 0x7f) out += c;
    else if (GO_CONTROL_ESCAPES[c] !== undefined) out += GO_CONTROL_ESCAPES[c];
    else if (code < 0x80) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else if (!/[\p{C}\p{Z}]/u.test(c)) out += c;
    else if (code < 0x10000) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else out += `\\U${code.toString(16).padStart(8, "0")}`;
  }
  return `${out}"`;
}
/** Go's one-letter escapes of control characters, as strconv.Quote and cel-go's strings.quote write them. */
export const GO_CONTROL_ESCAPES: Readonly<Record<string, string>> = {
  "\x07": "\\a",
  "\b": "\\b",
  "\f": "\\f",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
  "\v": "\\v",
};

/** The double's exact value as sign, numerator and a power-of-two denominator. */
function exact(f: number): { negative: boolean; numerator: bigint; shift: bigint } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, f);
  const bits = view.getBigUint64(0);
  const exponent = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  const mantissa = exponent === 0 ? fraction : fraction | (1n << 52n);
  const power = (exponent === 0 ? 1 : exponent) - 1075; // value = mantissa * 2^power
  return power >= 0
    ? { negative: bits >> 63n === 1n, numerator: mantissa << BigInt(power), shift: 0n }
    : { negative: bits >> 63n === 1n, numerator: mantissa, shift: BigInt(-power) };
}

/** round(|f| * 10^scale) half to even, exactly (scale may be negative). */
function scaled(f: number, scale: number): bigint {
  const { numerator, shift } = exact(f);
  let num = numerator * (scale >= 0 ? 10n ** BigInt(scale) : 1n);
  let den = (1n << shift) * (scale < 0 ? 10n ** BigInt(-scale) : 1n);
  const q = num / den;
  const r2 = (num % den) * 2n;
  [num, den] = [q, r2 < den ? 0n : r2 > den ? 1n : q & 1n];
  return num + den;
}

/** Go's fmt %.<precision>f without a locale: -0.500000, +Inf, NaN. */
function goFixed(f: number, precision: number): string {
  if (Number.isNaN(f)) return "NaN";
  if (!Number.isFinite(f)) return f > 0 ? "+Inf" : "-Inf";
  const digits = scaled(f, precision)
    .toString()
    .padStart(precision + 1, "0");
  const sign = exact(f).negative ? "-" : "";
  const whole = digits.slice(0, digits.length - precision);
  return precision === 0 ? sign + whole : `${sign}${whole}.${digits.slice(-precision)}`;
}

/** x/text's en_US %.<precision>f: grouped thousands, ∞ for infinity. */
function localeFixed(f: number, precision: number): string {
  if (Number.isNaN(f)) return "NaN";
  if (!Number.isFinite(f)) return f > 0 ? "∞" : "-∞";
  // x/text takes the sign from f < 0: -0.0 prints as 0.000000, -1e-9 as -0.000000.
  const plain = goFixed(Math.abs(f), precision);
  const [whole = "", fraction] = plain.split(".");
  const grouped = (f < 0 ? "-" : "") + whole.replace(/\B(?=(\d{3})+$)/g, ",");
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

const SUPERSCRIPT = "⁰¹²³⁴⁵⁶⁷⁸⁹";

/** x/text's en_US %<width>e: six fraction digits, "×10", a superscript exponent of 2+ digits. */
function localeScientific(f: number, width: number): string {
  return padStart(scientific(f), width);
}

/** fmt width: spaces on the left up to `width` characters (runes). */
function padStart(s: string, width: number): string {
  return " ".repeat(Math.max(0, width - [...s].length)) + s;
}

function scientific(f: number): string {
  if (Number.isNaN(f)) return "NaN";
  if (!Number.isFinite(f)) return f > 0 ? "∞" : "-∞";
  let exponent = f === 0 ? 0 : Math.floor(Math.log10(Math.abs(f)));
  let digits = scaled(f, 6 - exponent);
  if (digits >= 10_000_000n) digits = scaled(f, 6 - ++exponent);
  if (digits < 1_000_000n && f !== 0) digits = scaled(f, 6 - --exponent);
  const text = digits.toString().padStart(7, "0");
  const sign = exact(f).negative ? "-" : "";
  const power = [...String(Math.abs(exponent)).padStart(2, "0")]
    .map((d) => SUPERSCRIPT[Number(d)])
    .join("");
  return `${sign}${text[0]}.${text.slice(1)}×10${exponent < 0 ? "⁻" : ""}${power}`;
}

/** The shortest digits that read back as f, and the decimal exponent of the first. */
function shortest(f: number): { digits: string; exponent: number } {
  const [mantissa = "", exp = "0"] = Math.abs(f).toExponential().split("e");
  return { digits: mantissa.replace(".", ""), exponent: Number(exp) };
}

/** Go's strconv.FormatFloat(f, 'g', -1, 64), CEL's string(double). */
export function goG(f: number): string {
  if (Number.isNaN(f)) return "NaN";
  if (!Number.isFinite(f)) return f > 0 ? "+Inf" : "-Inf";
  const sign = exact(f).negative ? "-" : "";
  if (f === 0) return `${sign}0`;
  const { digits, exponent } = shortest(f);
  // Shortest 'g' switches to an exponent below 1e-4 and from 1e6 (Go: eprec = 6 when shortest).
  if (exponent < -4 || exponent >= 6) {
    const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const e = String(Math.abs(exponent)).padStart(2, "0");
    return `${sign}${mantissa}e${exponent < 0 ? "-" : "+"}${e}`;
  }
  return sign + goShortestFixed(Math.abs(f));
}

/** Go's strconv.FormatFloat(f, 'f', -1, 64). */
export function goShortestFixed(f: number): string {
  if (f === 0) return exact(f).negative ? "-0" : "0";
  const sign = f < 0 ? "-" : "";
  const { digits, exponent } = shortest(f);
  const point = exponent + 1;
  if (point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + "0".repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}
