// Any text file: a line-based three-way merge by node-diff3 (the diff3 algorithm of Khanna,
// Kunal and Pierce). Conflicts are written diff3-style, with the base between the two sides, so
// the user sees what each side changed.

import { diff3Merge } from "node-diff3";
import { joinLines, MARKER, splitLines, twoWayConflict, conflictMarkerLines } from "./lines.ts";
import type { MergeOutcome } from "./outcome.ts";

/** base undefined: no recorded base (a format 1 lock), so every difference is a conflict. */
export function mergeText(base: string | undefined, ours: string, theirs: string): MergeOutcome {
  if (base === undefined) return twoWay(ours, theirs);
  const out: string[] = [];
  const messages: string[] = [];
  const regions = diff3Merge(splitLines(ours), splitLines(base), splitLines(theirs), {
    excludeFalseConflicts: true,
  });
  for (const region of regions) {
    if (region.ok) out.push(...region.ok);
    else if (region.conflict) {
      const { a, o, b } = region.conflict;
      messages.push(`both sides changed: ${firstLine(a, b)}`);
      out.push(MARKER.ours, ...a, MARKER.base, ...o, MARKER.separator, ...b, MARKER.theirs);
    }
  }
  const content = joinLines(out);
  const lines = conflictMarkerLines(content);
  return { content, conflicts: messages.map((message, i) => ({ line: lines[i] ?? 1, message })) };
}

function twoWay(ours: string, theirs: string): MergeOutcome {
  if (ours === theirs) return { content: ours, conflicts: [] };
  const content = twoWayConflict(ours, theirs);
  return {
    content,
    conflicts: conflictMarkerLines(content).map((line) => ({
      line,
      message: "no merge base is recorded (an older lock), so yours and generated are shown",
    })),
  };
}

function firstLine(a: readonly string[], b: readonly string[]): string {
  const line = a.find((l) => l.trim() !== "") ?? b.find((l) => l.trim() !== "") ?? "";
  return JSON.stringify(line.length > 60 ? `${line.slice(0, 57)}...` : line);
}
