// The write half of the preset boundary: every `files[].path` a preset names passes here before
// anything else looks at it. A preset is third-party input (an npm package a platform team
// publishes), so it writes only its own files inside the project: never into git's, npm's or
// the generator's records, whatever the case or spelling, and never over the user's spec.
// Paths the generator renders itself are refused later, at render (PRESET012), with the same folding.

import { foldPath, foldSegment } from "../base/path-fold.ts";
import { resolveInside } from "../base/safe-path.ts";
import { SPEC_FILE } from "../base/spec-file.ts";

/** Folders no preset file may be in, at any depth: git runs what .git/config and hooks say; npm owns node_modules. */
const FORBIDDEN_ANYWHERE = new Set([".git", "node_modules"]);

/** The generator's own record, at the project root. */
const GENERATOR_FOLDER = ".create-operator";

/** Why a preset may not write `path`, or undefined when it may. */
export function presetWritePathProblem(path: string): string | undefined {
  try {
    resolveInside("/project", path);
  } catch (error) {
    return (error as Error).message;
  }
  const segments = path.split("/").map(foldSegment);
  const forbidden = segments.find((s) => FORBIDDEN_ANYWHERE.has(s));
  if (forbidden !== undefined)
    return `refusing path "${path}": ${forbidden}/ is not the preset's to write (names are compared as a case-insensitive file system sees them)`;
  if (segments[0] === GENERATOR_FOLDER)
    return `refusing path "${path}": ${GENERATOR_FOLDER}/ holds the generator's own records`;
  if (foldPath(path) === foldPath(SPEC_FILE))
    return `refusing path "${path}": ${SPEC_FILE} is the user's spec`;
  return undefined;
}
