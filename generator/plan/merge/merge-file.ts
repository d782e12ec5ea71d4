// Chooses the merge strategy for a path. base = what the generator last rendered (recorded under
// .create-operator/base/), ours = the file on disk, theirs = the new render.

import { isJsonMergeFile, mergeJson } from "./json.ts";
import { isLineSetFile, mergeLineSet } from "./line-set.ts";
import { clean, type MergeOutcome } from "./outcome.ts";
import { mergeText } from "./text.ts";

export type { MergeConflict, MergeOutcome } from "./outcome.ts";

export function mergeFile(
  path: string,
  base: string | undefined,
  ours: string,
  theirs: string,
): MergeOutcome {
  // Whatever the strategy, a side that did not change takes the other side unchanged.
  if (ours === theirs || base === theirs) return clean(ours);
  if (base === ours) return clean(theirs);
  if (isJsonMergeFile(path)) return mergeJson(base, ours, theirs);
  if (isLineSetFile(path)) return mergeLineSet(base, ours, theirs);
  return mergeText(base, ours, theirs);
}
