// Stage 6: the only code that changes the disk. It runs after the whole plan succeeded. A new
// project is staged in a sibling directory and renamed into place, so a crash or a full disk
// never leaves half a project behind; the lock file is written last in every case. Beside each
// file its rendered content is mirrored under BASE_DIR: the merge base of the next run.
//
// Writing into an existing directory is a transaction (journal.ts): every new content is staged
// under TXN_DIR (the step that can run out of space), the journal is committed, and only then
// are the targets renamed over, the lock last. A failure before the commit removes the
// transaction and leaves the tree as it was; a kill at any instant leaves either that, or a
// committed journal the next run replays.

import {
  chmodSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative } from "node:path";
import { basePath, LOCK_PATH } from "../base/lock-file.ts";
import { resolveInside } from "../base/safe-path.ts";
import { isSystemError } from "../base/system-error.ts";
import { isBlocked, type Action, type Plan } from "../plan/plan.ts";
import { applyJournal, commitJournal, stagedPath, TXN_DIR } from "./journal.ts";
import { makeStagingDirectory } from "./staging.ts";
import { WriteError } from "./write-error.ts";

export interface WriteSummary {
  written: string[];
  deleted: string[];
}

/** Actions whose content is written: a conflict is written with its markers for the user to resolve. */
const WRITTEN: ReadonlySet<Action> = new Set(["create", "update", "merge", "conflict"]);

/** Maps a path under the directory being written to the path the user asked for. */
type Shown = (path: string) => string;

export function writePlan(plan: Plan, options: WriteOptions = {}): WriteSummary {
  if (isBlocked(plan)) throw new Error("internal error: a blocked plan reached the write stage");
  if (plan.freshDirectory) return writeFreshDirectory(plan, options);
  return writeInPlace(plan.root, plan, (path) => path, options);
}

function writeFreshDirectory(plan: Plan, options: WriteOptions): WriteSummary {
  const parent = dirname(plan.root);
  const createdParent = attempt("create the directory", parent, () =>
    mkdirSync(parent, { recursive: true }),
  );
  let staging: string | undefined;
  try {
    staging = attempt("create a staging directory in", parent, () =>
      makeStagingDirectory(plan.root),
    );
    const inStaging = staging;
    // mkdtemp makes 0700; the project root gets what mkdir would give it under the user's umask.
    attempt("create", plan.root, () => chmodSync(inStaging, 0o777 & ~process.umask()));
    const summary = writeInPlace(
      staging,
      plan,
      (path) => join(plan.root, relative(inStaging, path)),
      options,
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

/**
 * The write stage's fault hook, for the kill-at-every-step test: the step counter reaching
 * `faultAt` stands for SIGKILL there. In process (`faultAt`), InjectedKill is thrown and no
 * cleanup runs, exactly as after a kill; from the CLI (CREATE_OPERATOR_WRITE_FAULT_AT) the
 * process really kills itself.
 */
export interface WriteOptions {
  faultAt?: number;
}

export class InjectedKill extends Error {
  readonly step: number;
  constructor(step: number, what: string) {
    super(`injected kill at write step ${step} (${what})`);
    this.name = "InjectedKill";
    this.step = step;
  }
}

function faultHook(options: WriteOptions): (what: string) => void {
  const fromEnv = Number(process.env.CREATE_OPERATOR_WRITE_FAULT_AT);
  const at = options.faultAt ?? (Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : undefined);
  let step = 0;
  return (what) => {
    step++;
    if (step !== at) return;
    if (options.faultAt !== undefined) throw new InjectedKill(step, what);
    process.kill(process.pid, "SIGKILL");
  };
}

function writeInPlace(root: string, plan: Plan, shown: Shown, options: WriteOptions): WriteSummary {
  const step = faultHook(options);
  const written: string[] = [];
  const deleted: string[] = [];
  const writes: string[] = [];
  const txn = resolveInside(root, TXN_DIR);
  // Paths inside the transaction are shown as the project paths they stand for.
  const show = (full: string): string =>
    full.startsWith(`${txn}/staged/`)
      ? shown(join(root, full.slice(`${txn}/staged/`.length)))
      : shown(full);
  let createdForTxn: string | undefined;
  const stage = (path: string, content: string | Uint8Array, mode = 0o644): void => {
    refuseFileInTheWay(root, path, shown);
    const staged = stagedPath(root, path);
    step(`stage ${path}`);
    attempt("create the directory", show(dirname(staged)), () =>
      mkdirSync(dirname(staged), { recursive: true }),
    );
    attempt("write", show(staged), () => {
      // Text is written as UTF-8; an artifact's bytes as they are.
      writeFileSync(staged, content, { encoding: "utf8", mode });
      chmodSync(staged, mode);
    });
  };
  try {
    createdForTxn = attempt("create the directory", shown(txn), () =>
      mkdirSync(txn, { recursive: true }),
    );
    for (const entry of plan.entries) {
      const content = entry.content ?? entry.bytes;
      if (WRITTEN.has(entry.action) && content !== undefined) {
        stage(entry.path, content, entry.mode);
        writes.push(entry.path);
        written.push(entry.path);
      }
    }
    // The merge bases of the next run, beside the files: a mirror of what was rendered.
    for (const base of plan.baseWrites) {
      stage(basePath(base.path), base.content);
      writes.push(basePath(base.path));
    }
    if (plan.lockText !== undefined) stage(LOCK_PATH, plan.lockText);
    const deletes = [
      ...plan.entries.filter((e) => e.action === "delete").map((e) => e.path),
      ...plan.baseDeletes.map(basePath),
    ];
    deleted.push(...plan.entries.filter((e) => e.action === "delete").map((e) => e.path));
    step("commit the journal");
    attempt("write", shown(resolveInside(root, TXN_DIR)), () =>
      commitJournal(root, { format: 1, writes, deletes, lock: plan.lockText !== undefined }),
    );
  } catch (error) {
    // Before the commit nothing outside the transaction changed: removing it is the rollback.
    // A kill (injected) cleans nothing up; the next run does.
    if (error instanceof InjectedKill) throw error;
    rmSync(txn, { recursive: true, force: true });
    if (createdForTxn) rmSync(createdForTxn, { recursive: true, force: true });
    throw error;
  }
  // Committed: renames need no new space. A failure now leaves the journal, and the next run
  // (recoverInterruptedWrite) finishes what this one started.
  const journalPath = resolveInside(root, `${TXN_DIR}/journal.json`);
  attempt("write", shown(journalPath), () =>
    applyJournal(root, JSON.parse(readFileSync(journalPath, "utf8")), step),
  );
  if (createdForTxn && createdForTxn !== txn && readdirSync(createdForTxn).length === 0)
    rmSync(createdForTxn, { recursive: true, force: true });
  return { written, deleted };
}

/** A file where a directory of `path` must go: refused before the commit, not after it. */
function refuseFileInTheWay(root: string, path: string, shown: Shown): void {
  const segments = path.split("/").slice(0, -1);
  for (let i = 1; i <= segments.length; i++) {
    const ancestor = join(root, ...segments.slice(0, i));
    const stat = lstatSync(ancestor, { throwIfNoEntry: false });
    if (stat === undefined) return;
    if (!stat.isDirectory())
      throw new WriteError(
        "create the directory",
        shown(ancestor),
        Object.assign(new Error(`${ancestor} is not a directory`), {
          code: "ENOTDIR",
          syscall: "mkdir",
        }) as NodeJS.ErrnoException,
      );
  }
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
