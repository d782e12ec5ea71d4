// The files a chain of presets renders into the project, one per path: a preset later in the
// chain (closer to operator.yaml) replaces an earlier one's file at the same path.

import { foldPath } from "../base/path-fold.ts";
import type { LoadedPreset, PresetChain } from "./preset-types.ts";

export interface PresetFile {
  path: string;
  /** The text before the operator's names are filled in. */
  text: string;
  preset: LoadedPreset;
  /** Index in the preset's files list, to point at it. */
  index: number;
}

export function presetFiles(chain: PresetChain): PresetFile[] {
  const byPath = new Map<string, PresetFile>();
  for (const preset of chain.presets) {
    const files = (preset.parsed.data as { files?: unknown }).files;
    if (!Array.isArray(files)) continue;
    files.forEach((entry: { path?: unknown; content?: unknown }, index) => {
      if (typeof entry?.path !== "string") return;
      const text = typeof entry.content === "string" ? entry.content : preset.fileTexts.get(index);
      if (text === undefined) return;
      // Keyed folded: CODEOWNERS and codeowners are one file on macOS and Windows.
      byPath.set(foldPath(entry.path), { path: entry.path, text, preset, index });
    });
  }
  return [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The license header the chain sets: the one closest to operator.yaml wins. */
export function presetLicenseHeader(chain: PresetChain): string | undefined {
  for (const preset of [...chain.presets].reverse())
    if (preset.licenseHeader !== undefined) return preset.licenseHeader;
  return undefined;
}
