// The one way every command reads a project's state: its lock and the base mirror the lock
// vouches for. `generate`, `check`, `diff` and `upgrade` compare the project with what the last
// generation recorded; a gate that cannot read that record must fail, never read it as "nothing
// recorded" and pass. So anything short of a readable lock whose every mirrored base is present
// and has the hash the lock records is a ProjectStateError: where, what, and how to repair it.

import { lstatSync, readFileSync, realpathSync } from "node:fs";
import {
  basePath,
  BASE_DIR,
  TXN_DIR,
  LOCK_PATH,
  LockFileError,
  parseLock,
  sha256,
  type LockFile,
} from "./lock-file.ts";
import { resolveContained } from "./real-path.ts";
import { UnsafePathError } from "./safe-path.ts";

/** The state was written by the last generate and committed with it: git has the good copy. */
export const RESTORE_STATE_HINT =
  "Restore the project's record from version control (git checkout -- .create-operator/), the way the last generate left it, and run again; generate, check and diff cannot compare without it.";

/** Damaged, unreadable or inconsistent project state: the user's to repair (exit 1), not a bug. */
export class ProjectStateError extends Error {
  readonly hint: string;
  constructor(message: string, hint: string = RESTORE_STATE_HINT) {
    super(message);
    this.name = "ProjectStateError";
    this.hint = hint;
  }
}

export interface ProjectState {
  root: string;
  realRoot: string;
  lock: LockFile;
  /** The lock's bytes as read, so a plan can tell whether it changes them. */
  lockText: string;
}

/** How many damaged mirror paths a message lists before it counts the rest. */
const LISTED = 5;

export function readProjectState(root: string): ProjectState {
  const realRoot = realpathSync(root);
  // A killed run's transaction: the tree may be half old, half new until generate settles it.
  if (lstatSync(resolveContained(root, realRoot, TXN_DIR), { throwIfNoEntry: false }))
    throw new ProjectStateError(
      `${TXN_DIR}/ in ${root}: a generate or upgrade was interrupted while writing, so the project is between two states`,
      "Run create-operator generate: it first finishes the interrupted run (or rolls it back when it had not committed), then goes on as usual.",
    );
  const lockText = readStateFile(root, realRoot, LOCK_PATH, () => {
    throw new ProjectStateError(
      `${root} has no ${LOCK_PATH}; it was not created by create-operator`,
      "Run this inside a generated project (create-operator new <dir> --spec operator.yaml makes one).",
    );
  });
  let lock: LockFile;
  try {
    lock = parseLock(lockText);
  } catch (error) {
    if (!(error instanceof LockFileError)) throw error;
    throw new ProjectStateError(`${error.message} (in ${root})`);
  }
  checkLockedPaths(root, realRoot, lock);
  checkMirror(root, realRoot, lock);
  return { root, realRoot, lock, lockText };
}

/** Every locked path stays in the project, and names a file (or nothing), never a folder. */
function checkLockedPaths(root: string, realRoot: string, lock: LockFile): void {
  for (const path of Object.keys(lock.files)) {
    let full: string;
    try {
      full = resolveContained(root, realRoot, path);
    } catch (error) {
      if (!(error instanceof UnsafePathError)) throw error;
      throw new ProjectStateError(error.message);
    }
    if (lstatSync(full, { throwIfNoEntry: false })?.isDirectory())
      throw new ProjectStateError(
        `${LOCK_PATH} lists ${path}, which is a folder, not a file the generator wrote`,
        `Remove the entry "${path}" from ${LOCK_PATH} (or restore it: git checkout -- .create-operator/) and run again.`,
      );
  }
}

/**
 * Format 2 promises a base for every locked path, with the locked hash. A missing or edited one
 * would turn a merge into a conflict, or the compatibility check into "not recorded".
 */
function checkMirror(root: string, realRoot: string, lock: LockFile): void {
  if (lock.format < 2) return;
  const files = Object.keys(lock.files).length;
  if (
    files > 0 &&
    lstatSync(resolveContained(root, realRoot, BASE_DIR), { throwIfNoEntry: false }) === undefined
  )
    throw new ProjectStateError(
      `${BASE_DIR}/ is missing in ${root}: it holds the last render of all ${files} files ${LOCK_PATH} lists, the base of every merge and of the API comparison`,
    );
  const damaged: string[] = [];
  for (const [path, locked] of Object.entries(lock.files)) {
    // An artifact has no base: it is never merged (plan/decide-artifact.ts).
    if (locked.artifact) continue;
    const mirror = basePath(path);
    let problem: string | undefined;
    try {
      const text = readStateFile(root, realRoot, mirror, () => {
        throw new MirrorProblem("missing");
      });
      if (sha256(text) !== locked.sha256) problem = "not what the lock records (edited)";
    } catch (error) {
      if (!(error instanceof MirrorProblem)) throw error;
      problem = error.message;
    }
    if (problem !== undefined) damaged.push(`${mirror}: ${problem}`);
  }
  if (damaged.length === 0) return;
  const shown = damaged.slice(0, LISTED);
  const more = damaged.length > LISTED ? `\n  and ${damaged.length - LISTED} more` : "";
  throw new ProjectStateError(
    `the base mirror in ${root} does not match ${LOCK_PATH} (${damaged.length} file(s)):\n  ${shown.join("\n  ")}${more}`,
  );
}

class MirrorProblem extends Error {}

/** A regular file inside the project, read; `missing` decides what absence means. */
function readStateFile(root: string, realRoot: string, path: string, missing: () => never): string {
  let full: string;
  try {
    full = resolveContained(root, realRoot, path);
  } catch (error) {
    if (!(error instanceof UnsafePathError)) throw error;
    throw new ProjectStateError(error.message);
  }
  const stat = lstatSync(full, { throwIfNoEntry: false });
  if (stat === undefined) return missing();
  if (!stat.isFile()) {
    const what = stat.isDirectory()
      ? "a directory"
      : stat.isSymbolicLink()
        ? "a symbolic link"
        : "not a regular file";
    if (path !== LOCK_PATH) throw new MirrorProblem(`not a regular file (${what})`);
    throw new ProjectStateError(`${LOCK_PATH} is ${what}, not the lock file (in ${root})`);
  }
  return readFileSync(full, "utf8");
}
