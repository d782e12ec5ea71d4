// Can `generate` say "nothing to do" without rendering? Only when the render provably equals
// what the lock records and every file on disk is what the full plan would leave alone. The
// render is a function of the spec, the presets it extends, the child CRD files it names and the
// generator, so:
//   - the spec's hash and the generator's version equal the lock's, and so does the hash of the
//     preset chain as it is on disk now (a preset edited in its folder, or a new version installed
//     in node_modules, changes the render without touching operator.yaml);
//   - every locked file exists as a regular file at its real path (no symbolic link in the way:
//     the full plan refuses links that lead out, and a link is never "identical" here);
//   - generated and merged files, and every scaffold-once YAML file, still have their locked
//     hash. Child CRD files are scaffold-once YAML files copied to the path the spec names (see
//     render/manifests/child-crds.ts), so this covers them without parsing the spec; sample
//     manifests are checked too, which only sends a changed sample down the full path;
//   - other scaffold-once files need only exist: the full plan never reads past "exists and is a
//     file" for them (identical or skip), so the user's own code does not force a render.
// Any doubt answers "not up to date": the full pipeline then decides, and reports, as before.

import { createHash } from "node:crypto";
import { lstatSync, readFileSync, realpathSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { Ownership } from "../base/files.ts";
import type { LockFile, LockedFile } from "../base/lock-file.ts";
import { resolveInside } from "../base/safe-path.ts";
import { SPEC_FILE } from "../base/spec-file.ts";
import { currentPreset } from "../preset/current-preset.ts";

export type Freshness = { upToDate: true } | { upToDate: false; reason: string };

export function checkUpToDate(root: string, lock: LockFile, generatorVersion: string): Freshness {
  try {
    return compare(root, lock, generatorVersion);
  } catch (error) {
    // An unreadable file, a path the lock should not hold: the full run reports it properly.
    return stale(`cannot check: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function compare(root: string, lock: LockFile, generatorVersion: string): Freshness {
  if (lock.generator?.version !== generatorVersion)
    return stale(`the lock was written by create-operator ${String(lock.generator?.version)}`);
  if (hashOf(join(root, SPEC_FILE)) !== lock.specSha256) return stale(`${SPEC_FILE} changed`);
  const preset = currentPreset(root);
  if (preset === "unknown") return stale("the preset cannot be read");
  if (preset?.sha256 !== lock.preset?.sha256)
    return stale(
      preset === undefined
        ? "the spec no longer extends a preset"
        : `the preset ${preset.name}${preset.version ? `@${preset.version}` : ""} changed`,
    );
  const realRoot = realpathSync(root);
  const checkedDirectories = new Set<string>();
  for (const [path, locked] of Object.entries(lock.files)) {
    const full = resolveInside(root, path);
    const stat = lstatSync(full, { throwIfNoEntry: false });
    if (stat === undefined) return stale(`${path} is missing`);
    if (!stat.isFile()) return stale(`${path} is not a regular file`);
    const directory = dirname(full);
    if (!checkedDirectories.has(directory)) {
      // The folder must be where it seems: a symbolic link on the way is the full plan's call.
      if (realpathSync(directory) !== join(realRoot, relative(root, directory)))
        return stale(`${path}: a symbolic link is on its path`);
      checkedDirectories.add(directory);
    }
    if (mustMatchHash(path, locked) && hashOf(full) !== locked.sha256)
      return stale(`${path} differs from what was generated`);
  }
  return { upToDate: true };
}

function mustMatchHash(path: string, locked: LockedFile): boolean {
  return locked.ownership !== Ownership.ScaffoldOnce || /\.ya?ml$/.test(path);
}

/**
 * The hash of the file's bytes. Equal to the lock's sha256 of a rendered string exactly when the
 * bytes are that string's UTF-8, so it can only say "same" when the full plan would too.
 */
function hashOf(path: string): string {
  return createHash("sha256").update(readFileSync(path)).digest("hex");
}

function stale(reason: string): Freshness {
  return { upToDate: false, reason };
}
