// The hint for a breaking change, as the spec edit that makes it a new API version instead
// (issue 19): the version the change broke keeps its old shape through a field's `versions:`
// block (renamed, removed, changed, converted: hook), and when that version is the newest one a
// next version is added and made the storage version. The fragment merges into operator.yaml
// (maps merge, lists replace); versions.test.ts applies each one and re-checks that nothing breaks.

import { Document, isMap, isScalar, visit } from "yaml";
import { compareVersions, isKubernetesVersion } from "../base/version-priority.ts";
import type { Path } from "../check/report.ts";
import { valueAt } from "../server-check/spec-locations.ts";
import type { ApiSnapshot } from "./api-snapshot.ts";
import type { Change } from "./change.ts";
import { nextVersion } from "./next-version.ts";

type RawObject = Record<string, unknown>;

export interface VersionEdit {
  /** The operator.yaml fragment. */
  yaml: string;
  /** The version that keeps its shape. */
  keeps: string;
  /** A type change: the user writes the conversion in the hook file. */
  hook: boolean;
  /** The edit keeps a whole version (the change's own hint says why), not a field's shape. */
  version: boolean;
}

/** Keyword changes a `changed: { <version>: {...} }` entry can take back, by code. */
const KEYWORD_CODES = new Set([
  "COMPAT024",
  "COMPAT025",
  "COMPAT026",
  "COMPAT027",
  "COMPAT028",
  "COMPAT035",
]);

export function versionEditFor(
  change: Change,
  old: ApiSnapshot,
  next: ApiSnapshot,
): VersionEdit | undefined {
  if (!old.data || !next.data) return undefined;
  const oldData = old.data;
  const newData = next.data;
  if (change.code === "COMPAT030" || change.code === "COMPAT036")
    return keepVersion(change, old, next);
  const version = change.version;
  if (version === null || !isKubernetesVersion(version)) return undefined;
  const field = fieldPathOf(change.specPath);
  if (!field) return undefined;
  const names = next.crd.spec.versions.map((v) => v.name).sort(compareVersions);
  const newer = names.find((name) => compareVersions(name, version) > 0);
  const target = newer ?? nextVersion(version);
  const at: Path = field;
  let entry: RawObject;
  let definition: RawObject = {};
  let hook = false;
  if (change.code === "COMPAT021" && change.previousName) {
    const before = [...field.slice(0, -1), change.previousName];
    entry = { renamed: { [version]: dottedName(before) } };
  } else if (change.code === "COMPAT020") {
    if (insideUnkeyedItems(newData, field)) return undefined;
    const was = valueAt(oldData, field);
    if (!isObject(was)) return undefined;
    const { versions: _versions, ...own } = was;
    definition = own;
    entry = { removed: target };
  } else if (change.code === "COMPAT022") {
    // A hook converts top-level and object fields only (SEM342).
    if (elementStep(field) >= 0) return undefined;
    const was = valueAt(oldData, field);
    if (!isObject(was) || was.fields !== undefined) return undefined;
    const { versions: _versions, description: _description, ...own } = was;
    entry = { changed: { [version]: own }, converted: "hook" };
    hook = true;
  } else if (KEYWORD_CODES.has(change.code)) {
    const keyword =
      typeof change.specPath[field.length] === "string"
        ? (change.specPath[field.length] as string)
        : change.code === "COMPAT035"
          ? "mapType"
          : undefined;
    if (keyword === undefined) return undefined;
    let was = valueAt(oldData, [...field, keyword]);
    if (was === undefined && keyword === "immutable") was = false;
    if (was === undefined) return undefined;
    entry = { changed: { [version]: { [keyword]: was } } };
  } else return undefined;
  const existing = valueAt(newData, [...at, "versions"]);
  const block = mergeBlocks(isObject(existing) ? existing : {}, entry);
  const fragment: RawObject = {};
  if (newer === undefined) fragment.api = { versions: versionsWith(newData, next, target) };
  setIn(fragment, at, { ...definition, versions: block });
  return { yaml: render(fragment), keeps: version, hook, version: false };
}

/** A version removed (or no longer served): the new list with it back, as it was. */
function keepVersion(change: Change, old: ApiSnapshot, next: ApiSnapshot): VersionEdit | undefined {
  const message = /^version (\S+)/.exec(change.message);
  if (!message) return undefined;
  const name = message[1]!;
  const entries = versionEntries(next.data!, next);
  const previous = versionEntries(old.data!, old).find((v) => v.name === name);
  if (!previous) return undefined;
  const { storage: _storage, ...kept } = previous;
  const list = [...entries.filter((v) => v.name !== name), { ...kept, served: undefined }]
    .map((v) => (v.served === undefined ? withoutKey(v, "served") : v))
    .sort((x, y) => compareVersions(String(x.name), String(y.name)));
  const storage = next.crd.spec.versions.find((v) => v.storage)?.name;
  return {
    yaml: render({ api: { versions: withStorage(list, storage) } }),
    keeps: name,
    hook: false,
    version: true,
  };
}

/** The new spec's versions, no longer stored, and `added` after them as the storage version. */
function versionsWith(data: RawObject, snapshot: ApiSnapshot, added: string): RawObject[] {
  const list = versionEntries(data, snapshot).map((v) => withoutKey(v, "storage"));
  return [...list, { name: added, storage: true }];
}

function versionEntries(data: RawObject, snapshot: ApiSnapshot): RawObject[] {
  const declared = valueAt(data, ["api", "versions"]);
  const raw = Array.isArray(declared) ? declared.filter(isObject) : [];
  return snapshot.crd.spec.versions.map(
    (v) => structuredClone(raw.find((r) => r.name === v.name)) ?? { name: v.name },
  );
}

function withStorage(list: RawObject[], storage: string | undefined): RawObject[] {
  if (list.some((v) => v.storage === true) || list.length < 2) return list;
  return list.map((v) => (v.name === storage ? { ...v, storage: true } : v));
}

/** The field whose keywords the path points into: [section, "fields", name, ("fields", name)...]. */
function fieldPathOf(path: Path): Path | undefined {
  if (path[0] !== "spec" && path[0] !== "status") return undefined;
  let end = 1;
  for (;;) {
    if (path[end] === "fields" && typeof path[end + 1] === "string") end += 2;
    // Fields of an array's items or a map's values evolve too (their renames from the item).
    else if (
      (path[end] === "items" || path[end] === "values") &&
      path[end + 1] === "fields" &&
      typeof path[end + 2] === "string"
    )
      end += 3;
    else break;
  }
  // A keyword of the items or values themselves has no versions: block to hold it.
  if (end === 1 || path[end] === "items" || path[end] === "values") return undefined;
  return path.slice(0, end);
}

/**
 * [spec, fields, backup, fields, keepDays] → backup.keepDays, as `renamed:` takes it: from the
 * section root, or from the item's root for a field of an array's items or a map's values.
 */
function dottedName(field: Path): string {
  const last = elementStep(field);
  return field
    .slice(last + 1)
    .filter((segment, i, all) => all[i - 1] === "fields" && segment !== "fields")
    .join(".");
}

/** The index of the last items/values step of a field's path (not a field named so), or -1. */
function elementStep(field: Path): number {
  for (let i = field.length - 1; i > 0; i--)
    if ((field[i] === "items" || field[i] === "values") && field[i - 1] !== "fields") return i;
  return -1;
}

/**
 * A field added or removed inside items of a list without listType: map keys cannot be kept
 * for an old client (SEM340): no edit makes that change safe.
 */
function insideUnkeyedItems(data: RawObject, field: Path): boolean {
  const at = elementStep(field);
  if (at < 0 || field[at] !== "items") return false;
  const list = valueAt(data, field.slice(0, at));
  return !isObject(list) || list.listType !== "map";
}

function mergeBlocks(existing: RawObject, entry: RawObject): RawObject {
  const merged: RawObject = { ...existing };
  for (const [key, value] of Object.entries(entry))
    merged[key] =
      isObject(value) && isObject(existing[key]) ? { ...existing[key], ...value } : value;
  return merged;
}

function setIn(target: RawObject, path: Path, value: unknown): void {
  let at = target;
  for (const segment of path.slice(0, -1)) {
    const key = String(segment);
    if (!isObject(at[key])) at[key] = {};
    at = at[key] as RawObject;
  }
  at[String(path.at(-1))] = value;
}

function withoutKey(object: RawObject, key: string): RawObject {
  const { [key]: _dropped, ...rest } = object;
  return rest;
}

/** Block style, except `renamed:` and `changed:` maps, which read best on one line. */
function render(fragment: RawObject): string {
  const doc = new Document(fragment);
  visit(doc, {
    Pair(_, pair) {
      if (isScalar(pair.key) && ["renamed", "changed"].includes(String(pair.key.value)))
        if (isMap(pair.value)) pair.value.flow = true;
    },
  });
  // Lists inside a flow map as prettier writes them: [a, b], not [ a, b ].
  return doc.toString({ lineWidth: 0 }).replace(/\[ ([^\]\n]*) \]/g, "[$1]");
}

const isObject = (value: unknown): value is RawObject =>
  value !== null && typeof value === "object" && !Array.isArray(value);
