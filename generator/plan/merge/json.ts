// package.json: merged as JSON, key by key, because `npm install` rewrites the whole file and a
// line merge would conflict on every dependency. Each key takes the side that changed it; objects
// are merged recursively; a key both sides changed differently is a true conflict, written as
// markers around that key only and reported with its path and both values.

import { isDeepStrictEqual } from "node:util";
import { twoWayConflict, conflictMarkerLines } from "./lines.ts";
import type { MergeConflict, MergeOutcome } from "./outcome.ts";
import { mergeText } from "./text.ts";

type Json = unknown;
type JsonObject = Record<string, Json>;

interface KeyConflict {
  path: string[];
  ours: Json;
  theirs: Json;
}

export function isJsonMergeFile(path: string): boolean {
  return path === "package.json" || path.endsWith("/package.json");
}

/** base undefined: no recorded base, so every key both sides have with different values conflicts. */
export function mergeJson(base: string | undefined, ours: string, theirs: string): MergeOutcome {
  const parsed = [base ?? "{}", ours, theirs].map(parseObject);
  const [o, a, b] = parsed;
  // Not an object on some side (the user broke the JSON): a text merge still shows everything.
  if (!o || !a || !b) return mergeText(base, ours, theirs);
  const conflicts: KeyConflict[] = [];
  const [left, right] = mergeObjects([], o, a, b, conflicts);
  const indent = detectIndent(ours);
  const serialize = (value: JsonObject) => JSON.stringify(value, null, indent) + "\n";
  if (conflicts.length === 0) return { content: serialize(left), conflicts: [] };
  const content = twoWayConflict(serialize(left), serialize(right));
  const lines = conflictMarkerLines(content);
  return {
    content,
    conflicts: conflicts.map((c, i): MergeConflict => ({
      line: lines[Math.min(i, lines.length - 1)] ?? 1,
      message: `${c.path.join(".")}: yours ${show(c.ours)}, generated ${show(c.theirs)}`,
    })),
  };
}

function mergeValue(
  path: string[],
  o: Json,
  a: Json,
  b: Json,
  conflicts: KeyConflict[],
): [Json, Json] {
  if (isDeepStrictEqual(a, b)) return [a, a];
  if (isDeepStrictEqual(o, a)) return [b, b];
  if (isDeepStrictEqual(o, b)) return [a, a];
  if (isObject(a) && isObject(b) && (o === undefined || isObject(o)))
    return mergeObjects(path, o ?? {}, a, b, conflicts);
  conflicts.push({ path, ours: a, theirs: b });
  return [a, b];
}

/** Key order: the user's file first (npm keeps its order), then keys only the generator has. */
function mergeObjects(
  path: string[],
  o: JsonObject,
  a: JsonObject,
  b: JsonObject,
  conflicts: KeyConflict[],
): [JsonObject, JsonObject] {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  const left: JsonObject = {};
  const right: JsonObject = {};
  for (const key of keys) {
    const [l, r] = mergeValue([...path, key], own(o, key), own(a, key), own(b, key), conflicts);
    if (l !== undefined) left[key] = l;
    if (r !== undefined) right[key] = r;
  }
  return [left, right];
}

function own(object: JsonObject, key: string): Json {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

function isObject(value: Json): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function parseObject(text: string): JsonObject | undefined {
  try {
    const value: Json = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** npm keeps a package.json's indentation; so does the merge. */
function detectIndent(text: string): string {
  return /^[{[]\r?\n([ \t]+)\S/.exec(text)?.[1] ?? "  ";
}

function show(value: Json): string {
  return value === undefined ? "(removed)" : JSON.stringify(value);
}
