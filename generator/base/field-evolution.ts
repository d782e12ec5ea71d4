// How one field tree describes every API version. The tree in operator.yaml is the newest version;
// a field's optional `versions:` block says how it differed before:
//
//   added: v1beta1                    absent in every version older than v1beta1
//   removed: v1                       present only in versions older than v1 (it stays in the tree)
//   renamed: { v1alpha1: instanceClass }      its path from the spec (or status) root in v1alpha1
//                                             and older versions: backup.keepDays renames a member
//                                             of backup, backupRetentionDays moves it to the root
//   changed: { v1alpha1: { default: small } } keywords it had in v1alpha1 and older versions; a
//                                             `type` there is a type change, which needs
//   converted: hook                   a hand-written conversion (src/hooks/<kind>-conversion.ts)
//
// An entry keyed by a version holds for that version and every older one until an older entry
// says otherwise, so three versions stay readable: each change is written once, where it happened.
// check and model both read the tree through this module: check to locate mistakes, model to
// project the tree onto each version (a plain field tree, as if that version were the only one).

import { compareVersions } from "./version-priority.ts";

type RawObject = Record<string, unknown>;

const isObject = (value: unknown): value is RawObject =>
  value !== null && typeof value === "object" && !Array.isArray(value);

export interface FieldEvolution {
  added?: string;
  removed?: string;
  /** Version -> dotted path from the section root in that version and older ones. */
  renamed: Record<string, string>;
  /** Version -> keywords the field had in that version and older ones. */
  changed: Record<string, RawObject>;
  hook: boolean;
}

/** The field's `versions:` block, read forgivingly (check reports its shape). */
export function evolutionOf(def: RawObject): FieldEvolution | undefined {
  if (!isObject(def.versions)) return undefined;
  const block = def.versions;
  const strings = (value: unknown) =>
    Object.fromEntries(
      Object.entries(isObject(value) ? value : {}).filter(([, v]) => typeof v === "string"),
    ) as Record<string, string>;
  const objects = (value: unknown) =>
    Object.fromEntries(
      Object.entries(isObject(value) ? value : {}).filter(([, v]) => isObject(v)),
    ) as Record<string, RawObject>;
  return {
    ...(typeof block.added === "string" ? { added: block.added } : {}),
    ...(typeof block.removed === "string" ? { removed: block.removed } : {}),
    renamed: strings(block.renamed),
    changed: objects(block.changed),
    hook: block.converted === "hook",
  };
}

/** Whether a field exists in `version`. Versions must be known (check guarantees it). */
export function presentIn(evolution: FieldEvolution | undefined, version: string): boolean {
  if (!evolution) return true;
  if (evolution.added && compareVersions(version, evolution.added) < 0) return false;
  if (evolution.removed && compareVersions(version, evolution.removed) >= 0) return false;
  return true;
}

/** The entries that hold for `version`, newest first (each older one overrides the newer). */
function entriesFor<T>(entries: Record<string, T>, version: string): T[] {
  return Object.keys(entries)
    .filter((key) => isVersionName(key) && compareVersions(version, key) <= 0)
    .sort((a, b) => compareVersions(b, a))
    .map((key) => entries[key]!);
}

/** The field's dotted path from the section root in `version`, when it was renamed there. */
export function renamedIn(evolution: FieldEvolution | undefined, version: string) {
  if (!evolution) return undefined;
  return entriesFor(evolution.renamed, version).at(-1);
}

/**
 * The field's definition in `version`, without `versions:` and without `fields` (the projection
 * places children itself). A type change makes the older definition exactly what `changed` says,
 * besides the description and `required`.
 */
export function definitionIn(def: RawObject, version: string): RawObject {
  const evolution = evolutionOf(def);
  const { versions: _versions, fields: _fields, ...own } = def;
  const changes = evolution ? entriesFor(evolution.changed, version) : [];
  // The oldest type change that holds decides the base: newer entries describe another type.
  const at = changes.map((change) => typeof change.type === "string").lastIndexOf(true);
  if (at >= 0) {
    // The description and whether the field must be present belong to the field, not its type:
    // a required field whose type changed is still required in the older version.
    const base: RawObject = {};
    for (const key of ["description", "required"]) if (own[key] !== undefined) base[key] = own[key];
    return Object.assign(base, ...changes.slice(at));
  }
  return Object.assign({}, own, ...changes);
}

/** Whether the field's type in `version` differs from the tree's (a hook converts it). */
export function retypedIn(def: RawObject, version: string): boolean {
  const evolution = evolutionOf(def);
  if (!evolution) return false;
  return entriesFor(evolution.changed, version).some((change) => typeof change.type === "string");
}

const VERSION_NAME = /^v[0-9]+((alpha|beta)[0-9]+)?$/;
function isVersionName(name: string): boolean {
  return VERSION_NAME.test(name);
}

/** One field of the tree as it appears in a version. */
export interface PlacedField {
  /** Dotted path in the tree (the newest version's names). */
  treePath: string;
  /** Segments of its path in the version. */
  path: string[];
  def: RawObject;
  /** Whether its type differs from the tree's (converted by a hook). */
  retyped: boolean;
  /** The tree definition has object children placed separately. */
  hasChildren: boolean;
  /** Its path in the version comes from a `renamed` entry. */
  renamed: boolean;
}

/**
 * Every field of a section's tree (object nesting only: array items and map values go with their
 * field) present in `version`, parents before children, with its path in that version.
 */
export function placeFields(fields: unknown, version: string): PlacedField[] {
  const placed: PlacedField[] = [];
  const visit = (map: unknown, treePrefix: string, versionPrefix: string[] | undefined) => {
    for (const [name, def] of Object.entries(isObject(map) ? map : {})) {
      if (!isObject(def)) continue;
      const treePath = treePrefix ? `${treePrefix}.${name}` : name;
      const evolution = evolutionOf(def);
      // A field whose parent is absent in this version is absent too, unless moved elsewhere.
      const renamed = renamedIn(evolution, version);
      const present = presentIn(evolution, version);
      let path: string[] | undefined;
      if (renamed !== undefined) path = renamed.split(".");
      else if (versionPrefix) path = [...versionPrefix, renamed ?? name];
      if (present && path) {
        const retyped = retypedIn(def, version);
        const children = !retyped && isObject(def.fields) && Object.keys(def.fields).length > 0;
        placed.push({
          treePath,
          path,
          def: definitionIn(def, version),
          retyped,
          hasChildren: children,
          renamed: renamed !== undefined,
        });
        if (children) visit(def.fields, treePath, path);
      } else {
        visit(def.fields, treePath, undefined);
      }
    }
  };
  visit(fields, "", []);
  return placed;
}

/**
 * The section's field map in `version`: each placed field inserted at its path. A path whose
 * parent is not an object of that version is skipped here (check reports it, SEM252).
 */
export function projectFields(fields: unknown, version: string): RawObject {
  const root: RawObject = {};
  const mapAt = (segments: string[]): RawObject | undefined => {
    let map = root;
    for (const segment of segments) {
      const def = map[segment];
      if (!isObject(def)) return undefined;
      if (!isObject(def.fields)) def.fields = {};
      map = def.fields as RawObject;
    }
    return map;
  };
  // Parents before children, also for a field moved under an object declared after it.
  const placed = placeFields(fields, version).sort((a, b) => a.path.length - b.path.length);
  for (const field of placed) {
    const parent = mapAt(field.path.slice(0, -1));
    if (parent) parent[field.path.at(-1)!] = structuredClone(field.def);
  }
  return root;
}

/** Whether any field definition under `fields` (any depth) has a `versions:` block. */
export function hasEvolution(fields: unknown): boolean {
  return Object.values(isObject(fields) ? fields : {}).some(
    (def) =>
      isObject(def) &&
      (isObject(def.versions) ||
        hasEvolution(def.fields) ||
        (isObject(def.items) && hasEvolution({ items: def.items })) ||
        (isObject(def.values) && hasEvolution({ values: def.values }))),
  );
}
