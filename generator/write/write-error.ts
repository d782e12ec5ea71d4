// A write that the filesystem refused (full disk, read-only mount, a file where a directory must
// go). Not a bug and not bad spec input: the CLI prints it with exit code 1, like a refused plan.

import { systemErrorCause } from "../base/system-error.ts";

export class WriteError extends Error {
  /** The path as the user will know it: inside the target, never inside the staging directory. */
  readonly path: string;
  constructor(action: string, path: string, cause: unknown) {
    super(`cannot ${action} ${path}: ${systemErrorCause(cause)}; nothing was written`, { cause });
    this.name = "WriteError";
    this.path = path;
  }
}
