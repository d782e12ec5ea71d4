// Which project `generate` works on: --dir when given, else the nearest folder at or above the
// current one that holds a lock file, so it can be run from anywhere inside a project (as git can).

import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { LOCK_PATH } from "../base/lock-file.ts";
import type { UsageError } from "./usage-checks.ts";

export interface ProjectRoot {
  root: string;
  /** The root was found above the folder the search started in. */
  foundAbove: boolean;
}

export function findProjectRoot(dir: string | undefined, cwd: string): ProjectRoot | UsageError {
  if (dir !== undefined) return { root: resolve(cwd, dir), foundAbove: false };
  const start = resolve(cwd);
  for (let current = start; ; current = dirname(current)) {
    if (existsSync(join(current, LOCK_PATH)))
      return { root: current, foundAbove: current !== start };
    if (dirname(current) === current) break;
  }
  return {
    message: `no create-operator project in ${start} or any folder above it (none has ${LOCK_PATH})`,
    hint: "Run generate inside a generated project, or pass --dir <project>; to create one: create-operator new <dir> --spec operator.yaml",
  };
}
