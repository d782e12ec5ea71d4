// Strings for fields with a `pattern`: the shortest few that the pattern (RE2, as the API server
// matches it) and every other constraint of the field accept, found by the bounded search over
// the pattern's program (base/pattern-search.ts). Cached per constraint set, because sample and
// contract values ask for the same field many times.

import { searchPattern } from "../../base/pattern-search.ts";
import type { FieldModel } from "../../model/types.ts";
import { fieldViolations } from "./field-violations.ts";

const cache = new Map<string, readonly string[]>();

/** Up to three values of a pattern field that break none of its constraints; empty if none found. */
export function patternExamples(field: FieldModel): readonly string[] {
  if (field.pattern === undefined) return [];
  const key = JSON.stringify([
    field.type,
    field.pattern,
    field.minLength,
    field.maxLength,
    field.format,
    field.enum,
  ]);
  let values = cache.get(key);
  if (values === undefined) {
    const probe: FieldModel = { ...field, rules: [] };
    const result = searchPattern(field.pattern, {
      minLength: field.minLength,
      maxLength: field.maxLength,
      wanted: 3,
      accept: (v) => fieldViolations(probe, v).length === 0,
    });
    values = result.kind === "found" ? result.values : [];
    cache.set(key, values);
  }
  return values;
}
