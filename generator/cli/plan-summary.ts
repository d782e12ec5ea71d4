// What a plan did, in words that are true to it: counts of what was written, conflicts with the
// line to look at, "nothing to do" when no byte changed, and unified diffs for --dry-run.

import { createTwoFilesPatch } from "diff";
import type { Plan, PlannedFile } from "../plan/plan.ts";

/** Past tense for a run that wrote, future for a dry run; "created" reads better than "create". */
const PAST: Record<string, string> = {
  create: "created",
  update: "updated",
  merge: "merged",
  delete: "deleted",
  conflict: "with conflicts",
  skip: "skipped",
};

export function summaryCounts(plan: Plan): string {
  const counts = new Map<string, number>();
  let unchanged = 0;
  for (const e of plan.entries) {
    if (e.action === "identical" || e.quiet) unchanged++;
    else counts.set(e.action, (counts.get(e.action) ?? 0) + 1);
  }
  const parts = Object.keys(PAST)
    .filter((action) => counts.has(action))
    .map((action) => `${counts.get(action)} ${PAST[action]}`);
  return `${parts.length ? parts.join(", ") : "no file changed"}${unchanged ? ` (${unchanged} unchanged)` : ""}`;
}

/** One line per entry worth reading: identical files and edits with nothing new are left out. */
export function listedEntries(plan: Plan): PlannedFile[] {
  return plan.entries.filter((e) => e.action !== "identical" && !e.quiet);
}

/** `path:line  message` for every conflict of an entry. */
export function conflictLines(entry: PlannedFile): string[] {
  return (entry.conflicts ?? []).map((c) => `${entry.path}:${c.line}: ${c.message}`);
}

/** The unified diff a dry run shows for an entry that would change the file, else undefined. */
export function entryDiff(entry: PlannedFile): string | undefined {
  const after = entry.action === "delete" ? "" : entry.content;
  if (after === undefined || entry.previous === undefined || after === entry.previous)
    return undefined;
  return createTwoFilesPatch(
    entry.action === "create" ? "/dev/null" : `a/${entry.path}`,
    entry.action === "delete" ? "/dev/null" : `b/${entry.path}`,
    entry.previous,
    after,
    undefined,
    undefined,
    { context: 3 },
  );
}

export const CONFLICT_HINT =
  "Resolve the <<<<<<< yours / >>>>>>> generated markers in each file and run generate again; or pass --keep <path> to take your version, or --force to take the generated one.";
