// What the server stores for a spec: unknown fields pruned (free-form content kept), defaults
// filled in, and a valid change of the minimal spec for the update tests.

import type { FieldModel } from "../../model/types.ts";
import { exampleObject, exampleValue } from "../manifests/example-values.ts";
import { fieldViolations } from "../manifests/field-violations.ts";
import type { PruningCase } from "./contract-case-types.ts";
import { readsOldSelf } from "./contract-rule-cases.ts";
import { serverDefaults, type Slot, type Spec } from "./contract-slots.ts";
import { anyValueCases } from "./contract-any-value.ts";
import { changeableFields } from "./changeable-fields.ts";

const UNKNOWN = "contractTestUnknownField";
const FREE_FORM_CONTENT = { anyKey: { nested: [1, "two", true] }, "dashed-key": "kept" };

export function pruningCases(
  fields: FieldModel[],
  slots: Slot[],
  minimal: Spec,
  stored: Spec,
  admits: (spec: Spec) => boolean,
): PruningCase[] {
  const cases: PruningCase[] = [
    {
      name: `an unknown field at the spec root is pruned`,
      spec: { ...minimal, [UNKNOWN]: "pruned" },
      stored,
    },
  ];
  // The first object the rules allow filled in beside the minimal spec's members: a spec-level
  // one-of rule refuses a second alternative beside the one the minimal spec holds.
  const nested = slots
    .filter((s) => s.field.type === "object")
    .map((slot) => ({ slot, base: objectBase(slot.field) }))
    .find(({ slot, base }) => admits(slot.place(base)));
  if (nested) {
    const { slot, base } = nested;
    cases.push({
      name: `an unknown field inside ${slot.path} is pruned`,
      spec: slot.place({ ...base, [UNKNOWN]: "pruned" }),
      stored: serverDefaults(fields, slot.place(base)),
    });
  }
  for (const slot of slots.filter((s) => s.field.type === "free-form")) {
    const spec = slot.place(structuredClone(FREE_FORM_CONTENT));
    cases.push({
      name: `free-form ${slot.path} keeps arbitrary content`,
      spec,
      stored: serverDefaults(fields, spec),
    });
  }
  cases.push(...anyValueCases(fields, slots, admits));
  return cases;
}

/**
 * A required member with a default, left out: the API server applies the default before it
 * validates, so the object is accepted and stored with the default (check warns of the pair,
 * WARN112). Real CRDs carry it; the contract proves what the server does with it.
 */
export function requiredDefaultCases(
  fields: readonly FieldModel[],
  slots: readonly Slot[],
  admits: (spec: Spec) => boolean,
): PruningCase[] {
  return slots
    .filter((s) => s.field.required && s.field.hasDefault && s.remove !== undefined)
    .map((slot) => ({ slot, spec: slot.remove!() }))
    .filter(({ spec }) => admits(spec))
    .map(({ slot, spec }) => ({
      name: `${slot.path}: leaving it out is accepted and stored as its default (required, with a default)`,
      spec,
      stored: serverDefaults(fields, spec),
    }));
}

/** An object's valid rule example, else the members it needs. */
function objectBase(field: FieldModel): Spec {
  const validExample = field.rules
    .filter((r) => !readsOldSelf(r))
    .flatMap((r) => r.examples?.valid ?? [])[0] as Spec | undefined;
  return validExample ?? exampleObject(field.fields, field.minProperties);
}

/** Each value the server fills in for the minimal spec; objects defaulted as a whole are listed field by field. */
export function defaultChecks(
  fields: readonly FieldModel[],
  given: Spec,
  stored: Spec,
  path: string,
): Array<{ path: string; value: unknown }> {
  return fields.flatMap((field) => {
    const here = `${path}.${field.name}`;
    if (!Object.hasOwn(stored, field.name)) return [];
    const value = stored[field.name];
    if (field.type === "object" && value !== null && typeof value === "object") {
      const inner = (Object.hasOwn(given, field.name) ? given[field.name] : {}) as Spec;
      if (Object.hasOwn(given, field.name) || !field.hasDefault)
        return defaultChecks(field.fields, inner, value as Spec, here);
    }
    return field.name in given ? [] : [{ path: here, value }];
  });
}

/** The minimal spec with one mutable top-level scalar changed; fields without CEL rules first. */
export function changedSpec(
  fields: FieldModel[],
  minimal: Spec,
  stored: Spec,
  admits: (spec: Spec) => boolean,
): Spec | undefined {
  for (const field of changeableFields(fields)) {
    const current = stored[field.name];
    // Growing a number first: a rule such as `self >= oldSelf` accepts it.
    const next = [
      ...(typeof current === "number" ? [current + 1] : []),
      ...(field.enum ?? []),
      ...[1, 2, 3, 4, 5, 6].map((i) => exampleValue(field, i)),
    ]
      .filter((v) => fieldViolations(field, v).length === 0)
      .find((v) => v !== current && admits({ ...minimal, [field.name]: v }));
    if (next !== undefined) return { ...minimal, [field.name]: next };
  }
  return undefined;
}
