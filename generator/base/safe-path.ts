// Every path the generator writes or deletes goes through here. A template bug or a tampered
// lock file must never make the generator touch anything outside the project directory.

import { isAbsolute, relative, resolve } from "node:path";

export class UnsafePathError extends Error {
  constructor(path: string, reason: string) {
    super(`refusing path "${path}": ${reason}`);
    this.name = "UnsafePathError";
  }
}

/** Resolves a project-relative POSIX path inside root, or throws. */
export function resolveInside(root: string, path: string): string {
  if (path.length === 0) throw new UnsafePathError(path, "empty path");
  if (path.includes("\0")) throw new UnsafePathError(path, "contains a NUL byte");
  if (path.includes("\\"))
    throw new UnsafePathError(path, "backslashes are not portable path separators");
  if (isAbsolute(path)) throw new UnsafePathError(path, "absolute paths are not allowed");
  if (path.split("/").some((segment) => segment === ".." || segment === "." || segment === "")) {
    throw new UnsafePathError(path, "path segments must not be empty, '.' or '..'");
  }
  const base = resolve(root);
  const full = resolve(base, path);
  const rel = relative(base, full);
  if (rel.startsWith("..") || isAbsolute(rel))
    throw new UnsafePathError(path, "escapes the project directory");
  return full;
}
