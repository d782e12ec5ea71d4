// Every path the plan reads, and so every path write changes or deletes, is checked here against
// the project's real location: a lexically clean path can still lead out through a symbolic link
// (`vendor -> /elsewhere`), and following it would read, overwrite or delete someone else's file.

import { lstatSync, realpathSync } from "node:fs";
import { dirname, isAbsolute, relative } from "node:path";
import { resolveInside, UnsafePathError } from "./safe-path.ts";

/** Resolves a project-relative path; throws UnsafePathError when its real path leaves realRoot. */
export function resolveContained(root: string, realRoot: string | undefined, path: string): string {
  const full = resolveInside(root, path);
  // A directory that does not exist yet cannot contain symbolic links.
  if (realRoot === undefined) return full;
  let probe = full;
  while (!pathExists(probe)) probe = dirname(probe);
  let real: string;
  try {
    real = realpathSync(probe);
  } catch {
    throw new UnsafePathError(
      path,
      `${relative(root, probe) || "."} is a symbolic link to nothing; remove it and run again`,
    );
  }
  const rel = relative(realRoot, real);
  if (rel === ".." || rel.startsWith("../") || isAbsolute(rel))
    throw new UnsafePathError(
      path,
      `its real path ${real} is outside the project directory (a symbolic link leads out); remove the link or the entry`,
    );
  return full;
}

/** lstat-based: a dangling link exists (and is refused above) rather than looking absent. */
export function pathExists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
