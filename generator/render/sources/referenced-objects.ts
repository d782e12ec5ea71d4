// The objects a sample names through its reference fields (a required or defaulted reference, or
// one inside a list the sample fills): the generated suites create them, as a user would, before
// they create samples that must become Ready. Derived from the spec, so the suites stay the same
// for every operator: test/support/referenced-objects.ts makes the objects from this data.

import type { OperatorModel, ReferenceModel } from "../../model/types.ts";
import { STAND_IN_KINDS } from "../../check/references.ts";
import { exampleValue } from "../manifests/example-values.ts";
import { serverDefaults } from "./contract-slots.ts";
import { referenceSteps } from "./references-view.ts";

/** Mirrors ReferencedObjectFixture in templates/project/test/support/fixture.ts. */
export interface ReferencedObjectFixture {
  /** The entry that names it, e.g. spec.credential or spec.secretTargetRef[0]. */
  path: string;
  apiVersion: string;
  kind: string;
  plural: string;
  name: string;
  /** null: the test's namespace (the referencing object's own), or none for a cluster-scoped kind. */
  namespace: string | null;
  clusterScoped: boolean;
  /** The key of its data the reference selects, or null. */
  dataKey: string | null;
  /** Ready's reason while it is missing. */
  notFoundReason: string;
  /** What a valid object of its kind holds beside metadata and data, e.g. an IngressClass's spec. */
  body: Record<string, unknown>;
}

/** Every object `sample` names, as the API server stores the sample (defaults applied). */
export function referencedObjects(
  model: OperatorModel,
  sample: Record<string, unknown>,
): ReferencedObjectFixture[] {
  const stored = serverDefaults(model.spec.fields, sample);
  const found = new Map<string, ReferencedObjectFixture>();
  for (const reference of model.references) {
    for (const { path, value } of entries(referenceSteps(reference.field.path), stored)) {
      const object = namedObject(reference, path, value);
      if (object === undefined) continue;
      // Two entries naming one object need it once, with every key they select.
      const id = `${object.apiVersion}/${object.kind}/${object.namespace ?? ""}/${object.name}/${object.dataKey ?? ""}`;
      if (!found.has(id)) found.set(id, object);
    }
  }
  return [...found.values()];
}

function namedObject(
  reference: ReferenceModel,
  path: string,
  value: unknown,
): ReferencedObjectFixture | undefined {
  const target = {
    path,
    apiVersion: reference.apiVersion,
    kind: reference.kind,
    plural: reference.plural,
    notFoundReason: reference.notFoundReason,
    clusterScoped: reference.scope === "Cluster",
    body: standInBody(reference),
  };
  if (!chooses(reference, value)) return undefined;
  if (reference.form === "name")
    return typeof value === "string" && value !== ""
      ? { ...target, name: value, namespace: null, dataKey: null }
      : undefined;
  const { name, namespace, key } = (value ?? {}) as Record<string, unknown>;
  if (typeof name !== "string" || name === "") return undefined;
  return {
    ...target,
    name,
    namespace:
      reference.namespaces === "any" && typeof namespace === "string" && namespace !== ""
        ? namespace
        : null,
    dataKey: reference.key && typeof key === "string" ? key : null,
  };
}

/**
 * Whether `value` names this reference's kind: always for a single-kind reference; for one kind
 * of a polymorphic reference, when its kind field (or, left out, the default) is this kind.
 */
export function chooses(reference: ReferenceModel, value: unknown): boolean {
  const choice = reference.choice;
  if (choice === undefined) return true;
  const set =
    typeof value === "object" && value !== null
      ? (value as Record<string, unknown>)[choice.field]
      : undefined;
  return set === undefined ? choice.default : set === reference.kind;
}

/** What a valid object of the reference's kind holds beside metadata and data ({} if unknown). */
export function standInBody(reference: {
  apiVersion: string;
  kind: string;
}): Record<string, unknown> {
  return structuredClone(STAND_IN_KINDS.get(`${reference.apiVersion}/${reference.kind}`) ?? {});
}

/** The values at `steps` ([] every list entry, {} every map value) with their paths. */
function entries(steps: string[], spec: unknown): Array<{ path: string; value: unknown }> {
  const out: Array<{ path: string; value: unknown }> = [];
  const walk = (at: unknown, index: number, path: string): void => {
    if (at === undefined || at === null) return;
    if (index === steps.length) {
      out.push({ path, value: at });
      return;
    }
    const step = steps[index]!;
    if (step === "[]") {
      if (Array.isArray(at)) at.forEach((entry, i) => walk(entry, index + 1, `${path}[${i}]`));
    } else if (step === "{}") {
      for (const [key, entry] of Object.entries(at as Record<string, unknown>))
        walk(entry, index + 1, `${path}[${JSON.stringify(key)}]`);
    } else if (typeof at === "object" && !Array.isArray(at))
      walk((at as Record<string, unknown>)[step], index + 1, `${path}.${step}`);
  };
  walk(spec, 0, "spec");
  return out;
}

/** Mirrors ListReferenceFixture in templates/project/test/support/fixture.ts. */
export interface ListReferenceFixture {
  /** The top-level list field, e.g. secretTargetRef. */
  list: string;
  /** Its property in the hooks' ResolvedReferences (an array, one entry per list entry). */
  resolvedAs: string;
  /** The reference's field in each entry, or null when the entry is the reference itself. */
  itemField: string | null;
  /** An entry the schema accepts, before the reference is set in it. */
  entry: unknown;
  form: "name" | "object";
  dataKey: boolean;
  apiVersion: string;
  kind: string;
  notFoundReason: string;
  body: Record<string, unknown>;
}

/**
 * The reference inside list entries the generated suites drive end to end: in a top-level list's
 * entries (or a field of them), to a namespaced kind whose objects they can create; null when
 * none is.
 */
export function listReferenceFixture(model: OperatorModel): ListReferenceFixture | null {
  for (const reference of model.references) {
    const match = /^([^.[{]+)\[\](?:\.([^.[{]+))?$/.exec(reference.field.path);
    // Namespaced kinds only: the suite makes the listed objects in its own namespace.
    if (
      match === null ||
      // A polymorphic reference's entries need their kind field: polymorphicReferenceFixture's.
      reference.choice !== undefined ||
      reference.scope === "Cluster" ||
      !STAND_IN_KINDS.has(`${reference.apiVersion}/${reference.kind}`)
    )
      continue;
    const list = model.spec.fields.find((f) => f.name === match[1])!;
    const entry = exampleValue(list.items!, 0);
    return {
      list: match[1]!,
      resolvedAs: reference.varName,
      itemField: match[2] ?? null,
      entry,
      form: reference.form,
      dataKey: reference.key,
      apiVersion: reference.apiVersion,
      kind: reference.kind,
      notFoundReason: reference.notFoundReason,
      body: standInBody(reference),
    };
  }
  return null;
}
