// The merge base of each file: the last render, mirrored in the project under BASE_DIR so a merge
// works on any clone. A mirror is trusted only when its hash is the one the lock records; a lock
// of format 1 has no mirror, but a file still equal to its locked hash is its own base.

import { lstatSync, readFileSync } from "node:fs";
import { basePath, sha256, type LockedFile } from "./lock-file.ts";
import { readProjectState } from "./project-state.ts";
import { pathExists, resolveContained } from "./real-path.ts";

export interface MirrorReader {
  /** The mirror's text as on disk (undefined when absent), cached: plan compares it before writing. */
  onDisk(path: string): string | undefined;
  /** The trusted base for a path, or undefined when none is known. */
  baseOf(
    path: string,
    locked: LockedFile | undefined,
    ours: string | undefined,
  ): string | undefined;
}

export function mirrorReader(root: string, realRoot: string | undefined): MirrorReader {
  const cache = new Map<string, string | undefined>();
  const onDisk = (path: string): string | undefined => {
    if (cache.has(path)) return cache.get(path);
    const full = resolveContained(root, realRoot, basePath(path));
    const text =
      pathExists(full) && lstatSync(full).isFile() ? readFileSync(full, "utf8") : undefined;
    cache.set(path, text);
    return text;
  };
  return {
    onDisk,
    baseOf(path, locked, ours) {
      if (!locked) return undefined;
      const mirrored = realRoot === undefined ? undefined : onDisk(path);
      if (mirrored !== undefined && sha256(mirrored) === locked.sha256) return mirrored;
      if (ours !== undefined && sha256(ours) === locked.sha256) return ours;
      return undefined;
    },
  };
}

/**
 * The recorded base of one path in a generated project (e.g. "operator.yaml": the spec as last
 * generated), verified against the lock; undefined when the project has no trusted mirror of it.
 * For stages and commands that compare the previous generation with the new one. Undefined only when the
 * lock does not list the path or (format 1) has no mirror and the file moved on.
 */
export function readRecordedBase(root: string, path: string): string | undefined {
  // Through the one reader of project state: a damaged lock or mirror throws, never "unrecorded".
  const { realRoot, lock } = readProjectState(root);
  return mirrorReader(root, realRoot).baseOf(path, lock.files[path], undefined);
}
