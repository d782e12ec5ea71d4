// The view-model of the generated API contract tests (test/contract/): every promise the CRD
// makes, as tables of cases the real API server must honour. Defaults, schema constraints, CEL
// rules with their examples, immutability, pruning, subresources and printer columns are all
// computed here from the model; the template only prints the tables.

import type { CelRule, FieldModel, OperatorModel } from "../../model/types.ts";
import { exampleObject, exampleValue } from "../manifests/example-values.ts";
import { fieldViolations } from "../manifests/field-violations.ts";
import {
  constraintCases,
  requiredCases,
  type Expectation,
  type SpecCase,
} from "./contract-constraints.ts";
import {
  contractStatus,
  printerColumnChecks,
  scaleView,
  type ScaleView,
} from "./contract-status.ts";
import { serverDefaults, specSlots, type Slot, type Spec } from "./contract-slots.ts";
import { fixtureJson, show } from "./contract-values.ts";

export interface TransitionCase {
  name: string;
  old: Spec;
  new: Spec;
  expect: Expectation;
}

export interface PruningCase {
  name: string;
  spec: Spec;
  /** The spec the server stores: unknown fields gone, defaults applied, free-form content kept. */
  stored: Spec;
}

export interface ContractView {
  /** JSON of the smallest spec the server accepts (required fields only). */
  minimalSpec: string;
  /** JSON of what the server stores for it. */
  defaultedSpec: string;
  /** JSON of `{ path, value }[]`: each field the server fills in. */
  defaults: string;
  hasDefaults: boolean;
  /** JSON of SpecCase[]: schema constraints (enum, bounds, lengths, pattern, format, counts, required, list types). */
  schemaCases: string;
  /** JSON of SpecCase[]: CEL rules' examples at the rule's location. */
  celCases: string;
  hasCelCases: boolean;
  /** JSON of TransitionCase[]: immutable fields and rules reading oldSelf. */
  transitionCases: string;
  hasTransitionCases: boolean;
  /** JSON of PruningCase[]. */
  pruningCases: string;
  /** JSON of a status the status schema accepts. */
  statusSample: string;
  /** JSON of a valid spec that differs from the defaulted minimal spec, or "null". */
  changedSpec: string;
  hasSpecChange: boolean;
  /** JSON of the printer column checks, Name first. */
  columns: string;
  hasScale: boolean;
  scale: ScaleView | null;
  /** Number of cases per table, for the README and the report. */
  counts: { schema: number; cel: number; transition: number; pruning: number; defaults: number };
}

export function buildContractView(model: OperatorModel): ContractView {
  const fields = model.spec.fields;
  const minimal = exampleObject(fields);
  const stored = serverDefaults(fields, minimal);
  const slots = specSlots(fields, minimal, model.spec.rules);
  const problems = fieldViolations({ ...rootField(fields), path: "spec" }, minimal, "spec");
  if (problems.length > 0)
    throw new Error(`internal error: the minimal spec is invalid: ${problems.join("; ")}`);

  const schema = dedupeAccepted([
    {
      name: "spec: the minimal spec (required fields only) is accepted",
      spec: minimal,
      expect: "accepted",
    },
    ...requiredCases("spec", fields, (value) => value),
    ...slots.flatMap((slot) => [
      ...constraintCases(slot, acceptInPlace),
      ...(slot.field.type === "object"
        ? requiredCases(slot.path, slot.field.fields, slot.place, slot.field.minProperties)
        : []),
    ]),
  ]);
  const cel = [
    ...ruleCases("spec", model.spec.rules, (v) => v as Spec),
    ...slots.flatMap((slot) => ruleCases(slot.path, slot.field.rules, slot.place)),
  ];
  const transitions = [
    ...transitionRuleCases("spec", model.spec.rules, (v) => v as Spec),
    ...slots.filter((s) => s.correlated).flatMap(transitionCases),
  ];
  const pruning = pruningCases(fields, slots, minimal, stored);
  const defaults = defaultChecks(fields, minimal, stored, "spec");
  const status = contractStatus(model);
  const change = changedSpec(fields, minimal, stored);
  const scale = scaleView(model, stored, status);
  return {
    minimalSpec: JSON.stringify(minimal),
    defaultedSpec: JSON.stringify(stored),
    defaults: JSON.stringify(defaults),
    hasDefaults: defaults.length > 0,
    schemaCases: fixtureJson(schema),
    celCases: fixtureJson(cel),
    hasCelCases: cel.length > 0,
    transitionCases: fixtureJson(transitions),
    hasTransitionCases: transitions.length > 0,
    pruningCases: fixtureJson(pruning),
    statusSample: JSON.stringify(status),
    changedSpec: JSON.stringify(change ?? null),
    hasSpecChange: change !== undefined,
    columns: JSON.stringify(printerColumnChecks(model, stored, status)),
    hasScale: scale !== null,
    scale,
    counts: {
      schema: schema.length,
      cel: cel.length,
      transition: transitions.length,
      pruning: pruning.length,
      defaults: defaults.length,
    },
  };
}

/** The spec as one object field, so the local checks can look at it whole. */
function rootField(fields: FieldModel[]): FieldModel {
  return {
    name: "spec",
    path: "spec",
    type: "object",
    required: true,
    nullable: false,
    hasDefault: false,
    immutable: false,
    fields,
    rules: [],
    tsType: "",
  };
}

const readsOldSelf = (rule: CelRule): boolean => /\boldSelf\b/.test(rule.rule);

/**
 * Accepts `value` at the slot, where CEL rules around it still hold. Rules are not evaluated
 * here, so when a rule may read the value, only values from the rules' own `valid` examples (or
 * the value the server already accepts, the default or the minimal spec's) are used.
 */
function acceptInPlace(slot: Slot, value: unknown, label: string): SpecCase {
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
function dedupeAccepted(cases: SpecCase[]): SpecCase[] {
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

function ruleLabel(rule: CelRule): string {
  return `rule: ${rule.message}`;
}

function celRejection(path: string, rule: CelRule): Expectation {
  // fieldPath is relative to the rule's location: ".retentionDays" or "['key']".
  const field = rule.fieldPath ? `${path}${rule.fieldPath}` : path;
  return { field, reason: rule.reason ?? "FieldValueInvalid", message: rule.message };
}

/** Each `valid` example accepted and each `invalid` one rejected with the rule's message. */
function ruleCases(path: string, rules: CelRule[], place: (v: unknown) => Spec): SpecCase[] {
  return rules
    .filter((rule) => !readsOldSelf(rule))
    .flatMap((rule) => [
      ...(rule.examples?.valid ?? []).map((example) => ({
        name: `${path}: ${show(example)} is accepted (${ruleLabel(rule)})`,
        spec: place(example),
        expect: "accepted" as const,
      })),
      ...(rule.examples?.invalid ?? []).map((example) => ({
        name: `${path}: ${show(example)} is rejected (${ruleLabel(rule)})`,
        spec: place(example),
        expect: celRejection(path, rule),
      })),
    ]);
}

/** Rules reading oldSelf: create with `old`, update to `new`. */
function transitionRuleCases(
  path: string,
  rules: CelRule[],
  place: (v: unknown) => Spec,
): TransitionCase[] {
  return rules.filter(readsOldSelf).flatMap((rule) => {
    const pair = (example: unknown) => example as { old: unknown; new: unknown };
    const label = (e: unknown) => `${show(pair(e).old)} → ${show(pair(e).new)}`;
    return [
      ...(rule.examples?.valid ?? []).map((e) => ({
        name: `${path}: ${label(e)} is accepted (${ruleLabel(rule)})`,
        old: place(pair(e).old),
        new: place(pair(e).new),
        expect: "accepted" as const,
      })),
      ...(rule.examples?.invalid ?? []).map((e) => ({
        name: `${path}: ${label(e)} is rejected (${ruleLabel(rule)})`,
        old: place(pair(e).old),
        new: place(pair(e).new),
        expect: celRejection(path, rule),
      })),
    ];
  });
}

/** A field's own transition rules, and immutability: a different value is refused, the same one is not. */
function transitionCases(slot: Slot): TransitionCase[] {
  const field = slot.field;
  const cases = transitionRuleCases(slot.path, field.rules, slot.place);
  if (!field.immutable) return cases;
  const first = field.hasDefault ? field.default : exampleValue(field);
  const other = [...(field.enum ?? []), ...[1, 2, 3, 4, 5, 6].map((i) => exampleValue(field, i))]
    .filter((v) => fieldViolations(field, v).length === 0)
    .find((v) => JSON.stringify(v) !== JSON.stringify(first));
  if (other === undefined)
    throw new Error(`internal error: no second valid value for immutable ${slot.path}`);
  const immutable = `${field.name} is immutable`;
  cases.push(
    {
      name: `${slot.path}: ${show(first)} → ${show(other)} is rejected (immutable)`,
      old: slot.place(first),
      new: slot.place(other),
      expect: { field: slot.path, reason: "FieldValueInvalid", message: immutable },
    },
    {
      name: `${slot.path}: ${show(first)} → ${show(first)} is accepted (immutable)`,
      old: slot.place(first),
      new: slot.place(first),
      expect: "accepted",
    },
  );
  if (!field.required && !field.hasDefault && slot.remove) {
    const parent = slot.path.slice(0, slot.path.lastIndexOf("."));
    cases.push({
      name: `${slot.path}: removing ${show(first)} is rejected (immutable)`,
      old: slot.place(first),
      new: slot.remove(),
      expect: {
        field: parent,
        reason: "FieldValueInvalid",
        message: `${immutable} and cannot be removed once set`,
      },
    });
  }
  return cases;
}

const UNKNOWN = "contractTestUnknownField";
const FREE_FORM_CONTENT = { anyKey: { nested: [1, "two", true] }, "dashed-key": "kept" };

function pruningCases(
  fields: FieldModel[],
  slots: Slot[],
  minimal: Spec,
  stored: Spec,
): PruningCase[] {
  const cases: PruningCase[] = [
    {
      name: `an unknown field at the spec root is pruned`,
      spec: { ...minimal, [UNKNOWN]: "pruned" },
      stored,
    },
  ];
  const nested = slots.find((s) => s.field.type === "object");
  if (nested) {
    const validExample = nested.field.rules
      .filter((r) => !readsOldSelf(r))
      .flatMap((r) => r.examples?.valid ?? [])[0] as Spec | undefined;
    const base = validExample ?? exampleObject(nested.field.fields, nested.field.minProperties);
    cases.push({
      name: `an unknown field inside ${nested.path} is pruned`,
      spec: nested.place({ ...base, [UNKNOWN]: "pruned" }),
      stored: serverDefaults(fields, nested.place(base)),
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
  return cases;
}

/** Each value the server fills in for the minimal spec; objects defaulted as a whole are listed field by field. */
function defaultChecks(
  fields: readonly FieldModel[],
  given: Spec,
  stored: Spec,
  path: string,
): Array<{ path: string; value: unknown }> {
  return fields.flatMap((field) => {
    const here = `${path}.${field.name}`;
    if (!(field.name in stored)) return [];
    const value = stored[field.name];
    if (field.type === "object" && value !== null && typeof value === "object") {
      const inner = (given[field.name] ?? {}) as Spec;
      if (field.name in given || !field.hasDefault)
        return defaultChecks(field.fields, inner, value as Spec, here);
    }
    return field.name in given ? [] : [{ path: here, value }];
  });
}

/** The minimal spec with one mutable top-level scalar changed; fields without CEL rules first. */
function changedSpec(fields: FieldModel[], minimal: Spec, stored: Spec): Spec | undefined {
  const scalar = ["string", "integer", "number", "boolean", "int-or-string"];
  const candidates = fields.filter((f) => !f.immutable && scalar.includes(f.type));
  const ordered = [
    ...candidates.filter((f) => f.rules.length === 0),
    ...candidates.filter((f) => f.rules.length > 0),
  ];
  for (const field of ordered) {
    const current = stored[field.name];
    // Growing a number first: a rule such as `self >= oldSelf` accepts it.
    const next = [
      ...(typeof current === "number" ? [current + 1] : []),
      ...(field.enum ?? []),
      ...[1, 2, 3, 4, 5, 6].map((i) => exampleValue(field, i)),
    ]
      .filter((v) => fieldViolations(field, v).length === 0)
      .find((v) => v !== current);
    if (next !== undefined) return { ...minimal, [field.name]: next };
  }
  return undefined;
}
