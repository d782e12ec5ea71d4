// Before the journal (write/journal.ts), the write stage wrote each file to `<path>.<pid>.tmp`
// beside it and renamed it over the target; a run killed between the two left that file behind,
// and no later run removed it. Those of dead processes are removed before the next generate
// reads the project. Only names the old writer made are touched: a locked file's (or its base
// mirror's, or the lock's) name followed by `.<pid>.tmp`.

import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join, posix } from "node:path";
import { basePath, LOCK_PATH } from "../base/lock-file.ts";
import { resolveInside } from "../base/safe-path.ts";
import { isProcessAlive } from "./process-alive.ts";

/** Removes the old writer's leftovers in `root`; returns the project paths removed. */
export function removeLegacyTemporaries(root: string): string[] {
  const targets = [LOCK_PATH, ...lockedPaths(root).flatMap((path) => [path, basePath(path)])];
  const byFolder = new Map<string, Set<string>>();
  for (const path of targets) {
    const folder = posix.dirname(path);
    const names = byFolder.get(folder) ?? new Set<string>();
    names.add(posix.basename(path));
    byFolder.set(folder, names);
  }
  const removed: string[] = [];
  for (const [folder, names] of byFolder) {
    let entries: string[];
    try {
      entries = readdirSync(resolveInside(root, folder === "." ? "" : folder));
    } catch {
      continue; // the folder is gone or not a project path: nothing of ours there
    }
    for (const entry of entries) {
      const match = /^(.+)\.(\d+)\.tmp$/.exec(entry);
      if (!match || !names.has(match[1]!) || isProcessAlive(Number(match[2]))) continue;
      const path = folder === "." ? entry : `${folder}/${entry}`;
      rmSync(resolveInside(root, path), { force: true });
      removed.push(path);
    }
  }
  return removed.sort();
}

/** The lock's paths, read leniently: a damaged lock is the project-state reader's to report. */
function lockedPaths(root: string): string[] {
  try {
    const lock = JSON.parse(readFileSync(join(root, LOCK_PATH), "utf8")) as { files?: unknown };
    return lock.files && typeof lock.files === "object" ? Object.keys(lock.files) : [];
  } catch {
    return [];
  }
}
