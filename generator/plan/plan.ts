// Stage 5: rendered files + what is on disk → one decision per path. Reads the disk, never
// writes it. The plan is complete before anything is written, so a refusal leaves no trace.
// Each file's decision is in decide-file.ts; this module reads the lock, walks render and lock,
// and works out which base mirrors and which lock text the write stage must change.

import { existsSync, lstatSync, readdirSync, readlinkSync, realpathSync, statSync } from "node:fs";
import { sortedFiles, type Artifact, type ProjectFiles } from "../base/files.ts";
import {
  LOCK_FORMAT,
  serializeLock,
  sha256,
  type LockedFile,
  type LockedPreset,
  type LockFile,
} from "../base/lock-file.ts";
import { mirrorReader } from "../base/base-mirror.ts";
import { readProjectState } from "../base/project-state.ts";
import { decideArtifact, decideArtifactOrphan } from "./decide-artifact.ts";
import { decideOrphan, decideRendered, type PlanContext } from "./decide-file.ts";
import { PlanRefusedError, type Plan, type PlannedFile } from "./plan-types.ts";

export * from "./plan-types.ts";

export interface PlanOptions {
  generatorVersion: string;
  specSource: string;
  /** The preset the spec extends, recorded in the lock. */
  preset?: LockedPreset;
  /** Binary files written as they are (the vendored package tarballs). */
  artifacts?: readonly Artifact[];
}

export interface RegenerationOptions extends PlanOptions {
  /** Overwrite generated and merged files with the new render, edited or not. */
  force?: boolean;
  /** Accept the user's version of these paths and record it (--keep). */
  keep?: readonly string[];
  /** Merge template changes into these scaffold-once files (--update-scaffold). */
  updateScaffold?: readonly string[];
  /**
   * Write these paths as rendered, without a merge: their render was made from the file on disk
   * (upgrade rewrites one scalar of operator.yaml), so a merge would only conflict with itself.
   */
  replace?: readonly string[];
}

/** For `new`: the target must not exist or be empty, unless the user forced it. */
export function planNewProject(
  root: string,
  files: ProjectFiles,
  options: PlanOptions & { force: boolean },
): Plan {
  const exists = existsSync(root);
  // existsSync follows links: a link to nothing looks absent, and the final rename would fail.
  if (!exists && isSymbolicLink(root))
    throw new PlanRefusedError(
      `${root} is a symbolic link to ${readlinkSync(root)}, which does not exist`,
      "Remove the link, or create the directory it points to and run again.",
    );
  if (exists && !statSync(root).isDirectory())
    throw new PlanRefusedError(`${root} exists and is not a directory`);
  const entriesOnDisk = exists ? readdirSync(root) : [];
  if (entriesOnDisk.length > 0 && !options.force) {
    throw new PlanRefusedError(
      `${root} is not empty (${entriesOnDisk.length} entries); refusing to write into it`,
      "Choose a new directory, or pass --force to write the project into this one (existing files that differ are kept and reported as conflicts).",
    );
  }
  return planAgainstDisk(root, files, emptyLock(options), undefined, options, {
    mode: "new",
    freshDirectory: !exists,
  });
}

/** For `generate`: re-render inside an existing project, guided by its lock file. */
export function planRegeneration(
  root: string,
  files: ProjectFiles,
  options: RegenerationOptions,
): Plan {
  // The one reader of project state: a damaged lock or base mirror stops here, located.
  const state = readProjectState(root);
  for (const [flag, paths] of [
    ["--keep", options.keep ?? []],
    ["--update-scaffold", options.updateScaffold ?? []],
  ] as const)
    for (const path of paths)
      if (!files.has(path))
        throw new PlanRefusedError(
          `${flag} ${path}: the generator renders no such file`,
          "Name a path relative to the project root as generate lists it (e.g. README.md).",
        );
  return planAgainstDisk(root, files, state.lock, state.lockText, options, {
    mode: "regenerate",
    freshDirectory: false,
  });
}

function planAgainstDisk(
  root: string,
  files: ProjectFiles,
  previous: LockFile,
  previousLockText: string | undefined,
  options: RegenerationOptions,
  how: { mode: PlanContext["mode"]; freshDirectory: boolean },
): Plan {
  // A directory that does not exist yet cannot contain symbolic links.
  const realRoot = existsSync(root) ? realpathSync(root) : undefined;
  const mirrors = mirrorReader(root, realRoot);
  const ctx: PlanContext = {
    root,
    realRoot,
    previous,
    mirrors,
    mode: how.mode,
    force: options.force ?? false,
    keep: new Set(options.keep ?? []),
    updateScaffold: new Set(options.updateScaffold ?? []),
    replace: new Set(options.replace ?? []),
  };
  const entries: PlannedFile[] = [];
  const lockFiles: Record<string, LockedFile> = {};
  const baseWrites: Plan["baseWrites"] = [];
  for (const file of sortedFiles(files)) {
    const decision = decideRendered(ctx, file);
    entries.push(decision.entry);
    if (decision.locked) lockFiles[file.path] = decision.locked;
    if (
      decision.base !== undefined &&
      (realRoot === undefined || mirrors.onDisk(file.path) !== decision.base)
    )
      baseWrites.push({ path: file.path, content: decision.base });
  }
  const artifacts = [...(options.artifacts ?? [])].sort((a, b) => (a.path < b.path ? -1 : 1));
  for (const artifact of artifacts) {
    const decision = decideArtifact(ctx, artifact);
    entries.push(decision.entry);
    if (decision.locked) lockFiles[artifact.path] = decision.locked;
  }
  const rendered = new Set([...files.keys(), ...artifacts.map((a) => a.path)]);
  const baseDeletes: string[] = [];
  for (const [path, locked] of Object.entries(previous.files).sort(([a], [b]) =>
    a < b ? -1 : 1,
  )) {
    if (rendered.has(path)) continue;
    const entry = locked.artifact
      ? decideArtifactOrphan(ctx, path, locked)
      : decideOrphan(ctx, path, locked);
    if (entry) entries.push(entry);
    if (mirrors.onDisk(path) !== undefined) baseDeletes.push(path);
  }
  const lock: LockFile = {
    format: LOCK_FORMAT,
    generator: { name: "create-operator", version: options.generatorVersion },
    specSha256: sha256(options.specSource),
    ...(options.preset ? { preset: options.preset } : {}),
    files: lockFiles,
  };
  const lockText = serializeLock(lock);
  return {
    root,
    freshDirectory: how.freshDirectory,
    entries,
    lock,
    lockText: lockText === previousLockText ? undefined : lockText,
    baseWrites,
    baseDeletes,
  };
}

function isSymbolicLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

function emptyLock(options: PlanOptions): LockFile {
  return {
    format: LOCK_FORMAT,
    generator: { name: "create-operator", version: options.generatorVersion },
    specSha256: sha256(options.specSource),
    files: {},
  };
}
