// One hash for everything a chain of presets contributes to a render: each preset's text and the
// text of every file it renders, in chain order. Paths are left out on purpose: the same preset
// installed in two places (a folder here, an npm package in CI) is the same house style.

import { createHash } from "node:crypto";
import type { PresetChain, PresetRecord } from "./preset-types.ts";

export function presetFingerprint(chain: PresetChain): string {
  const hash = createHash("sha256");
  for (const preset of chain.presets) {
    hash.update(`preset\0${preset.name}\0${preset.version ?? ""}\0${preset.parsed.source}\0`);
    for (const [index, text] of [...preset.fileTexts].sort(([a], [b]) => a - b))
      hash.update(`file\0${index}\0${text}\0`);
    // Only when set, so the hash of a preset without one is what it always was.
    if (preset.licenseHeader !== undefined) hash.update(`license\0${preset.licenseHeader}\0`);
  }
  return hash.digest("hex");
}

/** What the lock records: the preset operator.yaml names (the last of the chain) and the chain's hash. */
export function presetRecord(chain: PresetChain): PresetRecord | undefined {
  const named = chain.presets[chain.presets.length - 1];
  if (named === undefined) return undefined;
  return {
    reference: named.reference,
    name: named.name,
    ...(named.version !== undefined ? { version: named.version } : {}),
    sha256: presetFingerprint(chain),
  };
}
