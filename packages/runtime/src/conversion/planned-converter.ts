// A VersionConverter from a plan instead of code: create-operator derives, for each version, which
// fields are copied between it and the hub (under their name on each side), which only one side
// holds, and which a user hook converts. Round trips are lossless, as Cluster API makes them: what
// the target version cannot hold travels in an annotation on the object, keyed by the version that
// holds it, and comes back when the object returns to that version. So a v1alpha1 client that
// reads, edits and writes an object keeps every v1beta1-only field it never saw.

import { ConversionFailure, type JsonObject, type VersionConverter } from "./converters.ts";

export interface FieldPlan {
  /** Dotted paths from the object root (spec.size) of fields both sides hold. */
  copy: readonly FieldCopy[];
  /** Hub paths the version cannot hold. */
  hubOnly: readonly string[];
  /** Version paths the hub cannot hold. */
  versionOnly: readonly string[];
  /**
   * Fields a hook converts (a type change), by path on each side, with each side's type as its
   * schema declares it: a hook's result is checked against it before the API server sees it.
   */
  hooked: ReadonlyArray<{
    hub: string;
    version: string;
    types?: { hub?: FieldType; version?: FieldType };
  }>;
}

export interface FieldCopy {
  hub: string;
  version: string;
  /** An object whose members have plans of their own: only its presence is copied. */
  object?: boolean;
  /** A list (map) whose items (values) differ by version: each is converted with this plan. */
  each?: ElementPlan;
}

/**
 * How to convert each item of a list or value of a map, its paths from the element's root. What
 * an element cannot hold in the target version is kept in the annotation under the list's path
 * and the element's identity: its listType: map keys (so an old client may reorder, add or remove
 * items and each keeps its own fields), a map value's key, or else its index.
 */
export interface ElementPlan {
  kind: "items" | "values";
  keys?: readonly string[];
  copy: readonly FieldCopy[];
  hubOnly: readonly string[];
  versionOnly: readonly string[];
}

/**
 * A field's JSON type as its CRD schema declares it. The API server validates an object in the
 * version a client writes, not the one a conversion produces: a value of the wrong type from a
 * hook would be stored, and served to the reconciler, as it is. So the converter checks.
 */
export interface FieldType {
  type: "string" | "integer" | "number" | "boolean" | "object" | "array";
  nullable?: boolean;
}

/** Converts one field's value; gets the whole source object for context. */
export interface FieldHook {
  toHub(value: unknown, object: JsonObject): unknown;
  fromHub(value: unknown, hub: JsonObject): unknown;
}

/**
 * A hook as a generated project types it: with its two versions' own types (the field's value
 * and the object in src/api/<version>/), which JsonObject is not assignable to. The converter
 * passes the API server's JSON through unchanged, so any such hook is accepted here.
 */
export interface TypedFieldHook {
  toHub(value: never, object: never): unknown;
  fromHub(value: never, hub: never): unknown;
}

export interface PlannedConverterOptions {
  hub: string;
  version: string;
  /** The annotation holding what a version cannot hold: <group>/conversion-data. */
  annotation: string;
  plan: FieldPlan;
  /** By the field's path in the version (spec.storageGB); one for every hooked field. */
  hooks?: Readonly<Record<string, FieldHook | TypedFieldHook>>;
}

type Kept = Record<string, Record<string, unknown>>;

/** Kept under this key: objects the version did not have (see convert). */
const ABSENT = "!absent";

export function plannedConverter(options: PlannedConverterOptions): VersionConverter {
  const { hub, version, plan, annotation } = options;
  for (const field of plan.hooked) {
    if (options.hooks?.[field.version] === undefined)
      throw new Error(`no conversion hook for ${version} ${field.version}`);
  }
  const convert = (source: JsonObject, toHub: boolean): JsonObject => {
    const [from, to] = toHub ? [version, hub] : [hub, version];
    const kept = readKept(source, annotation);
    const convertHooked = (entry: FieldPlan["hooked"][number], value: unknown): unknown => {
      const hook = options.hooks![entry.version] as FieldHook;
      const converted = toHub ? hook.toHub(value, source) : hook.fromHub(value, source);
      const toPath = toHub ? entry.hub : entry.version;
      const wrong = mismatch(converted, entry.types?.[toHub ? "hub" : "version"]);
      if (wrong !== undefined)
        throw new ConversionFailure(
          `the ${toHub ? "toHub" : "fromHub"} hook of ${version} ${entry.version} returned ${wrong} for ${toPath}`,
        );
      return converted;
    };
    const { target, lost } = convertTree(plan, source, toHub, kept[to] ?? {}, convertHooked);
    delete kept[to];
    if (Object.keys(lost).length > 0) kept[from] = lost;
    else delete kept[from];
    writeKept(target, annotation, kept);
    return target;
  };
  return {
    toHub: (object) => convert(object, true),
    fromHub: (object) => convert(object, false),
  };
}

type Held = Record<string, unknown>;

/**
 * Converts one tree (the object, or one element of a list or map) with its plan. `held` is what
 * the target side kept while the tree was in the source version; the result's `lost` is what the
 * target cannot hold, keyed by its path on the source side (an element's by its list and id).
 */
function convertTree(
  plan: Omit<FieldPlan, "hooked"> & { hooked?: FieldPlan["hooked"] },
  source: JsonObject,
  toHub: boolean,
  held: Held,
  convertHooked: (entry: FieldPlan["hooked"][number], value: unknown) => unknown,
): { target: JsonObject; lost: Held } {
  const ends = (entry: { hub: string; version: string }) =>
    (toHub ? [entry.version, entry.hub] : [entry.hub, entry.version]) as [string, string];
  // Everything the plan does not name passes through as it is (status.phase, conditions,
  // observedGeneration, metadata); what it names is taken out first and put where it belongs.
  const target = structuredClone(source);
  const take = (path: string) => {
    const value = getPath(target, path);
    if (value !== undefined) deletePath(target, path);
    return value;
  };
  const members = plan.copy.filter((entry) => !entry.object);
  const objects = plan.copy.filter((entry) => entry.object);
  const moved = members.map((entry) => [ends(entry)[1], take(ends(entry)[0])] as const);
  const hooked = (plan.hooked ?? []).map((entry) => [entry, take(ends(entry)[0])] as const);
  const lost: Held = {};
  // An object only this side has, emptied by members that moved out of it (the other side holds
  // them elsewhere), is made again from them on the way back: keeping its {} would leave an
  // annotation on an object that lost nothing. One that was empty to begin with is kept.
  const movedOut = (path: string) =>
    moved.some(
      ([, value], i) => value !== undefined && ends(members[i]!)[0].startsWith(`${path}.`),
    );
  for (const path of toHub ? plan.versionOnly : plan.hubOnly) {
    const value = take(path);
    if (value !== undefined && !(isEmptyObject(value) && movedOut(path))) lost[path] = value;
  }
  // A renamed object: what is left of it (its members moved already) moves with its name.
  const renamedObjects = objects
    .map(ends)
    .filter(([fromPath, toPath]) => fromPath !== toPath)
    .map(([fromPath, toPath]) => [toPath, take(fromPath)] as const);
  // What this side held before it left comes back first, so fields both hold win over it; an
  // element's part (list path and id, with a "[") goes to the element below.
  const { [ABSENT]: absent, ...rest } = held;
  for (const [path, value] of Object.entries(rest))
    if (!path.includes("[")) setPath(target, path, value);
  for (const [path, value] of [...renamedObjects, ...moved])
    if (value !== undefined) setPath(target, path, value);
  for (const [entry, value] of hooked) {
    if (value === undefined) continue;
    setPath(target, ends(entry)[1], convertHooked(entry, value));
  }
  for (const entry of plan.copy) {
    if (entry.each === undefined) continue;
    const [fromPath, toPath] = ends(entry);
    const container = getPath(target, toPath);
    const convertElement = (element: unknown, id: string) => {
      if (!isObject(element)) return element;
      const heldHere = held[`${toPath}[${id}]`];
      const converted = convertTree(
        entry.each!,
        element,
        toHub,
        isObject(heldHere) ? heldHere : {},
        convertHooked,
      );
      if (Object.keys(converted.lost).length > 0) lost[`${fromPath}[${id}]`] = converted.lost;
      return converted.target;
    };
    if (entry.each.kind === "items" && Array.isArray(container))
      setPath(
        target,
        toPath,
        container.map((item, index) => convertElement(item, itemId(entry.each!, item, index))),
      );
    else if (entry.each.kind === "values" && isObject(container))
      setPath(
        target,
        toPath,
        Object.fromEntries(
          Object.entries(container).map(([key, value]) => [
            key,
            convertElement(value, JSON.stringify(key)),
          ]),
        ),
      );
  }
  // An object this side did not have, made on the other only to hold a member moved into it,
  // is removed again on the way back (when still empty), so it does not appear from nowhere.
  for (const path of Array.isArray(absent) ? absent : [])
    if (isEmptyObject(getPath(target, String(path)))) deletePath(target, String(path));
  const made = objects
    .map(ends)
    .filter(
      ([fromPath, toPath]) =>
        getPath(source, fromPath) === undefined && getPath(target, toPath) !== undefined,
    )
    .map(([fromPath]) => fromPath);
  if (made.length > 0) lost[ABSENT] = made;
  return { target, lost };
}

/**
 * An item's identity in the annotation: its listType: map keys' values (the same in every
 * version: keys do not evolve), so what it keeps follows it when an old client reorders the
 * list; an item without keys is known by its index.
 */
function itemId(each: ElementPlan, item: unknown, index: number): string {
  if (each.keys === undefined || !isObject(item)) return String(index);
  return JSON.stringify(each.keys.map((key) => item[key] ?? null));
}

/** What is wrong with a hook's result, or undefined when it fits the field's type. */
function mismatch(value: unknown, expected: FieldType | undefined): string | undefined {
  if (value === undefined) return "nothing";
  if (expected === undefined) return undefined;
  if (value === null) return expected.nullable ? undefined : "null, which the field does not allow";
  const fits: Record<FieldType["type"], (v: unknown) => boolean> = {
    string: (v) => typeof v === "string",
    integer: (v) => Number.isInteger(v),
    number: (v) => typeof v === "number" && Number.isFinite(v),
    boolean: (v) => typeof v === "boolean",
    object: isObject,
    array: Array.isArray,
  };
  if (fits[expected.type](value)) return undefined;
  const article = /^[aeiou]/.test(expected.type) ? "an" : "a";
  return `${shortJson(value)} (${jsonTypeOf(value)}), not ${article} ${expected.type}`;
}

function jsonTypeOf(value: unknown): string {
  if (Array.isArray(value)) return "array";
  if (typeof value === "number" && !Number.isFinite(value)) return String(value);
  return typeof value;
}

function shortJson(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function readKept(object: JsonObject, annotation: string): Kept {
  const text = annotationsOf(object)?.[annotation];
  if (text === undefined) return {};
  try {
    const parsed: unknown = JSON.parse(String(text));
    if (isObject(parsed) && Object.values(parsed).every(isObject)) return parsed as Kept;
  } catch {
    // reported below
  }
  throw new ConversionFailure(
    `annotation ${annotation} is not the JSON create-operator writes; fields a version cannot hold would be lost`,
  );
}

/** The kept fields into the target's annotation (sorted, so equal objects have equal text). */
function writeKept(target: JsonObject, annotation: string, kept: Kept): void {
  const metadata = isObject(target.metadata) ? target.metadata : undefined;
  const annotations = metadata && isObject(metadata.annotations) ? metadata.annotations : undefined;
  if (Object.keys(kept).length === 0) {
    if (!annotations || !(annotation in annotations)) return;
    delete annotations[annotation];
    // The API server drops an empty map too (omitempty): leaving {} would differ from the source.
    if (Object.keys(annotations).length === 0) delete metadata!.annotations;
    return;
  }
  if (!isObject(target.metadata)) target.metadata = {};
  const meta = target.metadata as JsonObject;
  if (!isObject(meta.annotations)) meta.annotations = {};
  (meta.annotations as JsonObject)[annotation] = JSON.stringify(sortKeys(kept));
}

function annotationsOf(object: JsonObject): JsonObject | undefined {
  const metadata = object.metadata;
  return isObject(metadata) && isObject(metadata.annotations) ? metadata.annotations : undefined;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys(value[key])]),
  );
}

function getPath(object: JsonObject, path: string): unknown {
  let current: unknown = object;
  for (const segment of path.split(".")) {
    if (!isObject(current) || !Object.hasOwn(current, segment)) return undefined;
    current = current[segment];
  }
  return current;
}

function deletePath(object: JsonObject, path: string): void {
  const segments = path.split(".");
  const parent = getPath(object, segments.slice(0, -1).join("."));
  if (segments.length === 1) delete object[segments[0]!];
  else if (isObject(parent)) delete parent[segments.at(-1)!];
}

function setPath(object: JsonObject, path: string, value: unknown): void {
  const segments = path.split(".");
  let current = object;
  for (const segment of segments.slice(0, -1)) {
    if (!isObject(current[segment])) current[segment] = {};
    current = current[segment] as JsonObject;
  }
  current[segments.at(-1)!] = value;
}

function isEmptyObject(value: unknown): boolean {
  return isObject(value) && Object.keys(value).length === 0;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
