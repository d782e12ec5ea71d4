// The preset merge stage: the chain's defaults under the spec's own values. Mappings merge key by
// key, a value in operator.yaml always wins, and a list is replaced whole (never concatenated: a
// spec that lists its watch namespaces means exactly those), except a keyed list: the entries of
// status.conditions are merged by their type, so a preset can supply the conditions it requires
// next to the spec's own. Every value taken from a preset is remembered with where it came from,
// so a later stage can point a problem with it into the preset file instead of at the nearest
// key of operator.yaml.

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

/**
 * Lists merged entry by entry, by the named field: the winner's entries first (in its order),
 * then the other side's entries with a key the winner does not have. Spec entries keep their
 * indices, so a problem with one is still reported at its own line in operator.yaml.
 */
const KEYED_LISTS: ReadonlyMap<string, string> = new Map([["status.conditions", "type"]]);

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** An origin with the path of the value in the merged data (its key, unformatted). */
interface Tracked extends Origin {
  at: Path;
}

class Origins {
  readonly map = new Map<string, Tracked>();

  /** `value` and everything under it, at `at` in the merged data, from `from` in the preset. */
  record(value: unknown, at: Path, preset: LoadedPreset, from: Path): void {
    this.map.set(formatPath(at), { preset, path: from, at });
    if (isRecord(value))
      for (const [k, v] of Object.entries(value)) this.record(v, [...at, k], preset, [...from, k]);
    else if (Array.isArray(value))
      value.forEach((v, i) => this.record(v, [...at, i], preset, [...from, i]));
  }

  /** Forgets (and returns) the origins of `at` and everything under it. */
  takeUnder(at: Path): Tracked[] {
    const taken = [...this.map].filter(([, t]) => startsWith(t.at, at));
    for (const [key] of taken) this.map.delete(key);
    return taken.map(([, t]) => t);
  }

  forget(at: Path): void {
    this.map.delete(formatPath(at));
  }
}

export function mergePresetDefaults(specData: unknown, chain: PresetChain): MergedSpec {
  const origins = new Origins();
  let defaults: Json = {};
  for (const preset of chain.presets) {
    const own = (preset.parsed.data as Json).defaults;
    if (isRecord(own)) defaults = overlay(defaults, own, [], preset, origins);
  }
  if (!isRecord(specData)) return { data: specData, origins: plain(origins) };
  return { data: under(specData, defaults, [], origins), origins: plain(origins) };
}

/** `top` (a preset's defaults) over `base` (the earlier presets'), recording what `top` brings. */
function overlay(base: Json, top: Json, path: Path, preset: LoadedPreset, origins: Origins): Json {
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(top)) {
    const at = [...path, key];
    const field = KEYED_LISTS.get(formatPath(at));
    if (isRecord(value) && isRecord(out[key]))
      out[key] = overlay(out[key] as Json, value, at, preset, origins);
    else if (field !== undefined && Array.isArray(value) && Array.isArray(out[key])) {
      out[key] = mergeKeyed(value, out[key] as unknown[], at, field, origins);
      origins.record(value, at, preset, at);
    } else {
      // An earlier preset's value here is replaced whole, subtree included.
      origins.takeUnder(at);
      out[key] = structuredClone(value);
      origins.record(value, at, preset, at);
    }
  }
  return out;
}

/** The spec's value wherever it has one; the default only where it has none. */
function under(spec: Json, defaults: Json, path: Path, origins: Origins): Json {
  const out: Json = { ...spec };
  for (const [key, value] of Object.entries(defaults)) {
    const at = [...path, key];
    const field = KEYED_LISTS.get(formatPath(at));
    if (!(key in spec)) out[key] = structuredClone(value);
    else if (isRecord(spec[key]) && isRecord(value)) {
      origins.forget(at); // the spec wrote this mapping; what the defaults add inside it stays theirs
      out[key] = under(spec[key] as Json, value, at, origins);
    } else if (field !== undefined && Array.isArray(spec[key]) && Array.isArray(value)) {
      out[key] = mergeKeyed(spec[key] as unknown[], value, at, field, origins);
      origins.forget(at);
    } else origins.takeUnder(at); // a list or scalar the spec wrote replaces the default whole
  }
  return out;
}

/**
 * `winner`'s entries, then `other`'s whose key the winner lacks; the origins of `other`'s kept
 * entries move to their new indices, those of its dropped entries are forgotten. The winner's
 * own origins (a preset's) are the caller's to record.
 */
function mergeKeyed(
  winner: readonly unknown[],
  other: readonly unknown[],
  at: Path,
  field: string,
  origins: Origins,
): unknown[] {
  const keyOf = (entry: unknown) => (isRecord(entry) ? entry[field] : undefined);
  const taken = new Set<unknown>(winner.map(keyOf).filter((k) => k !== undefined));
  const kept = other
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => !taken.has(keyOf(entry)));
  const moved = origins.takeUnder(at);
  kept.forEach(({ index }, n) => {
    const from = [...at, index];
    const to = [...at, winner.length + n];
    for (const t of moved)
      if (startsWith(t.at, from)) {
        const now = [...to, ...t.at.slice(from.length)];
        origins.map.set(formatPath(now), { preset: t.preset, path: t.path, at: now });
      }
  });
  return [...winner, ...kept.map(({ entry }) => entry)].map((e) => structuredClone(e));
}

function startsWith(path: Path, prefix: Path): boolean {
  return prefix.length <= path.length && prefix.every((segment, i) => path[i] === segment);
}

function plain(origins: Origins): Map<string, Origin> {
  return new Map([...origins.map].map(([key, { preset, path }]) => [key, { preset, path }]));
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
