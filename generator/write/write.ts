// Stage 6: the only code that changes the disk. It runs after the whole plan succeeded. A new
// project is staged in a sibling directory and renamed into place, so a crash or a full disk
// never leaves half a project behind; the lock file is written last in every case. Beside each
// file its rendered content is mirrored under BASE_DIR: the merge base of the next run.
//
// Writing into an existing directory goes in two phases for the same reason: first every new
// content is written to a temporary file beside its target (the step that can run out of space),
// and only when all of them exist are they renamed over their targets. A failure in the first
// phase removes every temporary file and every directory it created.

import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { basePath, LOCK_PATH } from "../base/lock-file.ts";
import { resolveInside } from "../base/safe-path.ts";
import { isSystemError } from "../base/system-error.ts";
import { isBlocked, type Action, type Plan } from "../plan/plan.ts";
import { WriteError } from "./write-error.ts";

export interface WriteSummary {
  written: string[];
  deleted: string[];
}

/** Actions whose content is written: a conflict is written with its markers for the user to resolve. */
const WRITTEN: ReadonlySet<Action> = new Set(["create", "update", "merge", "conflict"]);

/** Maps a path under the directory being written to the path the user asked for. */
type Shown = (path: string) => string;

export function writePlan(plan: Plan): WriteSummary {
  if (isBlocked(plan)) throw new Error("internal error: a blocked plan reached the write stage");
  if (plan.freshDirectory) return writeFreshDirectory(plan);
  return writeInPlace(plan.root, plan, (path) => path);
}

function writeFreshDirectory(plan: Plan): WriteSummary {
  const parent = dirname(plan.root);
  const createdParent = attempt("create the directory", parent, () =>
    mkdirSync(parent, { recursive: true }),
  );
  let staging: string | undefined;
  try {
    staging = attempt("create a staging directory in", parent, () =>
      mkdtempSync(join(parent, `.${basename(plan.root)}.create-operator-`)),
    );
    const inStaging = staging;
    const summary = writeInPlace(staging, plan, (path) =>
      join(plan.root, relative(inStaging, path)),
    );
    attempt("move the new project into place at", plan.root, () =>
      renameSync(inStaging, plan.root),
    );
    return summary;
  } catch (error) {
    if (staging) rmSync(staging, { recursive: true, force: true });
    // Only what this run created: mkdir returns the first directory it had to make.
    if (createdParent) rmSync(createdParent, { recursive: true, force: true });
    throw error;
  }
}

interface Staged {
  temporary: string;
  target: string;
  /** The target did not exist before this run, so undoing means removing it. */
  isNew: boolean;
}

function writeInPlace(root: string, plan: Plan, shown: Shown): WriteSummary {
  const written: string[] = [];
  const deleted: string[] = [];
  const staged: Staged[] = [];
  const committed: Staged[] = [];
  const createdDirectories: string[] = [];
  const stage = (target: string, content: string, isNew: boolean, mode = 0o644): void => {
    const directory = dirname(target);
    const created = attempt("create the directory", shown(directory), () =>
      mkdirSync(directory, { recursive: true }),
    );
    if (created) createdDirectories.push(created);
    const temporary = `${target}.${process.pid}.tmp`;
    staged.push({ temporary, target, isNew });
    attempt("write", shown(target), () => {
      writeFileSync(temporary, content, { encoding: "utf8", mode });
      chmodSync(temporary, mode);
    });
  };
  const undo = (): void => {
    for (const { temporary } of staged) rmSync(temporary, { force: true });
    for (const { target, isNew } of committed) if (isNew) rmSync(target, { force: true });
    for (const directory of createdDirectories.reverse())
      rmSync(directory, { recursive: true, force: true });
  };
  try {
    for (const entry of plan.entries) {
      if (WRITTEN.has(entry.action) && entry.content !== undefined) {
        const target = resolveInside(root, entry.path);
        stage(target, entry.content, entry.action === "create", entry.mode);
        written.push(entry.path);
      }
    }
    // The merge bases of the next run, beside the files: a mirror of what was rendered.
    for (const base of plan.baseWrites) {
      const target = resolveInside(root, basePath(base.path));
      stage(target, base.content, !existsSync(target));
    }
    const lockPath = resolveInside(root, LOCK_PATH);
    if (plan.lockText !== undefined) stage(lockPath, plan.lockText, !existsSync(lockPath));
    // Renames need no new space; the lock file (staged last) is renamed after the deletions, so
    // it never describes a state that is not on disk yet.
    const lock = plan.lockText !== undefined ? staged[staged.length - 1] : undefined;
    for (const file of lock ? staged.slice(0, -1) : staged) {
      attempt("write", shown(file.target), () => renameSync(file.temporary, file.target));
      committed.push(file);
    }
    for (const entry of plan.entries) {
      if (entry.action !== "delete") continue;
      const target = resolveInside(root, entry.path);
      attempt("delete", shown(target), () => rmSync(target, { force: true }));
      deleted.push(entry.path);
    }
    for (const path of plan.baseDeletes) {
      const target = resolveInside(root, basePath(path));
      attempt("delete", shown(target), () => rmSync(target, { force: true }));
    }
    if (lock) attempt("write", shown(lock.target), () => renameSync(lock.temporary, lock.target));
  } catch (error) {
    // Files this run replaced keep their new content (their old one is gone); everything this
    // run added is removed again, so a new project leaves nothing behind.
    undo();
    throw error;
  }
  return { written, deleted };
}

/** Runs one filesystem step; a system error becomes a WriteError naming the user's path. */
function attempt<T>(action: string, path: string, step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (isSystemError(error)) throw new WriteError(action, path, error);
    throw error;
  }
}
