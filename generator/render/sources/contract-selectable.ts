// Contract cases for selectableFields: an object with a known value at each selectable path, so
// the generated test can list with `path=value` (the object is found) and `path!=value` (it is
// not), which is what the API server answers "field label not supported" to without the field.

import type { FieldModel, OperatorModel } from "../../model/types.ts";
import { exampleObject, exampleValue } from "../manifests/example-values.ts";
import { fieldViolations } from "../manifests/field-violations.ts";
import type { Spec, Slot } from "./contract-slots.ts";
import { admittedExample } from "./spec-admits.ts";

export interface SelectableCase {
  /** The field selector's label, e.g. spec.color. */
  field: string;
  /** The value as a field selector writes it: strings as they are, numbers and booleans as text. */
  value: string;
  spec: Spec;
  /** Written through /status before listing; the contract's status sample. */
  status: Spec;
}

/**
 * One case per selectable field. A spec path gets the slot's example value in an otherwise valid
 * spec (the same spec the schema cases accept); a status path reads the status sample.
 */
export function selectableCases(
  model: OperatorModel,
  minimal: Spec,
  slots: readonly Slot[],
  admits: (spec: Spec) => boolean,
  status: Spec,
): SelectableCase[] {
  return model.selectableFields.map((jsonPath) => {
    const field = jsonPath.slice(1);
    const [root, ...rest] = field.split(".");
    if (root === "status") {
      // The status sample holds required fields only; an optional one selected is filled in.
      const written = withStatusValue(model.status.fields, status, rest);
      const value = written && valueAt(written, rest);
      if (written === undefined || value === undefined)
        throw new Error(`internal error: no valid status with a value at ${field}`);
      return { field, value: selectorText(value), spec: minimal, status: written };
    }
    const slot = slots.find((s) => s.path === field);
    if (slot === undefined) throw new Error(`internal error: no contract slot for ${field}`);
    // The first example the whole spec admits: a spec rule may refuse the field's first one.
    const spec = admittedExample(slot.field, slot.place, admits, model.spec.rules) ?? minimal;
    const value = valueAt(spec, rest);
    if (value === undefined)
      throw new Error(`internal error: no valid spec with a value at ${field}`);
    return { field, value: selectorText(value), spec, status };
  });
}

/**
 * `status` with a value at `path` (through objects), the example value where there is none yet;
 * undefined when the status schema would refuse the result. Fields the runtime writes
 * (observedGeneration, phase) are always in the sample.
 */
function withStatusValue(
  fields: readonly FieldModel[],
  status: Spec,
  path: readonly string[],
): Spec | undefined {
  const [name, ...rest] = path;
  const field = fields.find((f) => f.name === name);
  if (name === undefined || field === undefined) return status;
  const current = status[name];
  let value: unknown = current;
  if (rest.length === 0) value = current ?? exampleValue(field);
  else if (field.type === "object") {
    const base = isRecord(current)
      ? current
      : exampleObject(field.fields, field.minProperties ?? 0);
    value = withStatusValue(field.fields, base, rest);
  }
  if (value === undefined || fieldViolations(field, value, `status.${field.path}`).length > 0)
    return undefined;
  return { ...status, [name]: value };
}

function isRecord(value: unknown): value is Spec {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function valueAt(object: Spec, path: readonly string[]): unknown {
  let value: unknown = object;
  for (const name of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[name];
  }
  return value;
}

function selectorText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}
