// `new` writes the whole project into a staging folder beside the target and renames it into
// place. The folder's name carries the writing process's pid, so a run killed before the rename
// can be told from one still writing: the next `new` into the same target removes the folders
// of processes that no longer exist (a live pid, even a reused one, is left alone).

import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { isProcessAlive } from "./process-alive.ts";

const prefix = (target: string) => `.${basename(target)}.create-operator-`;

/** A new staging folder for `target`, beside it, named with this process's pid. */
export function makeStagingDirectory(target: string): string {
  return mkdtempSync(join(dirname(target), `${prefix(target)}${process.pid}-`));
}

/** Removes staging folders that killed runs left for `target`; returns the paths removed. */
export function removeDeadStaging(target: string): string[] {
  const parent = dirname(target);
  let entries: string[];
  try {
    entries = readdirSync(parent);
  } catch {
    return []; // no parent yet: nothing was staged there
  }
  const removed: string[] = [];
  for (const entry of entries) {
    if (!entry.startsWith(prefix(target))) continue;
    const pid = Number(/^(\d+)-/.exec(entry.slice(prefix(target).length))?.[1]);
    if (!Number.isSafeInteger(pid) || isProcessAlive(pid)) continue; // no pid: an older name, kept
    rmSync(join(parent, entry), { recursive: true, force: true });
    removed.push(join(parent, entry));
  }
  return removed;
}
