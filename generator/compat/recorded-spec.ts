// The previous spec: the copy of operator.yaml that the last generation recorded in the project
// (the merge base, kept at BASE_SPEC_PATH so it travels with every clone), and the project's CRD
// for when that copy no longer validates.

import { existsSync, lstatSync, readFileSync } from "node:fs";
import { resolveInside } from "../base/safe-path.ts";
import { readRecordedBase } from "../base/base-mirror.ts";
import { basePath } from "../base/lock-file.ts";
import { SPEC_FILE } from "../render/render-project.ts";

export const BASE_SPEC_PATH = basePath(SPEC_FILE);

/**
 * The spec as the last generation wrote it, when the lock vouches for the mirror (a copy whose
 * hash is not the locked one was edited or damaged, and is no base to compare with).
 */
export function readRecordedSpec(root: string): { source: string; file: string } | undefined {
  // A damaged lock or mirror throws ProjectStateError: a gate must not read it as "not recorded".
  const source = readRecordedBase(root, SPEC_FILE);
  return source === undefined ? undefined : { source, file: resolveInside(root, BASE_SPEC_PATH) };
}

/** The project's CRD as last written, or undefined when it is missing or not a plain file. */
export function readProjectFile(
  root: string,
  path: string,
): { text: string; file: string } | undefined {
  const file = resolveInside(root, path);
  if (!existsSync(file)) return undefined;
  const stat = lstatSync(file);
  if (!stat.isFile() || stat.size > 4 * 1024 * 1024) return undefined;
  return { text: readFileSync(file, "utf8"), file };
}
