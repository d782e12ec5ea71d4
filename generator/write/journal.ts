// The write stage's redo journal: a run's changes become visible all together or not at all,
// even after SIGKILL. New content is staged under TXN_DIR (never beside the targets), then the
// journal naming every rename and deletion is written and renamed into place: that rename is
// the commit point. Only then are the targets touched, the lock last. A run killed before the
// commit left only TXN_DIR, which the next run removes (rolled back: the tree is the old one);
// killed after it, the next run replays the journal (every step can be repeated) and the tree
// becomes the new one. This is the redo log of package managers and databases, in files.

import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import { dirname } from "node:path";
import { LOCK_PATH, TXN_DIR } from "../base/lock-file.ts";

export { TXN_DIR };
import { resolveInside } from "../base/safe-path.ts";

const JOURNAL = `${TXN_DIR}/journal.json`;

export interface Journal {
  format: 1;
  /** Project paths whose staged content replaces them, in order; the lock is not among them. */
  writes: string[];
  /** Project paths to remove after the writes. */
  deletes: string[];
  /** The lock was staged: renamed last, after every deletion. */
  lock: boolean;
}

/** Where a project path's new content waits until the journal is committed. */
export function stagedPath(root: string, path: string): string {
  return resolveInside(root, `${TXN_DIR}/staged/${path}`);
}

/** Writes the journal durably and renames it into place: from here on the run is committed. */
export function commitJournal(root: string, journal: Journal): void {
  const file = resolveInside(root, JOURNAL);
  const temporary = `${file}.new`;
  const fd = openSync(temporary, "w", 0o644);
  try {
    writeSync(fd, JSON.stringify(journal));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
}

/**
 * Renames every staged file over its target, deletes, then renames the lock. A step already done
 * (its staged file gone, its deleted file absent) is skipped, so a replay after a kill finishes
 * the job. `step` runs before each change (the fault hook counts there).
 */
export function applyJournal(root: string, journal: Journal, step: (what: string) => void): void {
  const move = (path: string): void => {
    const from = stagedPath(root, path);
    if (!existsSync(from)) return;
    const to = resolveInside(root, path);
    step(`rename ${path}`);
    mkdirSync(dirname(to), { recursive: true });
    renameSync(from, to);
  };
  for (const path of journal.writes) move(path);
  for (const path of journal.deletes) {
    step(`delete ${path}`);
    rmSync(resolveInside(root, path), { force: true });
  }
  if (journal.lock) move(LOCK_PATH);
  step("remove the journal");
  rmSync(resolveInside(root, TXN_DIR), { recursive: true, force: true });
}

export type Recovery = "none" | "rolled back" | "finished";

/**
 * What a killed run left: nothing, an uncommitted transaction (removed: the tree stays the old
 * one), or a committed one (replayed: the tree becomes the new one). Call under the run lock.
 */
export function recoverInterruptedWrite(root: string): Recovery {
  const txn = resolveInside(root, TXN_DIR);
  if (!existsSync(txn)) return "none";
  const journal = resolveInside(root, JOURNAL);
  if (!existsSync(journal)) {
    rmSync(txn, { recursive: true, force: true });
    return "rolled back";
  }
  applyJournal(root, JSON.parse(readFileSync(journal, "utf8")) as Journal, () => {});
  return "finished";
}

/** Whether a killed run's transaction waits in the project (readers must not trust the tree). */
export function hasInterruptedWrite(root: string): boolean {
  return existsSync(resolveInside(root, TXN_DIR));
}
