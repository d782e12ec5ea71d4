// Line handling shared by the merge strategies: how text is cut into lines, how conflict
// markers look, and how a two-way conflict is shown when no merge base is known.

import { diffComm } from "node-diff3";

export const MARKER = {
  ours: "<<<<<<< yours",
  base: "||||||| base",
  separator: "=======",
  theirs: ">>>>>>> generated",
} as const;

/** "a\nb\n" → ["a", "b", ""]: joining with "\n" gives the text back byte for byte. */
export function splitLines(text: string): string[] {
  return text.split("\n");
}

export function joinLines(lines: readonly string[]): string {
  return lines.join("\n");
}

/** The 1-based line of the first conflict marker left in a file, if any. */
export function firstConflictMarker(text: string): number | undefined {
  const lines = splitLines(text);
  const opening = lines.findIndex((line) => line.startsWith("<<<<<<< "));
  if (opening < 0) return undefined;
  const closes = lines.slice(opening).some((line) => line.startsWith(">>>>>>> "));
  return closes ? opening + 1 : undefined;
}

/** The 1-based line of every opening marker, for the report. */
export function conflictMarkerLines(text: string): number[] {
  return splitLines(text).flatMap((line, index) =>
    line.startsWith(MARKER.ours) ? [index + 1] : [],
  );
}

/**
 * Without a base every difference is a conflict: common lines are kept and each differing run
 * is shown as yours versus generated, so the user sees exactly where the two disagree.
 */
export function twoWayConflict(ours: string, theirs: string): string {
  const out: string[] = [];
  for (const part of diffComm(splitLines(ours), splitLines(theirs))) {
    if (part.common) out.push(...part.common);
    else out.push(MARKER.ours, ...part.buffer1, MARKER.separator, ...part.buffer2, MARKER.theirs);
  }
  return joinLines(out);
}
