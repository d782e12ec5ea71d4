// What the previous generation left of the user's own files: the scaffold-once entries of the
// lock file, the generated files the user edited (kept when the render drops them, so they must
// leave compilation too), and the files the previous tsconfig.json already excluded as unused (the lock only
// lists what that generation rendered, so a file unused two generations ago is known from
// there). Only files that still exist count: one the user deleted needs no exclusion.
// Everything here is best-effort input to render; a damaged lock is refused later by plan,
// with its own located message.

import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { relative } from "node:path";
import { LOCK_PATH, parseLock, sha256 } from "../base/lock-file.ts";
import { resolveInside } from "../base/safe-path.ts";

export function previousUserFiles(root: string): string[] {
  const candidates = [
    ...lockedScaffoldFiles(root),
    ...editedGeneratedFiles(root),
    ...excludedByTsconfig(root),
  ];
  return [...new Set(candidates)].filter((path) => isFileInside(root, path)).sort();
}

function lockedScaffoldFiles(root: string): string[] {
  const text = readIfFile(root, LOCK_PATH);
  if (text === undefined) return [];
  try {
    const lock = parseLock(text);
    return Object.entries(lock.files)
      .filter(([, entry]) => entry?.ownership === "scaffold-once")
      .map(([path]) => path);
  } catch {
    return [];
  }
}

/** Generated files whose text on disk is not what the lock recorded: plan keeps them when unrendered. */
function editedGeneratedFiles(root: string): string[] {
  const text = readIfFile(root, LOCK_PATH);
  if (text === undefined) return [];
  try {
    const lock = parseLock(text);
    return Object.entries(lock.files)
      .filter(([path, entry]) => entry?.ownership === "generated" && path.endsWith(".ts"))
      .filter(([path, entry]) => {
        const disk = readIfFile(root, path);
        return disk !== undefined && sha256(disk) !== entry.sha256;
      })
      .map(([path]) => path);
  } catch {
    return [];
  }
}

function excludedByTsconfig(root: string): string[] {
  const text = readIfFile(root, "tsconfig.json");
  if (text === undefined) return [];
  try {
    const exclude = (JSON.parse(text) as { exclude?: unknown }).exclude;
    return Array.isArray(exclude) ? exclude.filter((e): e is string => typeof e === "string") : [];
  } catch {
    return [];
  }
}

/** Reads a project file, but never through a symbolic link that leads out of the project. */
function readIfFile(root: string, path: string): string | undefined {
  if (!isFileInside(root, path)) return undefined;
  const real = realpathSync(resolveInside(root, path));
  if (relative(realpathSync(root), real).startsWith("..")) return undefined;
  return readFileSync(real, "utf8");
}

function isFileInside(root: string, path: string): boolean {
  try {
    const full = resolveInside(root, path);
    return existsSync(full) && statSync(full).isFile();
  } catch {
    // Not a project path (a tampered entry): plan reports it; here it is simply not a user file.
    return false;
  }
}
