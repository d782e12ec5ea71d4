// Sample spec values for the generated tests: a minimal valid spec (every required field) and one
// spec change that bumps metadata.generation. Derived from the field constraints so the values
// would pass the CRD's own validation.

import type { FieldModel } from "../../model/types.ts";

/** A value for `field` that satisfies its declared constraints, preferring its default. */
export function sampleValue(field: FieldModel): unknown {
  if (field.hasDefault && field.default !== null) return field.default;
  if (field.enum && field.enum.length > 0) return field.enum[0];
  switch (field.type) {
    case "string":
      return sampleString(field);
    case "integer":
    case "number":
      return field.minimum ?? 1;
    case "boolean":
      return false;
    case "int-or-string":
      return 1;
    case "object":
      return sampleObject(field.fields);
    case "array": {
      const count = field.minItems ?? 0;
      return field.items ? Array.from({ length: count }, () => sampleValue(field.items!)) : [];
    }
    case "map":
    case "free-form":
      return {};
  }
}

function sampleString(field: FieldModel): string {
  if (field.format === "hostname") return "example.org";
  if (field.format === "cidr") return "10.0.0.0/16";
  const base = "example";
  return field.minLength && field.minLength > base.length
    ? base.padEnd(field.minLength, "x")
    : base;
}

/** An object with every required field set; optional fields are left to their defaults. */
export function sampleObject(fields: readonly FieldModel[]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const field of fields) if (field.required) result[field.name] = sampleValue(field);
  return result;
}

export interface SpecChange {
  field: string;
  value: unknown;
}

/** A top-level scalar field and a different valid value for it, to drive a generation bump. */
export function specChange(fields: readonly FieldModel[]): SpecChange | undefined {
  for (const field of fields) {
    if (field.immutable) continue;
    const current = sampleValue(field);
    const other = differentValue(field, current);
    if (other !== undefined) return { field: field.name, value: other };
  }
  return undefined;
}

function differentValue(field: FieldModel, current: unknown): unknown {
  if (field.enum) return field.enum.find((v) => v !== current);
  switch (field.type) {
    case "string":
      return current === "example-changed" ? "example" : "example-changed";
    case "integer":
    case "number": {
      const next = typeof current === "number" ? current + 1 : (field.minimum ?? 1);
      return field.maximum !== undefined && next > field.maximum ? (field.minimum ?? 0) : next;
    }
    case "boolean":
      return current !== true;
    default:
      return undefined;
  }
}
