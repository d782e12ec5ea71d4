// The schema constraints of one spec location as contract test cases: for every enum, bound,
// length, pattern, format, item count, entry count, required member and list type, a value that
// breaks exactly that constraint (rejected with the API server's cause) and one that keeps it
// (accepted). Values are checked locally with field-violations.ts; a constraint without a
// provable bad value is an internal error, never a silently weaker test. Numeric and enum probes
// are here; string, list and map probes have their own modules.

import type { FieldModel } from "../../model/types.ts";
import { exampleObject } from "../manifests/example-values.ts";
import { fieldViolations } from "../manifests/field-violations.ts";
import type { AcceptPlacer, SpecCase } from "./contract-case-types.ts";
import { arrayProbes, mapProbes } from "./contract-collection-probes.ts";
import { kubernetesProbes } from "./contract-kubernetes-probes.ts";
import { boundProbes, formatRangeProbes, keepsReplicaRange } from "./contract-number-probes.ts";
import type { Probe } from "./contract-probe.ts";
import type { Slot, Spec } from "./contract-slots.ts";
import { stringProbes } from "./contract-string-probes.ts";
import { show } from "./contract-values.ts";

/** Negative and positive cases for every constraint on the slot's field. */
export function constraintCases(slot: Slot, accept: AcceptPlacer): SpecCase[] {
  const cases: SpecCase[] = [];
  for (const probe of probes(slot)) {
    if (probe.bad !== undefined && probe.rejection) {
      const breaks = probe.breaks ?? ((v) => fieldViolations(slot.field, v).length > 0);
      if (!breaks(probe.bad))
        throw new Error(
          `internal error: contract test value ${show(probe.bad)} for ${slot.path} keeps ${probe.label}`,
        );
      cases.push({
        name: `${slot.path}: ${show(probe.bad)} is rejected (${probe.label})`,
        spec: slot.place(probe.bad),
        expect: { field: slot.path, ...probe.rejection },
      });
    }
    const good = probe.good.find(
      (v) => fieldViolations(slot.field, v).length === 0 && keepsReplicaRange(slot, v),
    );
    if (good !== undefined) cases.push(accept(slot, good, probe.label));
  }
  return cases;
}

/**
 * Every value of a small enum is accepted in its own case; a large one is sampled (both ends and
 * evenly between), so the generated cases grow linearly with the spec, not with its square.
 */
const ENUM_CASES = 16;

function enumSample(values: readonly unknown[]): unknown[] {
  if (values.length <= ENUM_CASES) return [...values];
  const step = (values.length - 1) / (ENUM_CASES - 1);
  return Array.from({ length: ENUM_CASES }, (_, i) => values[Math.round(i * step)]);
}

function enumLabel(values: readonly unknown[]): string {
  if (values.length <= ENUM_CASES) return `enum ${values.map(String).join(", ")}`;
  return `enum of ${values.length} values (${String(values[0])} … ${String(values.at(-1))})`;
}

function probes(slot: Slot): Probe[] {
  const f = slot.field;
  const out: Probe[] = [];
  const integral = f.type === "integer" || f.type === "int-or-string";
  if (f.enum) {
    const allowed = new Set(f.enum);
    const bad = ["not-in-enum", "x", 999_999].find((v) => !allowed.has(v) && typeMatches(f, v));
    const label = enumLabel(f.enum);
    out.push({
      label,
      bad: bad ?? missing(`a value outside the enum of ${slot.path}`),
      rejection: { reason: "FieldValueNotSupported", message: "supported values" },
      good: [],
    });
    for (const value of enumSample(f.enum)) out.push({ label, good: [value] });
  }
  out.push(...boundProbes(slot));
  out.push(...formatRangeProbes(slot));
  if (f.type === "string") out.push(...stringProbes(slot));
  if (f.type === "array") out.push(...arrayProbes(slot));
  if (f.type === "map") out.push(...mapProbes(f));
  if (f.type === "kubernetes") out.push(...kubernetesProbes(slot));
  if (f.type === "int-or-string")
    out.push(
      {
        label: "int-or-string",
        bad: true,
        rejection: { reason: "FieldValueTypeInvalid", message: "must be of type integer,string" },
        good: [],
      },
      { label: "int-or-string: a number", good: [f.minimum ?? 80, f.maximum ?? 1] },
      { label: "int-or-string: a string", good: ["http", "example"] },
    );
  return out;
}

/**
 * Required members of an object slot (or the spec root), each left out once. A member with a
 * default is never missing (the server defaults before it validates; check warns of the pair,
 * WARN112), so it has no such case: its default cases show it stored with the default instead.
 */
export function requiredCases(
  path: string,
  fields: readonly FieldModel[],
  placeObject: (value: Spec) => Spec,
  minProperties = 0,
): SpecCase[] {
  const base = exampleObject(fields, minProperties);
  return fields
    .filter((f) => f.required && !f.hasDefault)
    .map((f) => ({
      name: `${path}.${f.name}: leaving it out is rejected (required)`,
      spec: placeObject(Object.fromEntries(Object.entries(base).filter(([k]) => k !== f.name))),
      expect: {
        field: `${path}.${f.name}`,
        reason: "FieldValueRequired",
        message: "Required value",
      },
    }));
}

function missing(what: string): never {
  throw new Error(`internal error: found no ${what}; the contract test would be weak`);
}

function typeMatches(f: FieldModel, value: unknown): boolean {
  return fieldViolations({ ...f, enum: undefined }, value).every((p) => !p.includes("not of type"));
}
