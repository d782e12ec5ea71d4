// The previous spec: the copy of operator.yaml that the last generation recorded in the project
// (the merge base, kept at BASE_SPEC_PATH so it travels with every clone), and the project's CRD
// for when that copy no longer validates.

import { existsSync, lstatSync, readFileSync } from "node:fs";
import { resolveInside, UnsafePathError } from "../base/safe-path.ts";
import { readSpecFile } from "../parse/read-spec-file.ts";

export const BASE_SPEC_PATH = ".create-operator/base/operator.yaml";

export function readRecordedSpec(root: string): { source: string; file: string } | undefined {
  const file = resolveInside(root, BASE_SPEC_PATH);
  const stat = lstatSync(file, { throwIfNoEntry: false });
  if (stat === undefined) return undefined;
  // The generator writes this file; a link could only lead somewhere it should not read.
  if (stat.isSymbolicLink())
    throw new UnsafePathError(
      BASE_SPEC_PATH,
      "is a symbolic link; the recorded spec must be a file",
    );
  return { source: readSpecFile(file), file };
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
