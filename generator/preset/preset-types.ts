// A preset as the pipeline carries it: where it came from, its parsed document (for positions),
// and the text of every file it renders, read once while loading so later stages stay off the disk.

import type { LockedPreset } from "../base/lock-file.ts";
import type { ParsedSpec } from "../parse/parse-spec.ts";

export interface LoadedPreset {
  /** The extends value that named it, as written. */
  reference: string;
  /** Absolute path of its YAML file. */
  file: string;
  /** metadata.name, or the reference when the document has none. */
  name: string;
  version: string | undefined;
  parsed: ParsedSpec;
  /** Text of files[i].from, by index i; entries that could not be read are absent (and reported). */
  fileTexts: Map<number, string>;
  /** licenseHeader's text (inline, or read from its `from`); absent when unset or unreadable. */
  licenseHeader?: string;
}

/** Base first: the preset operator.yaml names comes last, so later entries override earlier ones. */
export interface PresetChain {
  presets: LoadedPreset[];
}

/** What the lock records of the preset a project extends. */
export type PresetRecord = LockedPreset;
