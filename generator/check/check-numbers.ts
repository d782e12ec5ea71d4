// Numbers the API server and the generated TypeScript cannot both hold exactly. YAML reads .inf,
// and a bound of 2^53 + 1 silently becomes 2^53 in a JavaScript number. The API server checks
// every integer against int64 (int32 with format int32, see kube-openapi validate/values.go
// IsValueValidAgainstRange) and every float-format number against float32, including the
// bounds themselves: a maximum outside the format's range makes it reject every value.

import type { CheckContext } from "./context.ts";
import type { FieldVisit } from "./field-walk.ts";
import { has, str } from "./raw-spec.ts";

/**
 * The longest string and the most items or entries a bound may ask for. An object the API
 * server stores must fit etcd's 1.5 MiB request limit, so a longer string (1 MiB) or more
 * elements (each at least two bytes of JSON) can never be stored, and no test can show them.
 */
export const LENGTH_LIMIT = 1_048_576;
export const COUNT_LIMIT = 524_288;

const LENGTH_KEYS = ["minLength", "maxLength"] as const;
const COUNT_KEYS = ["minItems", "maxItems", "minProperties", "maxProperties"] as const;

const INT32 = { name: "int32", low: -(2 ** 31), high: 2 ** 31 - 1 } as const;
const FLOAT = { name: "float", low: -3.4028234663852886e38, high: 3.4028234663852886e38 } as const;
const INT64_LOW = -(2n ** 63n);
const INT64_HIGH = 2n ** 63n - 1n;

/**
 * Why the API server rejects this number for a field of this type and format; undefined when it
 * accepts it. It reads an integer as int64 when its JSON text fits int64 and as float64 otherwise,
 * and rejects a float64 on an integer field, so an integer is judged by the decimal text that
 * JSON.stringify sends (-2^63 is sent as -9223372036854776000, outside int64). Format int32 then
 * narrows the range; format float holds a number to float32.
 */
export function formatRangeProblem(
  type: string | undefined,
  format: string | undefined,
  value: number,
): string | undefined {
  if (type === "integer" && format === "int32") return outside(value, INT32);
  if (type === "integer") {
    const text = JSON.stringify(value);
    const fits = /^-?\d+$/.test(text) && BigInt(text) >= INT64_LOW && BigInt(text) <= INT64_HIGH;
    return fits
      ? undefined
      : `${value} is outside the range of format ${format ?? "int64"} (${INT64_LOW} to ${INT64_HIGH})`;
  }
  if (type === "number" && format === "float") return outside(value, FLOAT);
  return undefined;
}

function outside(
  value: number,
  range: { name: string; low: number; high: number },
): string | undefined {
  if (value >= range.low && value <= range.high) return undefined;
  return `${value} is outside the range of format ${range.name} (${range.low} to ${range.high})`;
}

export function checkNumbers({ report, specFields, statusFields }: CheckContext): void {
  for (const v of [...specFields, ...statusFields]) {
    const integral = v.type === "integer" || v.type === "int-or-string";
    const format = str(v.def.format);
    const numbers: Array<[key: string, path: (string | number)[], value: number]> = [];
    for (const key of ["minimum", "maximum"])
      if (typeof v.def[key] === "number") numbers.push([key, [key], v.def[key]]);
    if (typeof v.def.default === "number") numbers.push(["default", ["default"], v.def.default]);
    if (Array.isArray(v.def.enum))
      v.def.enum.forEach((value, i) => {
        if (typeof value === "number") numbers.push(["enum value", ["enum", i], value]);
      });
    for (const [key, rel, value] of numbers) {
      const path = [...v.docPath, ...rel];
      if (!Number.isFinite(value)) {
        report.error(
          "SEM122",
          path,
          `${key} ${yamlNumber(value)} is not a finite number`,
          "Bounds and values must be finite numbers; leave the bound out for no limit.",
        );
      } else if (integral && !Number.isInteger(value)) {
        // A non-integer default or enum value is already a type error (SEM026, SEM027).
        if (key === "minimum" || key === "maximum")
          report.error(
            "SEM123",
            path,
            `${key} ${value} of ${article(v)} field is not an integer`,
            "The API server rejects every value of an integer field whose bound is not an integer; use a whole number.",
          );
      } else if (integral && !Number.isSafeInteger(value)) {
        report.error(
          "SEM123",
          path,
          `${key} is beyond 2^53 (9007199254740991): JavaScript numbers cannot hold it exactly`,
          "Use a bound within ±9007199254740991, or a string field for larger numbers.",
        );
      } else if (key !== "default") {
        const problem = formatRangeProblem(v.type, format, value);
        if (problem)
          report.error(
            "SEM124",
            path,
            `${key} ${problem}`,
            `The API server rejects every value when a bound is outside format ${format}; keep it within the format's range or change the format.`,
          );
      }
    }
    checkSizes(v, report);
  }
}

function checkSizes(v: FieldVisit, report: CheckContext["report"]): void {
  for (const [keys, limit, what] of [
    [LENGTH_KEYS, LENGTH_LIMIT, "characters"],
    [COUNT_KEYS, COUNT_LIMIT, "elements"],
  ] as const) {
    for (const key of keys) {
      const value = v.def[key];
      if (!has(v.def, key) || typeof value !== "number" || !(value > limit)) continue;
      report.error(
        "SEM125",
        [...v.docPath, key],
        `${key} ${Number.isFinite(value) ? BigInt(Math.trunc(value)) : yamlNumber(value)} is more than ${limit} ${what}, more than an object the API server stores can hold`,
        `Objects are stored in etcd, whose request limit is 1.5 MiB; use at most ${limit}.`,
      );
    }
  }
}

function yamlNumber(value: number): string {
  if (Number.isNaN(value)) return ".nan";
  return value > 0 ? ".inf" : "-.inf";
}

function article(v: FieldVisit): string {
  return v.type === "integer" ? "an integer" : "an int-or-string";
}
