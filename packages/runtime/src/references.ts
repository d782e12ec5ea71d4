// Spec fields that reference other objects (a Secret, a ConfigMap, another custom resource), as
// controller-runtime's Watches() with an index does it: one informer per referenced kind (in the
// watched namespaces, or the whole cluster for references that may name any namespace), an index
// from each referenced object to the objects that reference it, kept current from the reconciled
// kind's own informer, and a watch that requeues every referencing object when the referenced
// one is created, changed or deleted. The reconciler reads referenced objects from these caches
// (CacheReferenceReader); a missing one is reported in Ready, and its creation ends that at once
// rather than at the next resync.

import type { KubeConfig, KubernetesObject } from "@kubernetes/client-node";
import { Informer, type InformerOptions } from "./informer.ts";
import type { Logger } from "./logger.ts";
import { collectionPath } from "./owned-kinds.ts";
import type { PartResult } from "./parts.ts";
import { keyOf, keyToString, type ObjectKey } from "./resource-client.ts";

/** A kind a spec field references, with the names its REST path needs. */
export interface ReferencedKind {
  apiVersion: string;
  kind: string;
  plural: string;
  /** The reference may name another namespace: the kind is cached for the whole cluster. */
  anyNamespace: boolean;
  /** The kind is cluster-scoped: named without a namespace, cached for the whole cluster. */
  clusterScoped?: boolean;
}

/**
 * A polymorphic reference's choice of kind: the field beside name whose value is the kind
 * (external-secrets' secretStoreRef.kind: SecretStore | ClusterSecretStore).
 */
export interface KindChoice {
  /** The field's name, e.g. kind. */
  field: string;
  /** Every kind it may name; the field's value is one's `kind`. */
  kinds: readonly ReferencedKind[];
  /** The kind a reference that leaves the field out names (the CRD's default), if any. */
  default?: string;
}

/** One reference field of the spec, as src/references.ts declares it. */
export interface ReferenceField {
  /**
   * The kind it names. For a polymorphic reference (`chosenBy`), the kind named when the field is
   * left out (or its first kind): which one an object names is chosenKind's answer.
   */
  kind: ReferencedKind;
  /** Set for a polymorphic reference: the sibling field that chooses the kind. */
  chosenBy?: KindChoice;
  /** name: the field's value is the name; object: { name, namespace?, key? }. */
  form: "name" | "object";
  /** The reference selects a key of the object's data. */
  key: boolean;
  /** Where the field is, for messages, e.g. spec.credential or spec.triggers[].authenticationRef. */
  path: string;
  /**
   * Only for a field inside lists or maps: the steps to it from spec, "[]" for every list entry
   * and "{}" for every map value, e.g. ["triggers", "[]", "authenticationRef"].
   */
  within?: readonly string[];
  notFoundReason: string;
  keyNotFoundReason: string;
}

/** A referenced object of unknown shape (another project's custom resource). */
export type ReferencedObject = KubernetesObject & {
  spec?: Record<string, unknown>;
  status?: Record<string, unknown>;
};

/** One object that some spec field names. */
export interface ReferenceTarget {
  kind: ReferencedKind;
  key: ObjectKey;
}

export interface ReferenceReader {
  /** The referenced object, or undefined when it does not exist. */
  get(kind: ReferencedKind, key: ObjectKey): Promise<KubernetesObject | undefined>;
}

/** An informer over one collection of one referenced kind. */
export interface ReferenceInformer {
  kind: ReferencedKind;
  informer: Informer<KubernetesObject>;
}

/** Every kind a field may name: each of a polymorphic reference's kinds, or its one kind. */
export function referencedKinds(field: ReferenceField): readonly ReferencedKind[] {
  return field.chosenBy?.kinds ?? [field.kind];
}

/**
 * The kind the field's value names: its kind field's (or, left out, the default kind) for a
 * polymorphic reference; undefined when that names none of its kinds.
 */
export function chosenKind(field: ReferenceField, value: unknown): ReferencedKind | undefined {
  const choice = field.chosenBy;
  if (choice === undefined) return field.kind;
  const set = record(value)?.[choice.field];
  const kind = typeof set === "string" ? set : choice.default;
  return choice.kinds.find((k) => k.kind === kind);
}

/** The object `value` (the field's value) names, or undefined when the field is not set. */
export function referenceTarget(
  field: ReferenceField,
  value: unknown,
  ownerNamespace: string | undefined,
): (ReferenceTarget & { dataKey?: string }) | undefined {
  if (value === undefined || value === null) return undefined;
  const kind = chosenKind(field, value);
  if (kind === undefined) return undefined;
  // A cluster-scoped object is named without a namespace, wherever the referencing object is.
  const sameNamespace = kind.clusterScoped ? undefined : ownerNamespace;
  if (field.form === "name") {
    return typeof value === "string" && value !== ""
      ? { kind, key: { namespace: sameNamespace, name: value } }
      : undefined;
  }
  const { name, namespace, key } = value as { name?: unknown; namespace?: unknown; key?: unknown };
  if (typeof name !== "string" || name === "") return undefined;
  const inNamespace =
    kind.anyNamespace && !kind.clusterScoped && typeof namespace === "string" && namespace !== ""
      ? namespace
      : sameNamespace;
  return {
    kind,
    key: { namespace: inNamespace, name },
    ...(field.key && typeof key === "string" ? { dataKey: key } : {}),
  };
}

/**
 * Reads the object the field names. Unset: undefined and nothing blocked. Set but missing, or
 * without the selected key: undefined, and a part that keeps Ready=False with a reason naming
 * the field is pushed onto `blocked`. `T` is the field's kind as the caller's types know it (the
 * reader returns what the API server stored for field.kind), so generated code needs no cast.
 */
export async function resolveReference<T extends KubernetesObject = KubernetesObject>(
  field: ReferenceField,
  value: unknown,
  owner: KubernetesObject,
  reader: ReferenceReader | undefined,
  blocked: PartResult[],
  /** The entry's own path, e.g. spec.triggers[0].authenticationRef; the field's by default. */
  path: string = field.path,
): Promise<T | undefined> {
  const target = referenceTarget(field, value, owner.metadata?.namespace);
  if (target === undefined) return undefined;
  if (reader === undefined)
    throw new Error(`${path} is set but the reconciler was given no reference reader`);
  const where = target.key.namespace ? ` in namespace ${target.key.namespace}` : "";
  const found = await reader.get(target.kind, target.key);
  if (found === undefined) {
    blocked.push({
      ready: false,
      // Its creation requeues this object through the reference watch: no polling.
      waiting: false,
      reason: field.notFoundReason,
      message: `${target.kind.kind} ${target.key.name}${where} (${path}) not found`,
    });
    return undefined;
  }
  if (target.dataKey !== undefined && !hasDataKey(found, target.dataKey)) {
    blocked.push({
      ready: false,
      waiting: false,
      reason: field.keyNotFoundReason,
      message: `${target.kind.kind} ${target.key.name}${where} (${path}) has no key ${target.dataKey}`,
    });
    return undefined;
  }
  return found as T;
}

/** One value of a reference field inside lists or maps, with the path of its entry. */
export interface ReferenceEntry {
  /** e.g. spec.triggers[0].authenticationRef, spec.sources["db"]. */
  path: string;
  value: unknown;
}

/** Every set value of a field inside lists or maps (`field.within`) in `spec`, in entry order. */
export function referenceEntries(field: ReferenceField, spec: unknown): ReferenceEntry[] {
  const entries: ReferenceEntry[] = [];
  const steps = field.within ?? [];
  const walk = (at: unknown, index: number, path: string): void => {
    if (index === steps.length) {
      if (at !== undefined && at !== null) entries.push({ path, value: at });
      return;
    }
    const step = steps[index]!;
    if (step === "[]") {
      if (Array.isArray(at)) at.forEach((entry, i) => walk(entry, index + 1, `${path}[${i}]`));
    } else if (step === "{}") {
      for (const [key, entry] of Object.entries(record(at) ?? {}))
        walk(entry, index + 1, `${path}[${JSON.stringify(key)}]`);
    } else walk(record(at)?.[step], index + 1, `${path}.${step}`);
  };
  walk(spec, 0, "spec");
  return entries;
}

/**
 * Resolves every entry of a field inside lists or maps, shaped like the spec: an array per list
 * (one item per entry, undefined where the entry leaves the field unset or its object is missing)
 * and a record per map. Each missing object is pushed onto `blocked` under its entry's path.
 */
export async function resolveReferenceEntries(
  field: ReferenceField,
  spec: unknown,
  owner: KubernetesObject,
  reader: ReferenceReader | undefined,
  blocked: PartResult[],
): Promise<unknown> {
  const steps = field.within ?? [];
  const resolveAt = async (at: unknown, index: number, path: string): Promise<unknown> => {
    if (index === steps.length) return resolveReference(field, at, owner, reader, blocked, path);
    const step = steps[index]!;
    if (step === "[]") {
      const out: unknown[] = [];
      // One at a time: Ready names the first missing entry in list order.
      for (const [i, entry] of (Array.isArray(at) ? at : []).entries())
        out.push(await resolveAt(entry, index + 1, `${path}[${i}]`));
      return out;
    }
    if (step === "{}") {
      const out: Record<string, unknown> = {};
      for (const [key, entry] of Object.entries(record(at) ?? {}))
        out[key] = await resolveAt(entry, index + 1, `${path}[${JSON.stringify(key)}]`);
      return out;
    }
    return resolveAt(record(at)?.[step], index + 1, `${path}.${step}`);
  };
  return resolveAt(spec, 0, "spec");
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** A Secret's or ConfigMap's data (or binaryData) holds `key`. */
export function hasDataKey(obj: KubernetesObject, key: string): boolean {
  const { data, binaryData } = obj as { data?: Record<string, unknown>; binaryData?: unknown };
  return (
    (data !== undefined && Object.hasOwn(data, key)) ||
    (binaryData !== undefined && Object.hasOwn(binaryData as object, key))
  );
}

/**
 * One informer per referenced kind and namespace: every watched namespace (the whole cluster when
 * none are listed, and always for references that may name any namespace). Two fields that
 * reference one kind share its informers.
 */
export function referenceInformers(
  kubeConfig: KubeConfig,
  kinds: readonly ReferencedKind[],
  namespaces: readonly string[],
  logger: Logger,
  options: Partial<InformerOptions> = {},
): ReferenceInformer[] {
  const byPath = new Map<string, ReferenceInformer>();
  for (const kind of kinds) {
    const owned = { ...kind, namespaced: kind.clusterScoped !== true };
    const scopes =
      kind.anyNamespace || kind.clusterScoped || namespaces.length === 0 ? [undefined] : namespaces;
    for (const namespace of scopes) {
      const path = collectionPath(owned, namespace);
      if (byPath.has(path)) continue;
      byPath.set(path, {
        kind,
        informer: new Informer<KubernetesObject>({ kubeConfig, path, logger, ...options }),
      });
    }
  }
  return [...byPath.values()];
}

/** Reads referenced objects from the reference informers' caches; no request. */
export class CacheReferenceReader implements ReferenceReader {
  readonly #informers: readonly ReferenceInformer[];

  constructor(informers: readonly ReferenceInformer[]) {
    this.#informers = informers;
  }

  async get(kind: ReferencedKind, key: ObjectKey): Promise<KubernetesObject | undefined> {
    for (const { kind: cached, informer } of this.#informers) {
      if (!sameKind(cached, kind)) continue;
      const found = informer.get(key);
      if (found !== undefined) return found;
    }
    return undefined;
  }
}

function sameKind(a: ReferencedKind, b: ReferencedKind): boolean {
  return a.apiVersion === b.apiVersion && a.kind === b.kind;
}

/** Which objects reference which: referenced object → the keys of the objects naming it. */
export class ReferenceIndex {
  readonly #targets = new Map<string, string[]>();
  readonly #referencers = new Map<string, Map<string, ObjectKey>>();

  /** Records what `referencer` names now, replacing what it named before. */
  set(referencer: ObjectKey, targets: readonly ReferenceTarget[]): void {
    this.remove(referencer);
    const from = keyToString(referencer);
    const ids = [...new Set(targets.map(targetId))];
    if (ids.length === 0) return;
    this.#targets.set(from, ids);
    for (const id of ids) {
      const referencers = this.#referencers.get(id) ?? new Map<string, ObjectKey>();
      referencers.set(from, referencer);
      this.#referencers.set(id, referencers);
    }
  }

  remove(referencer: ObjectKey): void {
    const from = keyToString(referencer);
    for (const id of this.#targets.get(from) ?? []) {
      const referencers = this.#referencers.get(id);
      referencers?.delete(from);
      if (referencers?.size === 0) this.#referencers.delete(id);
    }
    this.#targets.delete(from);
  }

  /** The objects that name `key` of `kind`. */
  referencers(kind: ReferencedKind, key: ObjectKey): ObjectKey[] {
    return [...(this.#referencers.get(targetId({ kind, key }))?.values() ?? [])];
  }
}

function targetId({ kind, key }: ReferenceTarget): string {
  return `${kind.apiVersion}/${kind.kind}/${keyToString(key)}`;
}

/** What the controller needs to requeue referencing objects. */
export interface ReferenceWatch<T extends KubernetesObject> {
  informers: ReferenceInformer[];
  /** The objects `obj`'s spec references (src/references.ts). */
  targetsOf(obj: T): ReferenceTarget[];
}

/**
 * Keeps `index` current from the reconciled kind's informers and calls `enqueue` with every
 * object that references an object a reference informer saw change.
 */
export function watchReferences<T extends KubernetesObject>(
  owners: readonly Informer<T>[],
  watch: ReferenceWatch<T>,
  enqueue: (key: ObjectKey) => void,
  index: ReferenceIndex = new ReferenceIndex(),
): ReferenceIndex {
  for (const owner of owners) {
    const record = (obj: T): void => index.set(keyOf(obj), watch.targetsOf(obj));
    owner.on({ add: record, update: record, delete: (obj) => index.remove(keyOf(obj)) });
  }
  for (const { kind, informer } of watch.informers) {
    const requeue = (obj: KubernetesObject): void => {
      for (const key of index.referencers(kind, keyOf(obj))) enqueue(key);
    };
    informer.on({ add: requeue, update: requeue, delete: requeue });
  }
  return index;
}
