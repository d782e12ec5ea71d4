// The plan's shape, shared by the plan stage, the write stage and the CLI's report.

import type { Ownership } from "../base/files.ts";
import type { LockFile } from "../base/lock-file.ts";
import type { MergeConflict } from "./merge/merge-file.ts";

export type Action = "create" | "identical" | "update" | "merge" | "conflict" | "skip" | "delete";

export interface PlannedFile {
  path: string;
  action: Action;
  ownership: Ownership;
  /** Why: shown for updates over edits, merges, conflicts, skips and deletes. */
  reason?: string;
  /** Content to write: create, update, merge, and conflict (with markers) when it is written. */
  content?: string;
  /** An artifact's bytes to write (create and update), instead of content. */
  bytes?: Uint8Array;
  /** A binary file (plan/decide-artifact.ts): no text to show or diff. */
  artifact?: true;
  /** What is on disk now, for --dry-run diffs ("" when absent). */
  previous?: string;
  mode?: number;
  /** For conflicts: where the markers are and what disagrees. */
  conflicts?: MergeConflict[];
  /** A conflict that cannot be written (a directory in the way, `new` into a non-empty directory). */
  blocking?: boolean;
  /** Nothing new to tell: an edited file the generator has no change for. Not listed in text. */
  quiet?: boolean;
}

export interface Plan {
  root: string;
  /** The target directory does not exist yet: write can stage the whole project and rename it in. */
  freshDirectory: boolean;
  entries: PlannedFile[];
  lock: LockFile;
  /** The lock's new text; undefined when it is byte-identical to the one on disk. */
  lockText: string | undefined;
  /** Base mirror files (under BASE_DIR) to write, only those that differ from disk. */
  baseWrites: { path: string; content: string }[];
  /** Base mirror files to remove: their path left the lock. */
  baseDeletes: string[];
}

const WRITES: ReadonlySet<Action> = new Set(["create", "update", "merge", "conflict", "delete"]);

/** A plan that changes no byte on disk: `generate` says "nothing to do". */
export function isNoOp(plan: Plan): boolean {
  return (
    plan.lockText === undefined &&
    plan.baseWrites.length === 0 &&
    plan.baseDeletes.length === 0 &&
    !plan.entries.some(
      (e) =>
        WRITES.has(e.action) &&
        (e.action === "delete" || e.content !== undefined || e.bytes !== undefined),
    )
  );
}

/** Conflicts that stop the whole run (nothing is written). */
export function isBlocked(plan: Plan): boolean {
  return plan.entries.some((e) => e.blocking);
}

/** Conflicts left for the user to resolve (written with markers, or still unresolved): exit 3. */
export function hasConflicts(plan: Plan): boolean {
  return plan.entries.some((e) => e.action === "conflict");
}

/** The user asked for something the generator will not do to their files (exit code 1). */
export class PlanRefusedError extends Error {
  readonly hint: string | undefined;
  constructor(message: string, hint?: string) {
    super(message);
    this.name = "PlanRefusedError";
    this.hint = hint;
  }
}
