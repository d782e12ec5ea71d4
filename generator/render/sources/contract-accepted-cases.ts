// Accepted cases: a value a constraint keeps, placed where CEL rules around it still hold, and
// the merging of accepted cases that turn out to send the same spec.

import { exampleValue } from "../manifests/example-values.ts";
import { fieldViolations } from "../manifests/field-violations.ts";
import type { SpecCase } from "./contract-case-types.ts";
import { readsOldSelf } from "./contract-rule-cases.ts";
import type { Slot, Spec } from "./contract-slots.ts";
import { show } from "./contract-values.ts";

/**
 * Accepts `value` at the slot, where CEL rules around it still hold. Rules are not evaluated
 * here, so when a rule may read the value, only values from the rules' own `valid` examples (or
 * the value the server already accepts, the default or the minimal spec's) are used.
 */
export function acceptInPlace(slot: Slot, value: unknown, label: string): SpecCase {
  const placed = celSafe(slot, value);
  return {
    name: `${slot.path}: ${show(placed.value)} is accepted (${label})`,
    spec: placed.spec,
    expect: "accepted",
  };
}

function celSafe(slot: Slot, value: unknown): { value: unknown; spec: Spec } {
  const field = slot.field;
  const own = field.rules.filter((r) => !readsOldSelf(r));
  const member = slot.remove !== undefined;
  const around = (slot.container?.rules ?? []).filter(
    (r) => !readsOldSelf(r) && (!member || new RegExp(`\\b${field.name}\\b`).test(r.rule)),
  );
  if (own.length === 0 && around.length === 0) return { value, spec: slot.place(value) };
  const valid = (v: unknown) => v !== undefined && fieldViolations(field, v).length === 0;
  const closest = <T>(options: T[], of: (o: T) => unknown): T | undefined =>
    options.find((o) => of(o) === value) ??
    [...options].sort((a, b) => distance(of(a), value) - distance(of(b), value))[0];
  if (around.length > 0 && member) {
    const containers = around
      .flatMap((r) => r.examples?.valid ?? [])
      .filter((e): e is Spec => e !== null && typeof e === "object" && !Array.isArray(e))
      .filter((e) => valid(e[field.name]));
    const chosen = closest(containers, (e) => e[field.name]);
    if (chosen) return { value: chosen[field.name], spec: slot.container!.place(chosen) };
  } else if (around.length === 0) {
    const chosen = closest(own.flatMap((r) => r.examples?.valid ?? []).filter(valid), (v) => v);
    if (chosen !== undefined) return { value: chosen, spec: slot.place(chosen) };
  }
  const known = field.hasDefault ? field.default : exampleValue(field);
  return { value: known, spec: slot.place(known) };
}

function distance(a: unknown, b: unknown): number {
  return typeof a === "number" && typeof b === "number" ? Math.abs(a - b) : 1;
}

/** Two cases that accept the same spec become one, its name listing every constraint it keeps. */
export function dedupeAccepted(cases: SpecCase[]): SpecCase[] {
  const seen = new Map<string, SpecCase>();
  const out: SpecCase[] = [];
  for (const c of cases) {
    if (c.expect !== "accepted") {
      out.push(c);
      continue;
    }
    const key = `${c.name.slice(0, c.name.indexOf(":"))} ${JSON.stringify(c.spec)}`;
    const earlier = seen.get(key);
    if (earlier === undefined) {
      seen.set(key, c);
      out.push(c);
      continue;
    }
    const label = /\(([^()]*)\)$/.exec(c.name)?.[1];
    if (label && !earlier.name.includes(label))
      earlier.name = earlier.name.replace(/\)$/, `, ${label})`);
  }
  return out;
}
