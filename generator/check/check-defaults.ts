// The API server persists defaults without validating them against the field's own rules, so a
// bad default becomes stored data that no later write can reproduce. Check it like user input.

import { kubernetesFieldDefinition } from "../base/kubernetes-types/as-field.ts";
import { isKubernetesTypeName } from "../base/kubernetes-types/catalog.ts";
import type { CheckContext } from "./context.ts";
import { re2Matches, re2Problem } from "../base/re2-pattern.ts";
import { formatRangeProblem } from "./check-numbers.ts";
import { describe } from "./schema-errors.ts";
import { has, isObject, num, obj, str, type RawObject } from "./raw-spec.ts";
import type { Path } from "./report.ts";

export interface ValueProblem {
  /** Relative to the value that was checked. */
  path: Path;
  message: string;
  /** Unknown keys are pointed at by their key. */
  at?: "key";
}

export function checkDefaults({ report, specFields, statusFields }: CheckContext): void {
  for (const v of [...specFields, ...statusFields]) {
    const type = str(v.def.type);
    if (has(v.def, "default")) {
      for (const problem of valueProblems(v.def, v.def.default)) {
        report.error(
          "SEM026",
          [...v.docPath, "default", ...problem.path],
          `default ${problem.message}`,
          "Change the default so it satisfies the field's own type and constraints.",
          problem.at ?? "value",
        );
      }
    }
    if (type && Array.isArray(v.def.enum)) {
      v.def.enum.forEach((value, i) => {
        const problem = typeProblem(type, value);
        if (problem)
          report.error(
            "SEM027",
            [...v.docPath, "enum", i],
            `enum value ${problem}`,
            `Every enum value must be ${type === "string" ? 'a string (quote numbers: "1")' : `of type ${type}`}.`,
          );
        else if (value !== null && typeof value !== "object") {
          // An enum value the field's own bounds, lengths or pattern refuse can never be set.
          // Format ranges are SEM124, non-finite and unsafe numbers SEM122/SEM123.
          const { enum: _enum, format: _format, ...rest } = v.def;
          const refused = valueProblems(rest, value)[0];
          if (refused)
            report.error(
              "SEM126",
              [...v.docPath, "enum", i],
              `enum value ${refused.message}`,
              "The API server would refuse this value of the field's own enum; fix the value or the field's constraints.",
            );
        }
      });
    }
  }
}

/** Everything wrong with `value` as an instance of the field definition `def`, recursively. */
export function valueProblems(def: RawObject, value: unknown): ValueProblem[] {
  const type = str(def.type);
  if (!type) return [];
  if (isKubernetesTypeName(type)) {
    // The embedded type's own structure; an unknown name is SEM240's to report.
    const embedded = kubernetesFieldDefinition(type);
    return embedded ? valueProblems({ ...embedded, nullable: def.nullable }, value) : [];
  }
  if (value === null)
    return def.nullable === true
      ? []
      : [{ path: [], message: "is null, but the field is not nullable" }];
  const typeError = typeProblem(type, value);
  if (typeError) return [{ path: [], message: typeError }];
  const problems: ValueProblem[] = [];
  const fail = (message: string) => problems.push({ path: [], message });
  if (Array.isArray(def.enum) && !def.enum.some((allowed) => allowed === value))
    fail(`${describe(value)} is not one of ${def.enum.map(String).join(", ")}`);
  if (typeof value === "number") {
    const min = num(def.minimum);
    const max = num(def.maximum);
    if (min !== undefined && value < min) fail(`${value} is below the minimum ${min}`);
    if (max !== undefined && value > max) fail(`${value} is above the maximum ${max}`);
    const outside = formatRangeProblem(type, str(def.format), value);
    if (outside) fail(outside);
  }
  if (typeof value === "string") {
    const minLength = num(def.minLength);
    const maxLength = num(def.maxLength);
    const pattern = str(def.pattern);
    if (minLength !== undefined && value.length < minLength)
      fail(`${describe(value)} is shorter than minLength ${minLength}`);
    if (maxLength !== undefined && value.length > maxLength)
      fail(`${describe(value)} is longer than maxLength ${maxLength}`);
    if (pattern !== undefined && re2Problem(pattern) === undefined && !re2Matches(pattern, value))
      fail(`${describe(value)} does not match the pattern ${pattern}`);
  }
  if (Array.isArray(value)) {
    const minItems = num(def.minItems);
    const maxItems = num(def.maxItems);
    if (minItems !== undefined && value.length < minItems)
      fail(`has ${value.length} items, fewer than minItems ${minItems}`);
    if (maxItems !== undefined && value.length > maxItems)
      fail(`has ${value.length} items, more than maxItems ${maxItems}`);
    if (isObject(def.items))
      value.forEach((item, i) => problems.push(...nested(def.items as RawObject, item, i)));
  }
  if (isObject(value) && (type === "object" || type === "map")) {
    const count = Object.keys(value).length;
    const minProperties = num(def.minProperties);
    const maxProperties = num(def.maxProperties);
    if (minProperties !== undefined && count < minProperties)
      fail(`has ${count} entries, fewer than minProperties ${minProperties}`);
    if (maxProperties !== undefined && count > maxProperties)
      fail(`has ${count} entries, more than maxProperties ${maxProperties}`);
    if (type === "map" && isObject(def.values))
      for (const [key, item] of Object.entries(value))
        problems.push(...nested(def.values, item, key));
    if (type === "object") problems.push(...objectProblems(def, value));
  }
  return problems;
}

function objectProblems(def: RawObject, value: RawObject): ValueProblem[] {
  const fields = obj(def.fields);
  const problems: ValueProblem[] = [];
  for (const [key, item] of Object.entries(value)) {
    const field = fields[key];
    if (!isObject(field))
      problems.push({
        path: [key],
        message: `has the key "${key}", which is not a field of this object`,
        at: "key",
      });
    else problems.push(...nested(field, item, key));
  }
  for (const [key, field] of Object.entries(fields)) {
    if (isObject(field) && field.required === true && !has(value, key) && !has(field, "default")) {
      problems.push({ path: [], message: `lacks the required field "${key}"` });
    }
  }
  return problems;
}

function nested(def: RawObject, value: unknown, segment: string | number): ValueProblem[] {
  return valueProblems(def, value).map((p) => ({ ...p, path: [segment, ...p.path] }));
}

/** Whether a value has the JSON type a field type expects; undefined when it does. */
export function typeProblem(type: string, value: unknown): string | undefined {
  const ok =
    type === "string"
      ? typeof value === "string"
      : type === "integer"
        ? Number.isInteger(value)
        : type === "number"
          ? typeof value === "number"
          : type === "boolean"
            ? typeof value === "boolean"
            : type === "object" || type === "map"
              ? isObject(value)
              : type === "array"
                ? Array.isArray(value)
                : type === "int-or-string"
                  ? Number.isInteger(value) || typeof value === "string"
                  : true;
  return ok
    ? undefined
    : `${describe(value)} is not ${type === "int-or-string" ? "an integer or a string" : `of type ${type}`}`;
}
