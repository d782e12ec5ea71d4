// Files that are sets of lines (.gitignore, .prettierignore, .dockerignore): order hardly
// matters and both sides mostly add lines, so a line-set merge never conflicts. The user's file
// keeps its order; lines the generator removed since the base are dropped, lines the user removed
// stay out, and the generator's new lines are appended.

import { joinLines, splitLines } from "./lines.ts";
import { clean, type MergeOutcome } from "./outcome.ts";

const LINE_SET_FILES = new Set([
  ".gitignore",
  ".prettierignore",
  ".dockerignore",
  ".npmignore",
  ".gitattributes",
]);

export function isLineSetFile(path: string): boolean {
  return LINE_SET_FILES.has(path.slice(path.lastIndexOf("/") + 1));
}

/** base undefined (no recorded base): nothing counts as removed, so the result is the union. */
export function mergeLineSet(base: string | undefined, ours: string, theirs: string): MergeOutcome {
  if (ours === theirs || base === theirs) return clean(ours);
  if (base === ours) return clean(theirs);
  const baseLines = new Set(body(base ?? ""));
  const ourLines = body(ours);
  const theirLines = body(theirs);
  const ourSet = new Set(ourLines);
  const theirSet = new Set(theirLines);
  const removedByThem = (line: string) => baseLines.has(line) && !theirSet.has(line);
  const kept = ourLines.filter((line) => !removedByThem(line));
  const added = theirLines.filter((line) => !baseLines.has(line) && !ourSet.has(line));
  const merged = [...kept, ...new Set(added)];
  // The user's file decides whether it ends in a newline.
  return clean(joinLines(ours.endsWith("\n") || ours === "" ? [...merged, ""] : merged));
}

/** The lines without the empty string after a final newline. */
function body(text: string): string[] {
  const lines = splitLines(text);
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}
