// Reference fields (a spec field with `reference:`) in their two forms. The object form is
// expanded here into the fields the reference carries (name, and namespace or key when asked
// for), before the semantic checks and the model see the spec: from then on a reference is an
// ordinary object field, so the CRD schema, the TypeScript types, the contract tests and CEL see
// exactly what the API server will serve.

import { findBuiltinKind, splitApiVersion } from "./builtin-kinds.ts";
import { derivePlural } from "./derive-names.ts";
import {
  isPolymorphic,
  keyMode,
  kindFieldDefinition,
  kindFieldOf,
  nameRequired,
} from "./polymorphic-references.ts";
import { isObject, obj, str, type RawObject } from "./raw-spec.ts";
import { referenceNameRule } from "./reference-name-rule.ts";

export const REFERENCE_NAME_MAX_LENGTH = 253;
export const REFERENCE_NAMESPACE_MAX_LENGTH = 63;

/** The field names the object form adds; an author's field of the same name is refused. */
export const REFERENCE_FIELD_NAMES = ["name", "namespace", "key"] as const;

/**
 * Kinds (apiVersion/kind) whose objects the generated test suites can create before the samples
 * that name them, with what a valid object holds beside its metadata (and the selected key's
 * data; test/support/referenced-objects.ts makes them): a reference to one of them may be
 * required or defaulted.
 */
export const STAND_IN_KINDS: ReadonlyMap<string, RawObject> = new Map<string, RawObject>([
  ["v1/Secret", {}],
  ["v1/ConfigMap", {}],
  ["v1/ServiceAccount", {}],
  ["rbac.authorization.k8s.io/v1/Role", {}],
  ["coordination.k8s.io/v1/Lease", {}],
  // spec.controller is required; no controller claims this one.
  ["networking.k8s.io/v1/IngressClass", { spec: { controller: "example.com/stand-in" } }],
]);

/** A reference field, found in the spec as written (before expansion). */
export interface ReferenceSite {
  /** Field names from spec's root, e.g. ["backup", "credential"]. */
  steps: string[];
  /**
   * The path from spec as the model writes it, every list's items as [] and map's values as {}:
   * triggers[].authenticationRef.
   */
  path: string;
  /** Where the field's definition is in the document. */
  docPath: Array<string | number>;
  def: RawObject;
  reference: RawObject;
  /** Inside an array's items or a map's values: one reference per entry. */
  repeated: boolean;
  /** For an array's items or a map's values: the array or map, and where it is. */
  container?: { def: RawObject; docPath: Array<string | number> };
}

/** Every field with `reference:` under spec.fields, at any depth. */
export function referenceSites(
  data: unknown,
  section: "spec" | "status" = "spec",
): ReferenceSite[] {
  const sites: ReferenceSite[] = [];
  const walk = (
    fields: unknown,
    steps: string[],
    path: string,
    docPath: Array<string | number>,
    repeated: boolean,
  ) => {
    for (const [name, def] of Object.entries(obj(fields))) {
      if (!isObject(def)) continue;
      const at = path === "" ? name : `${path}.${name}`;
      visit(def, [...steps, name], at, [...docPath, "fields", name], repeated);
    }
  };
  const visit = (
    def: RawObject,
    steps: string[],
    path: string,
    docPath: Array<string | number>,
    repeated: boolean,
    container?: ReferenceSite["container"],
  ) => {
    if (def.reference !== undefined)
      sites.push({
        steps,
        path,
        docPath,
        def,
        reference: obj(def.reference),
        repeated,
        ...(container ? { container } : {}),
      });
    walk(def.fields, steps, path, docPath, repeated);
    const self = { def, docPath };
    if (isObject(def.items))
      visit(def.items, steps, `${path}[]`, [...docPath, "items"], true, self);
    if (isObject(def.values))
      visit(def.values, steps, `${path}{}`, [...docPath, "values"], true, self);
  };
  walk(obj(obj(data)[section]).fields, [], "", [section], false);
  return sites;
}

/**
 * The spec with every object-form reference given its fields. Pure: `data` is not changed, and
 * expanding an expanded spec changes nothing.
 */
export function expandReferences(data: unknown): unknown {
  if (!isObject(data) || !isObject(data.spec) || !isObject(data.spec.fields)) return data;
  return { ...data, spec: { ...data.spec, fields: expandFields(data.spec.fields) } };
}

function expandFields(fields: RawObject): RawObject {
  return Object.fromEntries(
    Object.entries(fields).map(([name, def]) => [name, isObject(def) ? expandField(def) : def]),
  );
}

function expandField(def: RawObject): RawObject {
  const out: RawObject = { ...def };
  if (isObject(def.fields)) out.fields = expandFields(def.fields);
  if (isObject(def.items)) out.items = expandField(def.items);
  if (isObject(def.values)) out.values = expandField(def.values);
  if (!isObject(def.reference) || def.type !== "object") return out;
  const reference = def.reference;
  const kind = isPolymorphic(reference) ? "object" : (str(reference.kind) ?? "object");
  const added: RawObject = {
    name: {
      type: "string",
      ...(nameRequired(reference) ? { required: true } : {}),
      description: `Name of the ${kind}.`,
      minLength: 1,
      ...referenceNameRule(reference),
    },
  };
  if (reference.namespaces === "any")
    added.namespace = {
      type: "string",
      description: `Namespace of the ${kind}; the referencing object's own when left out.`,
      minLength: 1,
      maxLength: REFERENCE_NAMESPACE_MAX_LENGTH,
    };
  if (keyMode(reference) !== "none")
    added.key = {
      type: "string",
      ...(keyMode(reference) === "required" ? { required: true } : {}),
      description: `Key in the ${kind}'s data.`,
      minLength: 1,
      maxLength: REFERENCE_NAME_MAX_LENGTH,
    };
  if (isPolymorphic(reference)) added[kindFieldOf(reference)] = kindFieldDefinition(reference);
  // Added first so the generated fields lead in the CRD and the types; the author's own fields
  // (kept as written) follow. A clash is refused by check-references.ts.
  out.fields = { ...added, ...obj(out.fields) };
  // A reference names one object as a whole, like core/v1 LocalObjectReference.
  if (out.mapType === undefined) out.mapType = "atomic";
  return out;
}

/** The kind a reference points at, with the names its REST path and RBAC rule need. */
export interface ReferenceTarget {
  apiVersion: string;
  /** "" for the core group. */
  group: string;
  version: string;
  kind: string;
  plural: string;
  scope: "Namespaced" | "Cluster";
  /** builtin: a kind of the Kubernetes API; own: the operator's kind; custom: another CRD's. */
  origin: "builtin" | "own" | "custom";
}

/**
 * Cluster-scoped kinds of the Kubernetes API that objects commonly name (Ingress's
 * ingressClassName, a PersistentVolumeClaim's storageClassName, a Pod's priorityClassName) but an
 * operator does not own as children, so they are known to references only.
 */
const REFERENCE_ONLY_KINDS: ReadonlyArray<Omit<ReferenceTarget, "origin">> = [
  ["networking.k8s.io/v1", "IngressClass", "ingressclasses"],
  ["storage.k8s.io/v1", "StorageClass", "storageclasses"],
  ["scheduling.k8s.io/v1", "PriorityClass", "priorityclasses"],
].map(([apiVersion, kind, plural]) => ({
  apiVersion: apiVersion!,
  ...splitApiVersion(apiVersion!),
  kind: kind!,
  plural: plural!,
  scope: "Cluster" as const,
}));

/**
 * What `reference` points at, or undefined when it names no kind the generator knows (a built-in
 * kind, the operator's own kind, or a custom kind with its plural). A custom kind is namespaced
 * unless the reference says `scope: Cluster`.
 */
export function referenceTarget(data: unknown, reference: RawObject): ReferenceTarget | undefined {
  const apiVersion = str(reference.apiVersion);
  const kind = str(reference.kind);
  if (apiVersion === undefined || kind === undefined) return undefined;
  const { group, version } = splitApiVersion(apiVersion);
  const builtin =
    findBuiltinKind(apiVersion, kind) ??
    REFERENCE_ONLY_KINDS.find((k) => k.apiVersion === apiVersion && k.kind === kind);
  if (builtin) return { ...builtin, origin: "builtin" };
  const api = obj(obj(data).api);
  const ownVersions = Array.isArray(api.versions)
    ? api.versions.map((v) => str(obj(v).name)).filter((v) => v !== undefined)
    : [];
  if (group === str(api.group) && kind === str(api.kind) && ownVersions.includes(version)) {
    const plural = str(api.plural) ?? derivePlural(kind);
    const scope = api.scope === "Cluster" ? "Cluster" : "Namespaced";
    return { apiVersion, group, version, kind, plural, scope, origin: "own" };
  }
  const plural = str(reference.plural);
  if (plural === undefined || group === "") return undefined;
  const scope = reference.scope === "Cluster" ? "Cluster" : "Namespaced";
  return { apiVersion, group, version, kind, plural, scope, origin: "custom" };
}
