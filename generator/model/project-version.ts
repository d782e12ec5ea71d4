// operator.yaml as if `version` were its only version: the field trees projected onto that version
// (base/field-evolution.ts), and every place that names a field by path (external resources'
// inputs and outputs, printer columns, selectable fields, the scale subresource) renamed to match.
// buildModel on the result gives that version's model, so a version's CRD schema, its TypeScript
// types and the hub the reconciler works on all come from the one code path single-version specs
// use. A spec without any `versions:` block is returned as it is: byte-identical output.

import { rulesInVersion, treeIn } from "../base/cel-rule-versions.ts";
import { hasEvolution, placeFields, placer, projectFields } from "../base/field-evolution.ts";

type RawObject = Record<string, unknown>;
const isObject = (value: unknown): value is RawObject =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** Tree path (dotted, newest names) -> dotted path in the version, per section. */
export interface PathMap {
  spec: Map<string, string>;
  status: Map<string, string>;
}

export function hasFieldEvolution(data: unknown): boolean {
  const root = isObject(data) ? data : {};
  const section = (name: string) => (isObject(root[name]) ? (root[name] as RawObject).fields : {});
  return hasEvolution(section("spec")) || hasEvolution(section("status"));
}

export function pathMap(data: unknown, version: string): PathMap {
  const root = isObject(data) ? data : {};
  const of = (name: string) => {
    const section = isObject(root[name]) ? (root[name] as RawObject) : {};
    return new Map(
      placeFields(section.fields, version).map((f) => [f.treePath, f.path.join(".")] as const),
    );
  };
  return { spec: of("spec"), status: of("status") };
}

/**
 * `.spec.a.b` (or .status) in the version, or undefined when the version lacks the field. `paths`
 * maps the fields the version lacks to ABSENT, so a lacking field (drop the column) is told from a
 * path the tree does not know, such as one into a map (kept as written).
 */
export function jsonPathIn(jsonPath: string, paths: PathMap): string | undefined {
  const match = /^\.(spec|status)\.([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*)(.*)$/.exec(jsonPath);
  if (!match) return jsonPath; // metadata, conditions filters and the like are the same everywhere
  const section = match[1] as "spec" | "status";
  const segments = match[2]!.split(".");
  // The longest known prefix: a path into a free-form or map field keeps its tail.
  for (let n = segments.length; n > 0; n--) {
    const known = paths[section].get(segments.slice(0, n).join("."));
    if (known === ABSENT) return undefined;
    if (known !== undefined)
      return `.${section}.${[known, ...segments.slice(n)].join(".")}${match[3]}`;
  }
  return jsonPath;
}

/** Every tree path any of `versions` has, per section. */
export function treePaths(data: unknown, versions: readonly string[]): PathMap {
  const all: PathMap = { spec: new Map(), status: new Map() };
  for (const version of versions) {
    const paths = pathMap(data, version);
    for (const section of ["spec", "status"] as const)
      for (const key of paths[section].keys()) all[section].set(key, key);
  }
  return all;
}

export function projectSpec(data: unknown, version: string, versions: readonly string[]): unknown {
  if (!hasFieldEvolution(data)) return data;
  const projected = structuredClone(data) as RawObject;
  const paths = pathMap(data, version);
  const allPaths = treePaths(data, versions);
  for (const name of ["spec", "status"] as const) {
    const section = projected[name];
    if (!isObject(section) || !isObject(section.fields)) continue;
    // Rules on the whole spec name fields from its root: rewritten into the version's names.
    if (section.rules !== undefined)
      section.rules = rulesInVersion(
        section.rules,
        treeIn(section.fields, placer(version)),
        "",
        undefined,
      );
    section.fields = projectFields(section.fields, version);
  }
  // A tree path this version lacks: known to the tree (allPaths) but not to the version.
  const lacks = (section: "spec" | "status", path: string) =>
    allPaths[section].has(path) && !paths[section].has(path);
  const rename = (section: "spec" | "status", path: string) =>
    paths[section].get(path) ?? (lacks(section, path) ? undefined : path);
  const resources = Array.isArray(projected.externalResources) ? projected.externalResources : [];
  for (const resource of resources) {
    if (!isObject(resource)) continue;
    for (const [key, section] of [
      ["inputs", "spec"],
      ["outputs", "status"],
    ] as const) {
      if (!Array.isArray(resource[key])) continue;
      resource[key] = (resource[key] as unknown[])
        .map((path) => (typeof path === "string" ? rename(section, path) : path))
        .filter((path) => path !== undefined);
    }
  }
  const inVersion = (jsonPath: unknown) =>
    typeof jsonPath === "string" ? jsonPathIn(jsonPath, withAbsent(paths, allPaths)) : jsonPath;
  for (const key of ["printerColumns", "selectableFields"] as const) {
    if (!Array.isArray(projected[key])) continue;
    projected[key] = (projected[key] as unknown[]).flatMap((entry) => {
      if (!isObject(entry)) return [entry];
      const jsonPath = inVersion(entry.jsonPath);
      return jsonPath === undefined ? [] : [{ ...entry, jsonPath }];
    });
  }
  const api = projected.api;
  if (isObject(api) && isObject(api.scale)) {
    for (const key of ["specReplicasPath", "statusReplicasPath", "labelSelectorPath"]) {
      const path = inVersion(api.scale[key]);
      if (path !== undefined) api.scale[key] = path;
    }
  }
  return projected;
}

/**
 * The version's path map with the tree paths it lacks mapped to nothing, so jsonPathIn can tell a
 * field the version lacks (drop the column) from a path it does not know (keep it as written).
 */
function withAbsent(paths: PathMap, all: PathMap): PathMap {
  const merged = (section: "spec" | "status") => {
    const map = new Map(paths[section]);
    for (const key of all[section].keys()) if (!map.has(key)) map.set(key, ABSENT);
    return map;
  };
  return { spec: merged("spec"), status: merged("status") };
}

export const ABSENT = "\u0000absent";
