// What the API server does with an object before its CEL rules run, read from the generated
// CRD's own OpenAPI schema (never from the model it was built from, so a mistake in the CRD or in
// a contract case cannot hide behind the same mistake in both): prune unknown fields, apply
// defaults, then validate the structural schema. Hand-written rather than ajv because the server's
// semantics differ from JSON Schema's where it matters here: RE2 patterns, int-or-string,
// preserve-unknown-fields, nullable, list types, and defaulting after pruning.

import { re2Matches } from "../../base/re2-pattern.ts";
import { FORMAT_CHECKS } from "../../base/string-formats.ts";
import type { JSONSchemaProps } from "../manifests/schema-types.ts";

/** A cause the server would report: field path, metav1 cause type, message. */
export interface Violation {
  field: string;
  reason: string;
  message: string;
}

type Json = Record<string, unknown>;

const isRecord = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The value as stored: unknown fields pruned, defaults applied (structural defaulting). */
export function prunedAndDefaulted(schema: JSONSchemaProps, value: unknown): unknown {
  if (Array.isArray(value))
    return schema.items ? value.map((item) => prunedAndDefaulted(schema.items!, item)) : value;
  if (!isRecord(value)) return value;
  if (schema.additionalProperties)
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        prunedAndDefaulted(schema.additionalProperties!, v),
      ]),
    );
  if (!schema.properties) return value;
  const out: Json = {};
  for (const [name, v] of Object.entries(value)) {
    const member = schema.properties[name];
    if (member) out[name] = prunedAndDefaulted(member, v);
    else if (schema["x-kubernetes-preserve-unknown-fields"]) out[name] = v;
  }
  for (const [name, member] of Object.entries(schema.properties))
    if (!Object.hasOwn(out, name) && member.default !== undefined)
      out[name] = prunedAndDefaulted(member, structuredClone(member.default));
  return out;
}

/**
 * Every way `value` breaks the structural schema (CEL rules aside), each at its field path. The
 * server names a place two ways: its OpenAPI check joins map keys with dots (`path`,
 * spec.tags.key-1), list-type checks use field.Path (`fieldPath`, spec.tags[key-1]).
 */
export function schemaViolations(
  schema: JSONSchemaProps,
  value: unknown,
  path: string,
  fieldPath = path,
): Violation[] {
  const out: Violation[] = [];
  const fail = (reason: string, message: string, at = path) =>
    out.push({ field: at, reason, message });
  if (value === null) {
    if (!schema.nullable) fail("FieldValueTypeInvalid", "null is not allowed");
    return out;
  }
  if (!typeMatches(schema, value)) {
    fail("FieldValueTypeInvalid", `must be of type ${schema.type}`);
    return out;
  }
  if (schema.enum && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(value)))
    fail("FieldValueNotSupported", `${JSON.stringify(value)} is not supported`);
  if (typeof value === "number") numberViolations(schema, value, fail);
  if (typeof value === "string") stringViolations(schema, value, fail);
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems)
      fail("FieldValueInvalid", `should have at least ${schema.minItems} items`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems)
      fail("FieldValueTooMany", `must have at most ${schema.maxItems} items`);
    if (schema["x-kubernetes-list-type"] === "set") duplicates(value, (v) => v, fieldPath, out);
    if (schema["x-kubernetes-list-type"] === "map") {
      const keys = schema["x-kubernetes-list-map-keys"] ?? [];
      duplicates(value, (v) => keys.map((k) => (isRecord(v) ? v[k] : undefined)), fieldPath, out);
    }
    value.forEach((item, i) => {
      if (schema.items)
        out.push(...schemaViolations(schema.items, item, `${path}[${i}]`, `${fieldPath}[${i}]`));
    });
  }
  if (isRecord(value)) {
    const count = Object.keys(value).length;
    if (schema.minProperties !== undefined && count < schema.minProperties)
      fail("FieldValueInvalid", `should have at least ${schema.minProperties} properties`);
    if (schema.maxProperties !== undefined && count > schema.maxProperties)
      fail("FieldValueTooMany", `must have at most ${schema.maxProperties} items`);
    for (const name of schema.required ?? [])
      if (!Object.hasOwn(value, name))
        fail("FieldValueRequired", "Required value", `${path}.${name}`);
    for (const [name, v] of Object.entries(value)) {
      const member = schema.properties?.[name];
      if (member)
        out.push(...schemaViolations(member, v, `${path}.${name}`, `${fieldPath}.${name}`));
      else if (schema.additionalProperties)
        out.push(
          ...schemaViolations(
            schema.additionalProperties,
            v,
            `${path}.${name}`,
            `${fieldPath}[${name}]`,
          ),
        );
    }
  }
  return out;
}

function typeMatches(schema: JSONSchemaProps, value: unknown): boolean {
  if (schema["x-kubernetes-int-or-string"])
    return typeof value === "string" || Number.isInteger(value);
  switch (schema.type) {
    case "object":
      return isRecord(value);
    case "array":
      return Array.isArray(value);
    case "string":
      return typeof value === "string";
    case "integer":
      return Number.isInteger(value);
    case "number":
      return typeof value === "number";
    case "boolean":
      return typeof value === "boolean";
    default:
      return true;
  }
}

type Fail = (reason: string, message: string) => void;

function numberViolations(schema: JSONSchemaProps, value: number, fail: Fail): void {
  if (schema.minimum !== undefined && value < schema.minimum)
    fail("FieldValueInvalid", `should be greater than or equal to ${schema.minimum}`);
  if (schema.maximum !== undefined && value > schema.maximum)
    fail("FieldValueInvalid", `should be less than or equal to ${schema.maximum}`);
  if (schema.type === "integer" && !inIntegerRange(value, schema.format))
    fail("FieldValueInvalid", `is outside the ${schema.format ?? "int64"} range`);
  // A float-format number is read as a float32 (kube-openapi IsValueValidAgainstRange).
  if (schema.type === "number" && schema.format === "float" && Math.abs(value) > FLOAT32_MAX)
    fail("FieldValueInvalid", "is outside the float range");
}

const FLOAT32_MAX = 3.4028234663852886e38;

/**
 * The server reads the JSON text, not a double: -(2 ** 63) is sent as -9223372036854776000, which
 * is no int64, so the range is judged on the digits JSON.stringify writes.
 */
function inIntegerRange(value: number, format: string | undefined): boolean {
  const text = JSON.stringify(value);
  if (!/^-?\d+$/.test(text)) return false;
  const bits = format === "int32" ? 31n : 63n;
  return BigInt(text) >= -(2n ** bits) && BigInt(text) < 2n ** bits;
}

function stringViolations(schema: JSONSchemaProps, value: string, fail: Fail): void {
  const length = [...value].length;
  if (schema.minLength !== undefined && length < schema.minLength)
    fail("FieldValueInvalid", `should be at least ${schema.minLength} chars long`);
  if (schema.maxLength !== undefined && length > schema.maxLength)
    fail("FieldValueTooLong", `may not be more than ${schema.maxLength} bytes`);
  if (schema.pattern !== undefined && !re2Matches(schema.pattern, value))
    fail("FieldValueInvalid", `should match '${schema.pattern}'`);
  const check = schema.format ? FORMAT_CHECKS[schema.format] : undefined;
  // kube-openapi reports a format failure as a type error (errors.InvalidTypeCode, converted to
  // field.TypeInvalid): "in body must be of type hostname".
  if (check && !check.test(value))
    fail("FieldValueTypeInvalid", `must be of type ${schema.format}`);
}

function duplicates(
  items: unknown[],
  keyOf: (v: unknown) => unknown,
  path: string,
  out: Violation[],
): void {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const key = JSON.stringify(keyOf(item));
    if (seen.has(key))
      out.push({
        field: `${path}[${i}]`,
        reason: "FieldValueDuplicate",
        message: "Duplicate value",
      });
    seen.add(key);
  });
}
