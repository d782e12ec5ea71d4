// Contract cases for mapType: atomic, the one promise the CRD makes to server-side apply alone.
// A first manager applies the whole spec; a second applies only the atomic field, with a value
// that leaves out keys the first one set. An atomic field then holds exactly the second value;
// a granular one would have merged the two, keeping the first manager's keys.

import { isDeepStrictEqual } from "node:util";
import type { CelRule, FieldModel } from "../../model/types.ts";
import { exampleObject, exampleValue } from "../manifests/example-values.ts";
import { objectViolations } from "../manifests/field-violations.ts";
import { readsOldSelf } from "./contract-rule-cases.ts";
import { serverDefaults, type Slot, type Spec } from "./contract-slots.ts";

export interface MergeCase {
  /** The field as the API server names it, e.g. spec.ref. */
  field: string;
  /** Its path from the spec, e.g. ["ref"]. */
  path: string[];
  /** The whole spec the first manager applies. */
  first: Spec;
  /** The value the second manager applies at `path`, alone. */
  second: unknown;
  /** What the server then holds at `path`: `second` with its defaults, and nothing of `first`'s. */
  stored: unknown;
}

/**
 * One case per atomic object, map or free-form spec field reached through granular objects only
 * (an atomic ancestor would be replaced whole by the second apply). Left out where a value pair
 * that shows the difference is not known to be valid, or where a transition rule or immutable
 * field could refuse the second apply for reasons of its own.
 */
export function mergeCases(
  fields: readonly FieldModel[],
  specRules: readonly CelRule[],
  slots: readonly Slot[],
  admits: (spec: Spec) => boolean,
): MergeCase[] {
  if (specRules.some(readsOldSelf) || walk(fields).some(guardsUpdates)) return [];
  return slots.flatMap((slot) => {
    const f = slot.field;
    if (!slot.correlated || f.mapType !== "atomic") return [];
    const path = slot.path.split(".").slice(1);
    if (ancestors(fields, path).some((a) => a.mapType === "atomic")) return [];
    const pair = valuePair(f);
    if (!pair) return [];
    const [firstValue, second] = pair;
    const first = slot.place(firstValue);
    const then = slot.place(second);
    const valid = (spec: Spec) =>
      admits(spec) && objectViolations(fields, spec, "spec").length === 0;
    if (!valid(first) || !valid(then)) return [];
    const stored = valueAt(serverDefaults(fields, then), path);
    // Only a key of the first value that the stored second value lacks tells atomic from granular.
    const kept = Object.keys(firstValue).filter((k) => !Object.hasOwn(asRecord(stored), k));
    if (kept.length === 0) return [];
    return [{ field: slot.path, path, first, second, stored }];
  });
}

/** Two valid values of the field whose keys differ, the first holding keys the second does not. */
function valuePair(f: FieldModel): [Spec, Spec] | undefined {
  switch (f.type) {
    case "object": {
      const every = exampleObject(f.fields, f.fields.length);
      const fewest = exampleObject(f.fields, f.minProperties ?? 0, 1);
      return isDeepStrictEqual(Object.keys(every), Object.keys(fewest))
        ? undefined
        : [every, fewest];
    }
    case "map": {
      const count = Math.max(1, f.minProperties ?? 0);
      const entries = (prefix: string, offset: number) =>
        Object.fromEntries(
          Array.from({ length: count }, (_, i) => [
            `${prefix}-${i}`,
            exampleValue(f.items!, i + offset),
          ]),
        );
      return [entries("first", 0), entries("second", count)];
    }
    case "free-form":
      return [{ first: "set by the first manager" }, { second: "set by the second manager" }];
    default:
      return undefined;
  }
}

/** A field whose transition rules may refuse an update that leaves it unchanged. */
function guardsUpdates(f: FieldModel): boolean {
  return f.immutable || f.rules.some(readsOldSelf);
}

function walk(fields: readonly FieldModel[]): FieldModel[] {
  return fields.flatMap((f) => [f, ...walk(f.fields), ...(f.items ? walk([f.items]) : [])]);
}

/** The object fields strictly above the one at `path`. */
function ancestors(fields: readonly FieldModel[], path: readonly string[]): FieldModel[] {
  const out: FieldModel[] = [];
  let level = fields;
  for (const name of path.slice(0, -1)) {
    const field = level.find((f) => f.name === name);
    if (!field) break;
    out.push(field);
    level = field.fields;
  }
  return out;
}

function valueAt(spec: Spec, path: readonly string[]): unknown {
  return path.reduce<unknown>((at, key) => asRecord(at)[key], spec);
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
