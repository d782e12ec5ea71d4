// One rendered file against what is on disk and its recorded base: the decision, the lock entry
// it leaves, and the base to mirror for the next run. base = last render, ours = disk, theirs =
// the new render; whichever side did not change yields to the other, and only a file both sides
// changed is merged.

import { lstatSync, readFileSync, statSync } from "node:fs";
import { Ownership, type GeneratedFile } from "../base/files.ts";
import { LOCK_PATH, sha256, type LockedFile, type LockFile } from "../base/lock-file.ts";
import type { MirrorReader } from "../base/base-mirror.ts";
import { firstConflictMarker } from "./merge/lines.ts";
import { isJsonMergeFile } from "./merge/json.ts";
import { LIBRARY_IMPORTS_REASON, migrateLibraryImports } from "./migrate/library-imports.ts";
import { mergeFile } from "./merge/merge-file.ts";
import { PlanRefusedError, type PlannedFile } from "./plan-types.ts";
import { pathExists, resolveContained } from "../base/real-path.ts";

export interface PlanContext {
  root: string;
  realRoot: string | undefined;
  previous: LockFile;
  mirrors: MirrorReader;
  /** `new`: a file in the way is never merged; `generate`: everything below applies. */
  mode: "new" | "regenerate";
  force: boolean;
  keep: ReadonlySet<string>;
  updateScaffold: ReadonlySet<string>;
  /** Paths whose render already holds the user's text (upgrade's operator.yaml): written as rendered. */
  replace: ReadonlySet<string>;
}

export interface Decision {
  entry: PlannedFile;
  /** The path's lock entry after this run; undefined drops it. */
  locked: LockedFile | undefined;
  /** The new base to mirror; undefined keeps the mirror as it is. */
  base: string | undefined;
}

export function decideRendered(ctx: PlanContext, file: GeneratedFile): Decision {
  const full = resolveContained(ctx.root, ctx.realRoot, file.path);
  const theirs = file.content;
  const head = {
    path: file.path,
    ownership: file.ownership,
    ...(file.mode ? { mode: file.mode } : {}),
  };
  const renderedEntry = (extra: Partial<LockedFile> = {}): LockedFile => ({
    ownership: file.ownership,
    sha256: sha256(theirs),
    ...extra,
  });
  const to = (
    entry: Omit<PlannedFile, keyof typeof head>,
    lockExtra?: Partial<LockedFile>,
  ): Decision => ({
    entry: { ...head, ...entry },
    locked: renderedEntry(lockExtra),
    base: theirs,
  });
  if (!pathExists(full)) return to({ action: "create", content: theirs, previous: "" });
  if (!statSync(full).isFile())
    return {
      entry: {
        ...head,
        action: "conflict",
        blocking: true,
        reason: "a directory or other non-file is in the way",
      },
      locked: undefined,
      base: undefined,
    };
  const ours = readFileSync(full, "utf8");
  if (ours === theirs) return to({ action: "identical" });
  if (ctx.mode === "new")
    return {
      entry: {
        ...head,
        action: "conflict",
        blocking: true,
        reason: "a file the generator did not write is in the way; it is kept as it is",
      },
      locked: undefined,
      base: undefined,
    };
  const locked = ctx.previous.files[file.path];
  // A preset is third-party input: it may replace what the generator wrote, never the user's.
  if (file.origin === "preset" && locked?.ownership !== Ownership.Generated)
    return {
      entry: {
        ...head,
        action: "conflict",
        blocking: true,
        reason:
          "this file is not the generator's: a preset may not replace it (not even with --force); move your file away, or drop the file from the preset",
      },
      locked: undefined,
      base: undefined,
    };
  const base = ctx.mirrors.baseOf(file.path, locked, ours);
  const keepOld = (entry: Omit<PlannedFile, keyof typeof head>): Decision => ({
    entry: { ...head, ...entry },
    // Without an earlier entry the render is the best base there is for a later merge.
    locked: locked ?? renderedEntry(),
    base: locked ? undefined : theirs,
  });
  if (ctx.keep.has(file.path))
    return to(
      {
        action: "skip",
        reason:
          "your version is kept (--keep) and recorded; generate asks again only when the render changes",
      },
      { kept: true },
    );
  if (ctx.replace.has(file.path)) return to({ action: "update", content: theirs, previous: ours });
  const marker = firstConflictMarker(ours);
  if (marker !== undefined && !ctx.force)
    return keepOld({
      action: "conflict",
      previous: ours,
      reason: `still has conflict markers from an earlier run (line ${marker}): resolve them and run generate again, or pass --keep ${file.path} or --force`,
      conflicts: [{ line: marker, message: "unresolved conflict markers" }],
    });
  if (file.ownership === Ownership.ScaffoldOnce && !ctx.updateScaffold.has(file.path)) {
    const migrated = file.path.endsWith(".ts") ? migrateLibraryImports(ours) : undefined;
    if (migrated !== undefined)
      return keepOld({
        action: "update",
        content: migrated,
        previous: ours,
        reason: LIBRARY_IMPORTS_REASON,
      });
    const hint = `merge template changes with --update-scaffold ${file.path}`;
    const why =
      base === theirs
        ? { quiet: true, reason: "scaffold-once: yours; the template has nothing new for it" }
        : base === undefined
          ? { reason: `scaffold-once: yours, never rewritten by generate (${hint})` }
          : {
              reason: `scaffold-once: never rewritten by generate; its template changed (${hint})`,
            };
    return keepOld({ action: "skip", ...why });
  }
  if (ctx.force)
    return to({
      action: "update",
      content: theirs,
      previous: ours,
      ...(base === ours
        ? {}
        : { reason: "--force: your edits were overwritten with the new render" }),
    });
  if (base !== undefined && ours === base)
    return to({ action: "update", content: theirs, previous: ours });
  if (base === theirs) {
    const reason = locked?.kept
      ? "your version is kept (--keep); the render has not changed since"
      : "edited by you; the generator has nothing new for it";
    return to({ action: "skip", quiet: true, reason }, locked?.kept ? { kept: true } : {});
  }
  const outcome = mergeFile(file.path, base, ours, theirs);
  if (outcome.conflicts.length === 0) {
    if (outcome.content === ours)
      return to({
        action: "skip",
        quiet: true,
        reason: "your version already has the generator's changes",
      });
    return to({
      action: "merge",
      content: outcome.content,
      previous: ours,
      reason: "your edits and the generator's changes merged",
    });
  }
  const why =
    base !== undefined
      ? `you and the generator changed the same ${isJsonMergeFile(file.path) ? "keys" : "lines"}`
      : locked
        ? "edited by hand and no merge base is recorded (a lock from an older create-operator): both versions are shown"
        : "a file the generator did not write is in the way: both versions are shown";
  return to({
    action: "conflict",
    content: outcome.content,
    previous: ours,
    conflicts: outcome.conflicts,
    reason: why,
  });
}

/** A path the last run wrote and this render no longer has. */
export function decideOrphan(
  ctx: PlanContext,
  path: string,
  locked: LockedFile,
): PlannedFile | undefined {
  const full = resolveContained(ctx.root, ctx.realRoot, path);
  if (!pathExists(full)) return undefined;
  if (!lstatSync(full).isFile() && !statSync(full).isFile())
    throw new PlanRefusedError(
      `${LOCK_PATH} lists ${path}, which is a folder, not a file the generator wrote; refusing to delete it`,
      `Remove the entry "${path}" from ${LOCK_PATH} (or restore the lock from version control) and run again.`,
    );
  const disk = readFileSync(full, "utf8");
  const base = ctx.mirrors.baseOf(path, locked, disk);
  const edited = base === undefined || disk !== base;
  // Unedited, the file is still the generator's; scaffold-once files are the user's from the start.
  if (locked.ownership !== Ownership.ScaffoldOnce && !edited)
    return {
      path,
      action: "delete",
      ownership: locked.ownership,
      previous: disk,
      reason: "no longer generated by the spec",
    };
  return {
    path,
    action: "skip",
    ownership: locked.ownership,
    reason:
      locked.ownership === Ownership.ScaffoldOnce
        ? "no longer generated; scaffold-once, so it is yours and stays"
        : "no longer generated; kept because you edited it",
  };
}
