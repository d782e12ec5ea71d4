// The constraints of a field's schema, checked locally: which ways a value would be rejected by
// the API server's schema validation (CEL rules excepted). Used to pick sample values and by
// tests that must know a value is valid before a control plane sees it.

import { re2Matches } from "../../base/re2-pattern.ts";
import { formatRangeProblem } from "../../check/check-numbers.ts";
import { FORMAT_CHECKS } from "../../base/string-formats.ts";
import { expandedKubernetesField } from "../../model/build-fields.ts";
import type { FieldModel } from "../../model/types.ts";

/** Every way `value` breaks the field's schema constraints; empty when the API server accepts it. */
export function fieldViolations(field: FieldModel, value: unknown, path = field.path): string[] {
  if (field.type === "kubernetes")
    return fieldViolations(expandedKubernetesField(field), value, path);
  if (value === null) return field.nullable ? [] : [`${path}: null is not allowed`];
  const problems: string[] = [];
  const fail = (message: string) => problems.push(`${path}: ${message}`);
  if (!typeMatches(field, value))
    return [`${path}: ${JSON.stringify(value)} is not of type ${field.type}`];
  // A typeless field (type: any) takes no keyword that could refuse a value (check-keywords.ts).
  if (field.type === "any") return [];
  if (field.enum && !field.enum.some((v) => v === value))
    fail(`${JSON.stringify(value)} is not one of ${field.enum.join(", ")}`);
  if (typeof value === "number") {
    if (field.minimum !== undefined && value < field.minimum)
      fail(`${value} < minimum ${field.minimum}`);
    if (field.maximum !== undefined && value > field.maximum)
      fail(`${value} > maximum ${field.maximum}`);
    const outside = formatRangeProblem(field.type, field.format, value);
    if (outside) fail(outside);
  }
  if (typeof value === "string") {
    const length = [...value].length;
    if (field.minLength !== undefined && length < field.minLength)
      fail(`shorter than ${field.minLength}`);
    if (field.maxLength !== undefined && length > field.maxLength)
      fail(`longer than ${field.maxLength}`);
    if (field.pattern !== undefined && !re2Matches(field.pattern, value))
      fail(`does not match ${field.pattern}`);
    const check = field.format ? FORMAT_CHECKS[field.format] : undefined;
    if (check && !check.test(value)) fail(`is not a valid ${field.format}`);
  }
  if (Array.isArray(value)) {
    if (field.minItems !== undefined && value.length < field.minItems)
      fail(`fewer than ${field.minItems} items`);
    if (field.maxItems !== undefined && value.length > field.maxItems)
      fail(`more than ${field.maxItems} items`);
    value.forEach((item, i) =>
      problems.push(...fieldViolations(field.items!, item, `${path}[${i}]`)),
    );
  } else if (typeof value === "object" && field.type !== "free-form") {
    const entries = Object.entries(value as Record<string, unknown>);
    if (field.minProperties !== undefined && entries.length < field.minProperties)
      fail(`fewer than ${field.minProperties} properties`);
    if (field.maxProperties !== undefined && entries.length > field.maxProperties)
      fail(`more than ${field.maxProperties} properties`);
    if (field.type === "map")
      for (const [key, v] of entries)
        problems.push(...fieldViolations(field.items!, v, `${path}.${key}`));
    if (field.type === "object")
      problems.push(...objectViolations(field.fields, value as Record<string, unknown>, path));
  }
  return problems;
}

/** Required fields present, every present field valid, no unknown fields. */
export function objectViolations(
  fields: readonly FieldModel[],
  value: Record<string, unknown>,
  path: string,
): string[] {
  const problems: string[] = [];
  for (const field of fields) {
    const childPath = path ? `${path}.${field.name}` : field.name;
    if (!Object.hasOwn(value, field.name)) {
      if (field.required) problems.push(`${childPath}: required`);
      continue;
    }
    problems.push(...fieldViolations(field, value[field.name], childPath));
  }
  for (const key of Object.keys(value))
    if (!fields.some((f) => f.name === key))
      problems.push(`${path ? `${path}.` : ""}${key}: unknown field`);
  return problems;
}

function typeMatches(field: FieldModel, value: unknown): boolean {
  switch (field.type) {
    case "string":
      return typeof value === "string";
    case "integer":
      return Number.isInteger(value);
    case "number":
      return typeof value === "number";
    case "boolean":
      return typeof value === "boolean";
    case "int-or-string":
      return Number.isInteger(value) || typeof value === "string";
    case "array":
      return Array.isArray(value);
    case "kubernetes":
      return typeMatches(expandedKubernetesField(field), value);
    case "object":
    case "map":
    case "free-form":
      return typeof value === "object" && value !== null && !Array.isArray(value);
    case "any":
      return true;
  }
}
