// Stage 6: the only code that changes the disk. It runs after the whole plan succeeded. A new
// project is staged in a sibling directory and renamed into place, so a crash or a full disk
// never leaves half a project behind; the lock file is written last in every case.

import { mkdirSync, renameSync, rmSync, writeFileSync, mkdtempSync, chmodSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { serializeLock, LOCK_PATH } from "../base/lock-file.ts";
import { resolveInside } from "../base/safe-path.ts";
import { hasConflicts, type Plan } from "../plan/plan.ts";

export interface WriteSummary {
  written: string[];
  deleted: string[];
}

export function writePlan(plan: Plan): WriteSummary {
  if (hasConflicts(plan))
    throw new Error("internal error: a plan with conflicts reached the write stage");
  if (plan.freshDirectory) return writeFreshDirectory(plan);
  return writeInPlace(plan.root, plan);
}

function writeFreshDirectory(plan: Plan): WriteSummary {
  const parent = dirname(plan.root);
  mkdirSync(parent, { recursive: true });
  const staging = mkdtempSync(join(parent, `.${basename(plan.root)}.create-operator-`));
  try {
    const summary = writeInPlace(staging, plan);
    renameSync(staging, plan.root);
    return summary;
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

function writeInPlace(root: string, plan: Plan): WriteSummary {
  const written: string[] = [];
  const deleted: string[] = [];
  for (const entry of plan.entries) {
    if ((entry.action === "create" || entry.action === "update") && entry.content !== undefined) {
      writeAtomically(resolveInside(root, entry.path), entry.content, entry.mode);
      written.push(entry.path);
    } else if (entry.action === "delete") {
      rmSync(resolveInside(root, entry.path), { force: true });
      deleted.push(entry.path);
    }
  }
  writeAtomically(resolveInside(root, LOCK_PATH), serializeLock(plan.lock));
  return { written, deleted };
}

/** Write beside the target and rename over it: readers see the old file or the new one, never half. */
function writeAtomically(path: string, content: string, mode = 0o644): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, content, { encoding: "utf8", mode });
  chmodSync(temporary, mode);
  renameSync(temporary, path);
}
