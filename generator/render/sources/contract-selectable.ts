// Contract cases for selectableFields: an object with a known value at each selectable path, so
// the generated test can list with `path=value` (the object is found) and `path!=value` (it is
// not), which is what the API server answers "field label not supported" to without the field.

import type { OperatorModel } from "../../model/types.ts";
import { exampleValue } from "../manifests/example-values.ts";
import type { Spec, Slot } from "./contract-slots.ts";

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
      const value = valueAt(status, rest);
      if (value === undefined) throw new Error(`internal error: status sample has no ${field}`);
      return { field, value: selectorText(value), spec: minimal, status };
    }
    const slot = slots.find((s) => s.path === field);
    if (slot === undefined) throw new Error(`internal error: no contract slot for ${field}`);
    const placed = slot.place(exampleValue(slot.field));
    const spec = admits(placed) ? placed : minimal;
    const value = valueAt(spec, rest);
    if (value === undefined)
      throw new Error(`internal error: no valid spec with a value at ${field}`);
    return { field, value: selectorText(value), spec, status };
  });
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
