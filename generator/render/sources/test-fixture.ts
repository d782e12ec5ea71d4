// The data of the generated test suites, written to test/support/fixture.json. The suites
// themselves are verbatim files, the same for every operator; what differs between specs is data,
// so it is generated as JSON (which prettier formats far faster than TypeScript) and its shape is
// declared once, in templates/project/test/support/fixture.ts.

import { backendService } from "./service-names-view.ts";
import { isConditionalChild } from "../../model/child-kinds.ts";
import type { ChildModel, FieldModel, OperatorModel } from "../../model/types.ts";
import { exampleSpec, exampleValue } from "../manifests/example-values.ts";
import { instanceLabel } from "./child-naming-view.ts";
import { ownerNameBounds } from "../manifests/owner-name-rules.ts";
import { providerDepName } from "./binding-view.ts";
import { defaultsOf } from "./status-defaults-view.ts";
import { statusSchema } from "../manifests/status-schema.ts";
import {
  mustAllow,
  mustDeny,
  specChanges,
  testedReference,
  type AccessCheck,
} from "./integration-view.ts";
import { distinctKeys, type DistinctKeys } from "./key-template.ts";
import { admittedExample, specAdmits, valueAtPath } from "./spec-admits.ts";
import {
  listReferenceFixture,
  referencedObjects,
  standInBody,
  type ListReferenceFixture,
  type ReferencedObjectFixture,
} from "./referenced-objects.ts";

/** Mirrors SpecChangeFixture in templates/project/test/support/fixture.ts. */
export interface SpecChangeFixture {
  field: string;
  values: [unknown, unknown];
  /** Where the values came from, for the message of a test they fail in. */
  source: "testing" | "examples" | "schema";
}

/** Mirrors BindingFixture in templates/project/test/support/fixture.ts. */
export interface BindingFixture {
  name: string;
  dep: string;
  conditionType: string;
  deletionPolicy: "Delete" | "Retain";
  driftPolicy: "Enforce" | "Report";
  outputs: string[];
  naturalKey: NaturalKeyFixture | null;
}

/** Mirrors NaturalKeyFixture in templates/project/test/support/fixture.ts. */
export interface NaturalKeyFixture extends DistinctKeys {
  path: string;
  adoption: "Adopt" | "Refuse";
  adoptionAnnotation: string | null;
  /** The annotation's values and what each does: management.adoptionValues, else Adopt and Refuse. */
  adoptionValues: Readonly<Record<string, "Adopt" | "AdoptOnly" | "Refuse">>;
  adoptedConditionType: string | null;
  /** identity.fallback: an object without the key is keyed on its name. */
  fallback: boolean;
}

/** Mirrors ReferenceFixture in templates/project/test/support/fixture.ts. */
export interface ReferenceFixture {
  field: string;
  resolvedAs: string;
  form: "name" | "object";
  dataKey: boolean;
  apiVersion: string;
  kind: string;
  plural: string;
  own: boolean;
  anyNamespace: boolean;
  clusterScoped: boolean;
  /** What a valid referenced object holds beside metadata and data. */
  body: Record<string, unknown>;
  notFoundReason: string;
  keyNotFoundReason: string;
}

/** Mirrors TestFixture in templates/project/test/support/fixture.ts. */
export interface TestFixture {
  kindFile: string;
  sampleSpec: Record<string, unknown>;
  specChange: SpecChangeFixture | null;
  bindings: BindingFixture[];
  /** The status schema's defaults (as the runtime's SchemaDefaults; {} when none). */
  statusDefaults: object;
  reference: ReferenceFixture | null;
  /** The objects the sample names through references: the suites create them before samples. */
  referencedObjects: ReferencedObjectFixture[];
  /** A reference inside list entries the suites can create the objects of, or null. */
  listReference: ListReferenceFixture | null;
  childCount: number;
  /**
   * The children named from the spec (children[].name), with how to make the sample ask for two
   * instances and then one: two list entries with distinct keys (forEach), or counts 2 then 1.
   */
  namedChildren: NamedChildFixture[];
  /** The longest owner name the CRD accepts and its form (owner-name-rules.ts). */
  ownerName: { max: number; form: "subdomain" | "label" | "dns1035" };
  /** operator.yaml's management.pause; null: objects cannot be paused. */
  pause: { on: "annotation" | "label"; key: string; value: string } | null;
  /** operator.yaml's management.cascadeFinalizers; null: no cascade finalizer is offered. */
  cascadeFinalizers: { foreground?: string; background?: string } | null;
  /** The children with when:, with the sample's value that makes it hold and one that does not. */
  conditionalChildren: ConditionalChildFixture[];
  /** The children with a creationPolicy the suite can tell apart from the others of the owner. */
  creationPolicies: CreationPolicyFixture[];
  /**
   * Ingress children routed to a Service child (backendService, or the only Service): the
   * position of that Service among the Services desiredChildren() returns for the sample.
   */
  ingressBackends: Array<{ serviceIndex: number }>;
  hasWorkloadChildren: boolean;
  /** How many children have a readiness rule: each one's turn to ready can be one status write. */
  workloadChildCount: number;
  startsNotReady: boolean;
  leaderElection: boolean;
  identity: { namespace: string; serviceAccount: string; user: string; groups: string[] };
  watchNamespaces: string[];
  mustAllow: AccessCheck[];
  mustDeny: AccessCheck[];
  editorRole: string;
  viewerRole: string;
}

/**
 * Child kinds whose readiness the generated runtime reads from their status
 * (templates/project/src/runtime/child-readiness.ts; a test keeps the two lists equal). A bare API
 * server never makes them ready, so the suites stand in for their controllers, and the reconciler
 * waits for them on its first pass.
 */
export const KINDS_WITH_READINESS: readonly string[] = [
  "apps/v1/Deployment",
  "apps/v1/StatefulSet",
  "apps/v1/DaemonSet",
  "batch/v1/Job",
  "v1/Pod",
  "v1/PersistentVolumeClaim",
];

export interface NamedChildFixture {
  apiVersion: string;
  kind: string;
  /** The label that tells instances apart, on forEach and count children. */
  instanceLabel: string | null;
  /** Spec path (segments) of the list and two entries with distinct keys; null if not forEach or none fit. */
  forEach: { path: string[]; entries: [unknown, unknown] } | null;
  /** Spec path (segments) of the count field; null if not count or its maximum is below 2. */
  count: { path: string[]; values: [number, number] } | null;
  /** Another child has the same kind: its objects are counted with this one's. */
  sharedKind: boolean;
  /** {spec.<path> ?? metadata.name}: the field's spec path and a value it accepts; else null. */
  fallback: { path: string[]; value: string } | null;
}

export interface ConditionalChildFixture {
  apiVersion: string;
  kind: string;
  /** Spec path (segments) of the when: field. */
  path: string[];
  /** The value that makes the condition hold (the sample's), and one that does not (null: absent). */
  on: unknown;
  off: unknown;
  /**
   * The field (or an object it is in) is immutable: once created with the condition holding, an
   * object keeps it, so the test compares an owner created without it instead of turning it off.
   */
  fixed: boolean;
}

/** Whether the field at `path`, or an object on the way to it, is immutable. */
export function immutableAlong(fields: readonly FieldModel[], path: readonly string[]): boolean {
  const [head, ...rest] = path;
  const field = fields.find((f) => f.name === head);
  if (field === undefined) return false;
  return field.immutable || (rest.length > 0 && immutableAlong(field.fields, rest));
}

/**
 * The sample with at least one entry in each forEach list (and a count of at least 1), where the
 * list's parent is in the sample, and every conditional child's when: holding: so the suites see
 * every child kind, workloads included. Each value put in is one the whole spec admits (a spec
 * rule may refuse a field's first example); a child no admitted value turns on stays off.
 */
function withOneInstance(
  model: OperatorModel,
  sample: Record<string, unknown>,
): Record<string, unknown> {
  const admits = suiteAdmits(model, sample);
  let out = structuredClone(sample);
  for (const child of model.children) {
    if (child.when === undefined || conditionHolds(child, out)) continue;
    const { field, test } = child.when;
    const place = (value: unknown) => placedAt(out, field.path, value);
    const holds = (spec: Record<string, unknown>) => conditionHolds(child, spec) && admits(spec);
    const turnedOn =
      test === "true"
        ? [place(true)].find(holds)
        : admittedExample(field, place, holds, model.spec.rules);
    if (turnedOn !== undefined) out = turnedOn;
  }
  for (const child of model.children) {
    const instances = child.naming?.instances;
    if (instances === undefined || instances.kind === "single") continue;
    const field = instances.kind === "forEach" ? instances.list : instances.field;
    if (sampleInstances(child, out) > 0) continue;
    const place = (value: unknown) => placedAt(out, field.path, value);
    const one =
      instances.kind === "forEach" && (field.maxItems ?? 1) >= 1
        ? admittedExample(field.items!, (item) => place([item]), admits)
        : instances.kind === "count" && (field.maximum ?? 1) >= 1 && (field.minimum ?? 0) <= 1
          ? [place(1)].find(admits)
          : undefined;
    if (one !== undefined) out = one;
  }
  return out;
}

/** A copy of `sample` with `value` at the dotted `path`; the sample itself when its parent is absent. */
function placedAt(
  sample: Record<string, unknown>,
  path: string,
  value: unknown,
): Record<string, unknown> {
  const out = structuredClone(sample);
  const names = path.split(".");
  let parent: Record<string, unknown> | undefined = out;
  for (const key of names.slice(0, -1))
    parent = parent?.[key] as Record<string, unknown> | undefined;
  if (parent === undefined) return sample;
  parent[names.at(-1)!] = value;
  return out;
}

/**
 * Whether a conditional child's when: holds for `sample`, or the sample chooses its kind (true for
 * an unconditional one).
 */
export function conditionHolds(child: ChildModel, sample: Record<string, unknown>): boolean {
  const read = (field: FieldModel) => {
    const value = field.path
      .split(".")
      .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], sample);
    return value === undefined && field.hasDefault ? field.default : value;
  };
  if (child.chosenBy !== undefined && read(child.chosenBy.field) !== child.chosenBy.kind)
    return false;
  if (child.when === undefined) return true;
  const value = read(child.when.field);
  return child.when.test === "true" ? value === true : value !== undefined && value !== null;
}

/** How many objects of `child` desiredChildren() returns for `sample`. */
function sampleInstances(child: ChildModel, sample: Record<string, unknown>): number {
  if (!conditionHolds(child, sample)) return 0;
  const instances = child.naming?.instances;
  if (instances === undefined || instances.kind === "single") return 1;
  const path = instances.kind === "forEach" ? instances.list.path : instances.field.path;
  const value = path
    .split(".")
    .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], sample);
  if (instances.kind === "forEach") return Array.isArray(value) ? value.length : 0;
  return typeof value === "number" && value > 0 ? value : 0;
}

function namedChildFixture(child: ChildModel, model: OperatorModel): NamedChildFixture {
  const instances = child.naming!.instances;
  const fixture: NamedChildFixture = {
    apiVersion: child.apiVersion,
    kind: child.kind,
    instanceLabel: instances.kind === "single" ? null : instanceLabel(model),
    forEach: null,
    count: null,
    sharedKind: model.children.some(
      (c) => c !== child && c.apiVersion === child.apiVersion && c.kind === child.kind,
    ),
    fallback: fallbackFixture(child),
  };
  if (instances.kind === "forEach") {
    const entries = [
      exampleValue(instances.list.items!, 0),
      exampleValue(instances.list.items!, 1),
    ];
    const keys = entries.map((e) => (e as Record<string, unknown>)[instances.key]);
    if (keys[0] !== keys[1] && (instances.list.maxItems ?? 2) >= 2)
      fixture.forEach = { path: instances.list.path.split("."), entries: [entries[0], entries[1]] };
  } else if (instances.kind === "count") {
    const { minimum, maximum } = instances.field;
    if ((maximum ?? 0) >= 2 && (minimum ?? 0) <= 1)
      fixture.count = { path: instances.field.path.split("."), values: [2, 1] };
  }
  return fixture;
}

/**
 * The field a name falls back from to the owner's name, and a value for it: a DNS label of its
 * maxLength at most, so it fits every pattern the generator gives such a field.
 */
function fallbackFixture(child: ChildModel): NamedChildFixture["fallback"] {
  const piece = child.naming!.pieces.find((p) => p.kind === "spec" && p.fallback !== undefined);
  if (piece?.kind !== "spec") return null;
  const value = "renamed".slice(0, piece.field.maxLength ?? 7);
  return { path: piece.field.path.split("."), value };
}

/**
 * Whether test/integration/references.test.ts has a test to run: a top-level reference the suites
 * can create the objects of, a reference in list entries they can, or a sample that names
 * namespaced objects (shown missing in a fresh namespace, which an operator limited to
 * rbac.watchNamespaces does not watch).
 */
export function drivesReferences(model: OperatorModel): boolean {
  if (testedReference(model) !== undefined || listReferenceFixture(model) !== null) return true;
  if (model.rbac.watchNamespaces.length > 0) return false;
  return referencedObjects(model, sampleOf(model)).some((o) => !o.clusterScoped);
}

/** What the server checks on create of a spec built from `base` (see spec-admits.ts). */
export function suiteAdmits(model: OperatorModel, base: Record<string, unknown>) {
  return specAdmits(model.spec, base, model.api.scale?.specReplicasPath);
}

/**
 * The sample spec of the suites: the example spec with one instance of every child, and every
 * object a natural key sits in.
 */
export function sampleOf(model: OperatorModel): Record<string, unknown> {
  return withKeyParents(model, withOneInstance(model, exampleSpec(model.spec)));
}

/**
 * The sample with each object on a natural key's path present, as an example the whole spec
 * admits. specFor() in the suites sets the key in the sample and would otherwise create the
 * missing objects empty, without their required members (the server refuses such a spec).
 */
function withKeyParents(
  model: OperatorModel,
  sample: Record<string, unknown>,
): Record<string, unknown> {
  const admits = suiteAdmits(model, sample);
  let out = sample;
  for (const binding of model.externalResources) {
    if (binding.identity.kind !== "naturalKey") continue;
    const names = binding.identity.field.path.split(".");
    let fields = model.spec.fields;
    for (let depth = 1; depth < names.length; depth++) {
      const field = fields.find((f) => f.name === names[depth - 1]);
      if (field === undefined) break;
      const path = names.slice(0, depth).join(".");
      if (valueAtPath(out, path) === undefined) {
        const place = (value: unknown) => placedAt(out, path, value);
        const placed = admittedExample(field, place, admits, model.spec.rules);
        if (placed === undefined) break;
        out = placed;
      }
      fields = field.fields;
    }
  }
  return out;
}

export function testFixture(model: OperatorModel): TestFixture {
  // One schema-valid sample and spec change for unit and envtest suites alike: the unit tests must
  // never drive the reconciler with a spec the API server would reject.
  const sampleSpec = sampleOf(model);
  const change = specChangeFixture(model, sampleSpec);
  const serviceAccount = `${model.name}-controller-manager`;
  // Children named from the spec count as many times as the sample makes them (0 for an empty list).
  const workloads = model.children
    .filter((c: ChildModel) => KINDS_WITH_READINESS.includes(`${c.apiVersion}/${c.kind}`))
    .reduce((sum, c) => sum + sampleInstances(c, sampleSpec), 0);
  const awaited = workloads > 0;
  return {
    kindFile: model.names.kindFile,
    sampleSpec,
    specChange: change ?? null,
    statusDefaults: defaultsOf(statusSchema(model)) ?? {},
    bindings: model.externalResources.map((binding) => ({
      name: binding.name,
      dep: providerDepName(binding),
      conditionType: binding.conditionType,
      deletionPolicy: binding.deletionPolicy,
      driftPolicy: binding.driftPolicy,
      outputs: binding.outputs.map((output) => output.name),
      naturalKey:
        binding.identity.kind === "naturalKey"
          ? {
              path: binding.identity.field.path,
              adoption: binding.identity.adoption,
              adoptionAnnotation: binding.identity.adoptionAnnotation ?? null,
              adoptionValues: binding.identity.adoptionValues ?? {
                Adopt: "Adopt",
                Refuse: "Refuse",
              },
              adoptedConditionType: binding.identity.adoptedConditionType ?? null,
              fallback: binding.identity.fallback !== undefined,
              ...distinctKeys(binding.identity.field, model.spec, sampleSpec),
            }
          : null,
    })),
    reference: referenceFixture(model),
    referencedObjects: referencedObjects(model, sampleSpec),
    listReference: listReferenceFixture(model),
    childCount: model.children.reduce((sum, c) => sum + sampleInstances(c, sampleSpec), 0),
    // Of a child whose kind a field chooses, only the kind the sample chooses exists.
    namedChildren: model.children
      .filter((c) => c.naming !== undefined)
      .filter((c) => c.chosenBy === undefined || conditionHolds(c, sampleSpec))
      .map((c) => namedChildFixture(c, model)),
    ownerName: (({ max, form }) => ({ max, form }))(ownerNameBounds(model)),
    pause: model.management?.pause ?? null,
    cascadeFinalizers: model.cascadeFinalizers ?? null,
    conditionalChildren: model.children
      .filter((c) => c.when !== undefined && conditionHolds(c, sampleSpec))
      .map((c) => ({
        apiVersion: c.apiVersion,
        kind: c.kind,
        path: c.when!.field.path.split("."),
        on: c
          .when!.field.path.split(".")
          .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], sampleSpec),
        off: c.when!.test === "true" ? false : null,
        fixed: immutableAlong(model.spec.fields, c.when!.field.path.split(".")),
      })),
    creationPolicies: model.children.flatMap((c) => creationPolicyFixture(c, model)),
    ingressBackends: model.children.flatMap((c) => {
      const target = backendService(c, model)?.service;
      if (target === undefined || !conditionHolds(c, sampleSpec)) return [];
      const services = model.children.filter(
        (s) => s.apiVersion === "v1" && s.kind === "Service" && sampleInstances(s, sampleSpec) > 0,
      );
      const before = services.slice(0, services.indexOf(target));
      return [{ serviceIndex: before.reduce((n, s) => n + sampleInstances(s, sampleSpec), 0) }];
    }),
    hasWorkloadChildren: awaited,
    workloadChildCount: workloads,
    startsNotReady: model.externalResources.length > 0 || awaited,
    leaderElection: model.operator.leaderElection,
    identity: {
      namespace: model.namespace,
      serviceAccount,
      user: `system:serviceaccount:${model.namespace}:${serviceAccount}`,
      groups: [
        "system:serviceaccounts",
        `system:serviceaccounts:${model.namespace}`,
        "system:authenticated",
      ],
    },
    watchNamespaces: model.rbac.watchNamespaces,
    mustAllow: mustAllow(model),
    mustDeny: mustDeny(model),
    editorRole: `${model.name}-${model.api.singular}-editor-role`,
    viewerRole: `${model.name}-${model.api.singular}-viewer-role`,
  };
}

/**
 * The spec change of the suites: operator.yaml's testing.specChange when it has one (checked
 * against the field by SEM311 and SEM312), else the generator's choice, which tries the field's
 * examples: first. The source goes into the message of a test whose change the user's code refuses.
 */
function specChangeFixture(
  model: OperatorModel,
  sampleSpec: Record<string, unknown>,
): SpecChangeFixture | undefined {
  const chosen = model.testing?.specChange;
  if (chosen !== undefined) return { ...chosen, source: "testing" };
  const change = specChanges(model.spec.fields, sampleSpec, suiteAdmits(model, sampleSpec));
  if (change === undefined) return undefined;
  const field = model.spec.fields.find((f) => f.name === change.field);
  return { ...change, source: field?.examples !== undefined ? "examples" : "schema" };
}

function referenceFixture(model: OperatorModel): ReferenceFixture | null {
  const reference = testedReference(model);
  if (reference === undefined) return null;
  return {
    field: reference.field.name,
    resolvedAs: reference.varName,
    form: reference.form,
    dataKey: reference.key,
    apiVersion: reference.apiVersion,
    kind: reference.kind,
    plural: reference.plural,
    own: reference.origin === "own",
    anyNamespace: reference.namespaces === "any",
    clusterScoped: reference.scope === "Cluster",
    body: standInBody(reference),
    notFoundReason: reference.notFoundReason,
    keyNotFoundReason: reference.keyNotFoundReason,
  };
}

/**
 * A child with a creationPolicy, as creation-policy.test.ts exercises it: the policies an object
 * may choose and where it chooses them. Only a child that is one object, always there and the one
 * child of its kind, so that the suite finds it among the owner's objects by kind alone.
 */
export interface CreationPolicyFixture {
  apiVersion: string;
  kind: string;
  /** The spec field that chooses the policy, or null when operator.yaml fixes it. */
  path: string[] | null;
  /** The policies the suite can give it: the fixed one, or the field's enum. */
  policies: string[];
  /** The field (or an object it is in) is immutable: an object's policy cannot be changed. */
  fixed: boolean;
}

function creationPolicyFixture(child: ChildModel, model: OperatorModel): CreationPolicyFixture[] {
  const policy = child.creationPolicy;
  const alone =
    model.children.filter((c) => c.apiVersion === child.apiVersion && c.kind === child.kind)
      .length === 1;
  const single = child.naming === undefined || child.naming.instances.kind === "single";
  if (policy === undefined || !alone || !single || isConditionalChild(child)) return [];
  const { apiVersion, kind } = child;
  if (policy.kind === "fixed")
    return [{ apiVersion, kind, path: null, policies: [policy.policy], fixed: true }];
  const path = policy.field.path.split(".");
  return [
    {
      apiVersion,
      kind,
      path,
      policies: [...policy.values],
      fixed: immutableAlong(model.spec.fields, path),
    },
  ];
}
