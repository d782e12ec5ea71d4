// A write that the filesystem refused (full disk, read-only mount, a file where a directory must
// go). Not a bug and not bad spec input: the CLI prints it with exit code 1, like a refused plan.

import { systemErrorCause } from "../base/system-error.ts";

const HINTS: Record<string, string> = {
  ENOSPC: "Free some space on that disk, or choose a directory on another one.",
  EDQUOT: "Your disk quota is used up: free some space, or choose another directory.",
  EROFS: "That file system is read-only: choose a directory you can write to.",
  EACCES: "You may not write there: choose a directory you can write to.",
  EPERM: "You may not write there: choose a directory you can write to.",
  EEXIST:
    "A file is in the way of a directory the project needs: move it, or choose another directory.",
  ENOTDIR:
    "A file is in the way of a directory the project needs: move it, or choose another directory.",
  ENAMETOOLONG: "The path is too long for the file system: choose a shorter directory name.",
};

export class WriteError extends Error {
  /** The path as the user will know it: inside the target, never inside the staging directory. */
  readonly path: string;
  readonly hint: string;
  constructor(action: string, path: string, cause: NodeJS.ErrnoException) {
    super(`cannot ${action} ${path}: ${systemErrorCause(cause)}; nothing was written`, { cause });
    this.name = "WriteError";
    this.path = path;
    this.hint = HINTS[cause.code ?? ""] ?? "Fix the cause above and run again.";
  }
}
