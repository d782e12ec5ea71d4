// The preset merge stage: the chain's defaults under the spec's own values. Mappings merge key by
// key, a value in operator.yaml always wins, and a list is replaced whole (never concatenated: a
// spec that lists its watch namespaces means exactly those). Every value taken from a preset is
// remembered with where it came from, so a later stage can point a problem with it into the
// preset file instead of at the nearest key of operator.yaml.

import type { LoadedPreset, PresetChain } from "./preset-types.ts";

export type Path = readonly (string | number)[];

/** Where a value the spec did not write came from: a preset and its path under `defaults`. */
export interface Origin {
  preset: LoadedPreset;
  path: Path;
}

export interface MergedSpec {
  /** The spec data with the chain's defaults filled in. */
  data: unknown;
  /** Keyed by the dotted path (report.ts formatPath style) of each value a preset supplied. */
  origins: Map<string, Origin>;
}

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  value !== null && typeof value === "object" && !Array.isArray(value);

export function mergePresetDefaults(specData: unknown, chain: PresetChain): MergedSpec {
  const origins = new Map<string, Origin>();
  let defaults: Json = {};
  for (const preset of chain.presets) {
    const own = (preset.parsed.data as Json).defaults;
    if (isRecord(own)) defaults = overlay(defaults, own, [], preset, origins);
  }
  if (!isRecord(specData)) return { data: specData, origins };
  // The spec's own values override; drop the origins of everything the spec wrote itself.
  const data = under(specData, defaults, []);
  for (const [key, origin] of [...origins]) if (written(specData, origin.path)) origins.delete(key);
  return { data, origins };
}

/** `top` over `base`, recording every value `top` (a preset's defaults) brings. */
function overlay(
  base: Json,
  top: Json,
  path: Path,
  preset: LoadedPreset,
  origins: Map<string, Origin>,
): Json {
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(top)) {
    const at = [...path, key];
    if (isRecord(value) && isRecord(out[key]))
      out[key] = overlay(out[key] as Json, value, at, preset, origins);
    else {
      // An earlier preset's value here is replaced whole, subtree included.
      for (const [existing, origin] of [...origins])
        if (at.every((segment, i) => origin.path[i] === segment)) origins.delete(existing);
      out[key] = structuredClone(value);
      recordOrigins(value, at, preset, origins);
    }
  }
  return out;
}

function recordOrigins(
  value: unknown,
  path: Path,
  preset: LoadedPreset,
  origins: Map<string, Origin>,
): void {
  origins.set(formatPath(path), { preset, path });
  if (isRecord(value))
    for (const [k, v] of Object.entries(value)) recordOrigins(v, [...path, k], preset, origins);
  else if (Array.isArray(value))
    value.forEach((v, i) => recordOrigins(v, [...path, i], preset, origins));
}

/** The spec's value wherever it has one; the default only where it has none. */
function under(spec: Json, defaults: Json, path: Path): Json {
  const out: Json = { ...spec };
  for (const [key, value] of Object.entries(defaults)) {
    if (!(key in spec)) out[key] = structuredClone(value);
    else if (isRecord(spec[key]) && isRecord(value))
      out[key] = under(spec[key] as Json, value, [...path, key]);
  }
  return out;
}

/** Does the spec itself hold a value at this path (or at an ancestor that is not a mapping)? */
function written(spec: Json, path: Path): boolean {
  let node: unknown = spec;
  for (const segment of path) {
    if (isRecord(node)) {
      if (!(segment in node)) return false;
      // A list or scalar the spec wrote replaces the default whole, subtree included.
      if (!isRecord(node[segment as string])) return true;
      node = node[segment as string];
    } else return true;
  }
  return true;
}

/** The same dotted form the reporter prints (check/report.ts formatPath). */
export function formatPath(path: Path): string {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else out += out === "" ? segment : `.${segment}`;
  }
  return out;
}
