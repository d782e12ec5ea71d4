// The view-model of the generated API contract tests (test/contract/): every promise the CRD
// makes, as tables of cases the real API server must honour. Defaults, schema constraints, CEL
// rules with their examples, immutability, pruning, subresources and printer columns are all
// computed here from the model; the template only prints the tables.

import { hasSpec, type FieldModel, type OperatorModel } from "../../model/types.ts";
import {
  exampleObject,
  exampleSpec,
  exampleValue,
  overObject,
} from "../manifests/example-values.ts";
import { fieldViolations } from "../manifests/field-violations.ts";
import { acceptInPlace, dedupeAccepted } from "./contract-accepted-cases.ts";
import { constraintCases, requiredCases } from "./contract-constraints.ts";
import { ruleCases, transitionCases, transitionRuleCases } from "./contract-rule-cases.ts";
import { rulesAdmit } from "./contract-rules-admit.ts";
import { admittedExample } from "./spec-admits.ts";
import { serverDefaults, specSlots, type Spec } from "./contract-slots.ts";
import {
  contractStatus,
  statusShapeCases,
  printerColumnChecks,
  scaleView,
  type ScaleView,
} from "./contract-status.ts";
import {
  changedSpec,
  defaultChecks,
  pruningCases,
  requiredDefaultCases,
} from "./contract-storage-cases.ts";
import { mergeCases } from "./contract-merge.ts";
import { selectableCases } from "./contract-selectable.ts";
import { fixtureJson } from "./contract-values.ts";
import type { Expectation } from "./contract-case-types.ts";
import { inReplicaRange } from "./contract-number-probes.ts";
import { invalidCompletion } from "./contract-invalid-examples.ts";

export interface ContractView {
  /** JSON of the smallest spec the server accepts (required fields only). */
  minimalSpec: string;
  /** JSON of the minimal spec plus the optional fields printer columns and /scale read. */
  sampleSpec: string;
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
  /** JSON: status writes by other controllers, accepted or refused (StatusCase[]). */
  statusCases: string;
  /** JSON: an object and its value per selectable field (SelectableCase[]). */
  selectableCases: string;
  /** JSON: two server-side applies per atomic field (MergeCase[]). */
  mergeCases: string;
  /** JSON of a valid spec that differs from the defaulted minimal spec, or "null". */
  changedSpec: string;
  hasSpecChange: boolean;
  /** JSON of the printer column checks, Name first. */
  columns: string;
  hasScale: boolean;
  scale: ScaleView | null;
  /** JSON of `scale`, for test/contract/cases.json. */
  scaleJson: string;
  /** Number of cases per table, for the README and the report. */
  counts: { schema: number; cel: number; transition: number; pruning: number; defaults: number };
}

export function buildContractView(model: OperatorModel): ContractView {
  if (!hasSpec(model)) return specLessView(model);
  const fields = model.spec.fields;
  const minimal = exampleSpec(model.spec);
  const stored = serverDefaults(fields, minimal);
  const replicasPath = model.api.scale?.specReplicasPath.slice(1);
  const slots = specSlots(fields, minimal, model.spec.rules).map((slot) =>
    slot.path === replicasPath ? { ...slot, scaleReplicas: true } : slot,
  );
  const problems = fieldViolations({ ...rootField(fields), path: "spec" }, minimal, "spec");
  if (problems.length > 0)
    throw new Error(`internal error: the minimal spec is invalid: ${problems.join("; ")}`);

  // A field rule's example is valid for that rule only: the spec's own rules, and those of every
  // object around it, may refuse the whole spec it sits in, and then the server never gets to the
  // field rule. Such cases are left out (see contract-rules-admit.ts). The same holds for a value
  // a constraint accepts (an enum value the object's rule forbids beside its sibling).
  const admits = rulesAdmit(fields, model.spec.rules, minimal);
  const schemaAccepts = (spec: Spec) =>
    fieldViolations({ ...rootField(fields), path: "spec" }, spec, "spec").length === 0;
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
  ]).filter((c) => c.expect !== "accepted" || admits(c.spec));
  const root = { ...rootField(fields), rules: model.spec.rules };
  const cel = [
    ...ruleCases(
      "spec",
      root,
      (v) => v as Spec,
      (v) => overObject(minimal, v),
      invalidCompletion(root, minimal),
    ),
    ...slots.flatMap((slot) => {
      const base = exampleObject(slot.field.fields, slot.field.minProperties ?? 0);
      return ruleCases(
        slot.fieldPath,
        slot.field,
        slot.place,
        (v) => (slot.field.type === "object" ? overObject(base, v) : v),
        slot.field.type === "object" ? invalidCompletion(slot.field, base) : (v) => v,
      ).filter((c) => c.expect !== "accepted" || admits(c.spec, slot.field.rules));
    }),
  ];
  const transitions = [
    // A spec-level transition example is a whole spec too: created, it needs the required fields.
    ...transitionRuleCases("spec", root, (v) => overObject(minimal, v) as Spec),
    ...slots
      .filter((s) => s.correlated)
      .flatMap(transitionCases)
      // An old object the schema refuses cannot be created, so it tests no transition: leaving
      // an immutable member out of a one-of object with minProperties: 1 leaves it empty.
      .filter((c) => schemaAccepts(c.old) && admits(c.old))
      .filter((c) => c.expect !== "accepted" || (schemaAccepts(c.new) && admits(c.new))),
  ];
  const pruning = [
    ...pruningCases(fields, slots, minimal, stored, (spec) => admits(spec)),
    // Judged as the server judges it: defaults applied first, then the schema and the rules.
    ...requiredDefaultCases(fields, slots, (spec) => {
      const defaulted = serverDefaults(fields, spec);
      return schemaAccepts(defaulted) && admits(defaulted);
    }),
  ];
  const defaults = defaultChecks(fields, minimal, stored, "spec");
  const status = contractStatus(model);
  // What the server's scale check takes besides the schema: a replica count of 0..2147483647.
  const accepts = (spec: Spec) => admits(spec) && inReplicaRange(valueAt(spec, replicasPath));
  const change = changedSpec(fields, minimal, stored, accepts);
  const sample = columnSample(model, minimal, accepts);
  const storedSample = serverDefaults(fields, sample);
  const scale = scaleView(model, storedSample, status);
  return {
    minimalSpec: JSON.stringify(minimal),
    sampleSpec: JSON.stringify(sample),
    defaultedSpec: JSON.stringify(stored),
    defaults: JSON.stringify(defaults),
    hasDefaults: defaults.length > 0,
    schemaCases: fixtureJson([...schema, specPresenceCase(model)]),
    celCases: fixtureJson(cel),
    hasCelCases: cel.length > 0,
    transitionCases: fixtureJson(transitions),
    hasTransitionCases: transitions.length > 0,
    pruningCases: fixtureJson(pruning),
    statusSample: JSON.stringify(status),
    statusCases: fixtureJson(statusShapeCases(model, status)),
    selectableCases: JSON.stringify(
      selectableCases(model, minimal, slots, (spec) => admits(spec), status),
    ),
    mergeCases: JSON.stringify(mergeCases(fields, model.spec.rules, slots, (spec) => admits(spec))),
    changedSpec: JSON.stringify(change ?? null),
    hasSpecChange: change !== undefined,
    columns: JSON.stringify(printerColumnChecks(model, storedSample, status)),
    hasScale: scale !== null,
    scale,
    scaleJson: JSON.stringify(scale),
    counts: {
      schema: schema.length + 1,
      cel: cel.length,
      transition: transitions.length,
      pruning: pruning.length,
      defaults: defaults.length,
    },
  };
}

/**
 * An object sent without spec: refused when spec is required (`spec.required`, else when a field
 * is), accepted otherwise. null in the tables means "no spec key", as for a kind without spec.
 */
function specPresenceCase(model: OperatorModel): {
  name: string;
  spec: null;
  expect: Expectation;
} {
  return model.spec.required
    ? {
        name: "spec: leaving it out is rejected (spec is required)",
        spec: null,
        expect: { field: "spec", reason: "FieldValueRequired", message: "Required value" },
      }
    : {
        name: "an object without spec is accepted (spec is optional)",
        spec: null,
        expect: "accepted",
      };
}

/**
 * A kind without spec: objects are sent without one (null in the tables), and a spec that is sent
 * anyway is dropped, since the CRD declares none.
 */
function specLessView(model: OperatorModel): ContractView {
  const status = contractStatus(model);
  const schema = [{ name: "an object without spec is accepted", spec: null, expect: "accepted" }];
  const pruning = [
    {
      name: `a spec sent anyway is dropped: ${model.api.kind} declares none`,
      spec: { unknownField: "pruned" },
      stored: null,
    },
  ];
  return {
    minimalSpec: "null",
    sampleSpec: "null",
    defaultedSpec: "null",
    defaults: "[]",
    hasDefaults: false,
    schemaCases: JSON.stringify(schema),
    celCases: "[]",
    hasCelCases: false,
    transitionCases: "[]",
    hasTransitionCases: false,
    pruningCases: JSON.stringify(pruning),
    statusSample: JSON.stringify(status),
    statusCases: fixtureJson(statusShapeCases(model, status)),
    selectableCases: JSON.stringify(selectableCases(model, {}, [], () => true, status)),
    mergeCases: "[]",
    changedSpec: "null",
    hasSpecChange: false,
    columns: JSON.stringify(printerColumnChecks(model, {}, status)),
    hasScale: false,
    scale: null,
    scaleJson: "null",
    counts: { schema: schema.length, cel: 0, transition: 0, pruning: pruning.length, defaults: 0 },
  };
}

/**
 * The minimal spec with the optional top-level fields that kubectl get's columns and the scale
 * subresource read set to example values: /scale answers 500 for an object whose spec lacks the
 * replicas field, and an absent column value shows as an empty cell.
 */
function columnSample(model: OperatorModel, minimal: Spec, admits: (spec: Spec) => boolean): Spec {
  const paths = [
    ...model.printerColumns.map((c) => c.jsonPath),
    ...(model.api.scale ? [model.api.scale.specReplicasPath] : []),
  ];
  const read = new Set(
    paths.flatMap((path) => (/^\.spec\.([A-Za-z_][A-Za-z0-9_-]*)$/.exec(path) ?? []).slice(1)),
  );
  const replicas = model.api.scale?.specReplicasPath.slice(".spec.".length);
  let sample: Spec = { ...minimal };
  for (const field of model.spec.fields) {
    if (!read.has(field.name) || Object.hasOwn(sample, field.name)) continue;
    const place = (value: unknown) => ({ ...sample, [field.name]: value });
    // Scale drops a replica count of 0 from its JSON (omitempty), so /scale shows one it can read.
    const scaled =
      field.name === replicas
        ? [2, 1].find((n) => fieldViolations(field, n).length === 0)
        : undefined;
    // Each field with a value the whole spec admits (a spec rule may refuse its first example).
    const placed =
      scaled !== undefined && admits(place(scaled))
        ? place(scaled)
        : admittedExample(field, place, admits, model.spec.rules);
    if (placed !== undefined) sample = placed;
  }
  const withReplicas = replicas?.includes(".")
    ? withNestedReplicas(model, sample, replicas)
    : sample;
  return admits(withReplicas) ? withReplicas : sample;
}

/**
 * The sample with a replica count at a nested specReplicasPath (pool.size): GET /scale of an
 * object without one is a 500 ("the spec replicas field .spec.pool.size does not exist"), so the
 * scale tests need it there. Objects on the way are made as the schema needs them.
 */
function withNestedReplicas(model: OperatorModel, sample: Spec, path: string): Spec {
  const out = structuredClone(sample);
  const names = path.split(".");
  let fields = model.spec.fields;
  let at = out;
  for (const [i, name] of names.entries()) {
    const field = fields.find((f) => f.name === name);
    if (field === undefined) return sample;
    if (i === names.length - 1) {
      if (at[name] !== undefined) return out;
      const count = [2, 1].find((n) => fieldViolations(field, n).length === 0);
      if (count === undefined) return sample;
      at[name] = count;
      return out;
    }
    const next = at[name];
    at = at[name] =
      typeof next === "object" && next !== null
        ? (next as Spec)
        : exampleObject(field.fields, field.minProperties ?? 0);
    fields = field.fields;
  }
  return out;
}

/** The value at a dotted path under spec (spec.a.b), or undefined. */
function valueAt(spec: Spec, path: string | undefined): unknown {
  if (!path) return undefined;
  return path
    .split(".")
    .slice(1)
    .reduce<unknown>(
      (at, key) => (at !== null && typeof at === "object" ? (at as Spec)[key] : undefined),
      spec,
    );
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
