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

import { rulesInVersion, treeIn } from "./cel-rule-versions.ts";
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
 * Every field of a section's tree, or of one array's items or map's values (object nesting only:
 * the items and values of lists and maps below are trees of their own, elementTrees), present in
 * `version`, parents before children, with its path in that version.
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
  const tree = treeIn(fields, placer(version));
  for (const field of placed) {
    const parent = mapAt(field.path.slice(0, -1));
    if (!parent) continue;
    const def = projectElements(structuredClone(field.def), version);
    const raw = fieldDefAt(fields, field.treePath);
    // Rules a `changed` entry gives are written in that version's names already.
    if (def.rules !== undefined && !rulesChangedIn(raw, version))
      def.rules = rulesInVersion(def.rules, tree, field.treePath, raw);
    parent[field.path.at(-1)!] = def;
  }
  return root;
}

/** Tree path -> path in `version`, for any one tree (a section or a list's items). */
export function placer(version: string) {
  return (fields: unknown) =>
    new Map(placeFields(fields, version).map((f) => [f.treePath, f.path.join(".")] as const));
}

export function rulesChangedIn(def: RawObject | undefined, version: string): boolean {
  const evolution = def && evolutionOf(def);
  return (
    evolution !== undefined && entriesFor(evolution.changed, version).some((c) => "rules" in c)
  );
}

function fieldDefAt(fields: unknown, treePath: string): RawObject | undefined {
  let def: RawObject | undefined = { fields };
  for (const segment of treePath.split(".")) {
    const next: unknown = isObject(def?.fields) ? def.fields[segment] : undefined;
    def = isObject(next) ? next : undefined;
  }
  return def;
}

/**
 * An array's items and a map's values are field trees of their own (each item is a little
 * object): their fields evolve the same ways, with `renamed` paths from the item's root.
 */
function projectElements(def: RawObject, version: string): RawObject {
  for (const key of ["items", "values"] as const) {
    const element = def[key];
    if (!isObject(element)) continue;
    const projected: RawObject = { ...element };
    if (isObject(element.fields)) {
      projected.fields = projectFields(element.fields, version);
      // Rules on each item (self is the item): in the version's names too.
      if (element.rules !== undefined)
        projected.rules = rulesInVersion(
          element.rules,
          treeIn(element.fields, placer(version)),
          "",
          element,
        );
    }
    def[key] = projectElements(projected, version);
  }
  return def;
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

/** One array's items or map's values whose fields form a tree of their own. */
export interface ElementTree {
  /** The field's path in the enclosing tree (dotted, newest names). */
  treePath: string;
  kind: "items" | "values";
  /** The element's definition (its `fields` are the tree). */
  def: RawObject;
  /** The definition path from the enclosing tree's field map: backup.fields.x.items. */
  docSteps: string[];
}

/**
 * The element trees directly inside one tree (object nesting, then one array items or map values
 * step; an array of arrays reaches its objects through `items.items`), for check to walk scope by
 * scope.
 */
export function elementTrees(fields: unknown): ElementTree[] {
  const trees: ElementTree[] = [];
  const visit = (map: unknown, treePrefix: string, docPrefix: string[]) => {
    for (const [name, def] of Object.entries(isObject(map) ? map : {})) {
      if (!isObject(def)) continue;
      const treePath = treePrefix ? `${treePrefix}.${name}` : name;
      const docSteps = [...docPrefix, name];
      visit(def.fields, treePath, [...docSteps, "fields"]);
      const elements = (container: RawObject, steps: string[]) => {
        for (const kind of ["items", "values"] as const) {
          const element = container[kind];
          if (!isObject(element)) continue;
          if (isObject(element.fields))
            trees.push({ treePath, kind, def: element, docSteps: [...steps, kind] });
          elements(element, [...steps, kind]);
        }
      };
      elements(def, docSteps);
    }
  };
  visit(fields, "", []);
  return trees;
}
