// Check for a spec that extends presets: each preset file on its own, then the spec with the
// chain's defaults applied, then the chain's constraints. A problem with a value the spec did not
// write (one of the defaults) is moved to where that value was written: the preset file.

import { sortDiagnostics, type Diagnostic } from "../base/diagnostics.ts";
import type { ChildCrdFiles } from "../parse/child-crds.ts";
import type { ParsedSpec } from "../parse/parse-spec.ts";
import { formatPath, type MergedSpec } from "../preset/merge-preset.ts";
import type { PresetChain } from "../preset/preset-types.ts";
import { checkPresetConstraints } from "./check-preset-constraints.ts";
import { checkPresetDocument } from "./check-preset-document.ts";
import { checkSpec } from "./check-spec.ts";

export function checkWithPresets(
  spec: ParsedSpec,
  chain: PresetChain,
  merged: MergedSpec,
  childCrds?: ChildCrdFiles,
): Diagnostic[] {
  const presetProblems = chain.presets.flatMap(checkPresetDocument);
  // A broken preset has no trustworthy defaults: check the spec as written, and stop there.
  if (presetProblems.some((d) => d.severity === "error"))
    return sortDiagnostics([...presetProblems, ...checkSpec(spec, childCrds)]);
  const mergedSpec: ParsedSpec = { ...spec, data: merged.data };
  const found = checkSpec(mergedSpec, childCrds).map((d) => relocate(d, merged));
  if (found.some((d) => d.severity === "error"))
    return sortDiagnostics([...presetProblems, ...found]);
  return sortDiagnostics([
    ...presetProblems,
    ...found,
    ...checkPresetConstraints(spec, merged, chain),
  ]);
}

function relocate(d: Diagnostic, merged: MergedSpec): Diagnostic {
  const origin = merged.origins.get(d.path);
  if (!origin) return d;
  return {
    ...d,
    // The preset's own path: a condition it supplies may sit at another index in the merge.
    path: formatPath(["defaults", ...origin.path]),
    file: origin.preset.file,
    position: origin.preset.parsed.positionOf(["defaults", ...origin.path]),
  };
}
