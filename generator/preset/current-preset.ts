// The fingerprint of the presets a project's operator.yaml extends as they are on disk now, for
// the checks that decide without rendering whether a project is up to date. Anything that keeps
// the chain from loading answers "unknown": the full pipeline then reports it with its position.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { hasErrors } from "../base/diagnostics.ts";
import { SPEC_FILE } from "../base/spec-file.ts";
import { parseSpec } from "../parse/parse-spec.ts";
import { loadPresetChain } from "./load-presets.ts";
import { presetRecord } from "./preset-fingerprint.ts";
import type { PresetRecord } from "./preset-types.ts";

/** A cheap test before parsing: a spec without a top-level extends key has no presets. */
export function mayExtend(specText: string): boolean {
  return /^extends\s*:/m.test(specText);
}

export function currentPreset(root: string): PresetRecord | undefined | "unknown" {
  const file = join(root, SPEC_FILE);
  const text = readFileSync(file, "utf8");
  if (!mayExtend(text)) return undefined;
  const parsed = parseSpec(text, file);
  if (!parsed.ok) return "unknown";
  const loaded = loadPresetChain(parsed.spec, root);
  if (hasErrors(loaded.diagnostics)) return "unknown";
  return presetRecord(loaded.chain);
}
