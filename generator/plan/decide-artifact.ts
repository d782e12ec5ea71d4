// The decision for an artifact (a vendored package tarball) against the disk. Bytes cannot be
// merged, so the lock's hash is the whole story: a copy still as the generator wrote it may be
// replaced or deleted; a copy that changed since is never overwritten silently (the run stops,
// naming it, unless --force).

import { readFileSync, statSync } from "node:fs";
import { Buffer } from "node:buffer";
import { Ownership, type Artifact } from "../base/files.ts";
import { sha256, type LockedFile } from "../base/lock-file.ts";
import { pathExists, resolveContained } from "../base/real-path.ts";
import type { PlanContext, Decision } from "./decide-file.ts";
import type { PlannedFile } from "./plan-types.ts";

export function decideArtifact(ctx: PlanContext, artifact: Artifact): Decision {
  const full = resolveContained(ctx.root, ctx.realRoot, artifact.path);
  const head = { path: artifact.path, ownership: Ownership.Generated, artifact: true as const };
  const locked: LockedFile = {
    ownership: Ownership.Generated,
    sha256: sha256(artifact.bytes),
    artifact: true,
  };
  const to = (entry: Omit<PlannedFile, keyof typeof head>): Decision => ({
    entry: { ...head, ...entry },
    locked,
    base: undefined,
  });
  const blocked = (reason: string): Decision => ({
    entry: { ...head, action: "conflict", blocking: true, reason },
    locked: undefined,
    base: undefined,
  });
  if (!pathExists(full)) return to({ action: "create", bytes: artifact.bytes });
  if (!statSync(full).isFile()) return blocked("a directory or other non-file is in the way");
  const ours = readFileSync(full);
  if (Buffer.compare(ours, artifact.bytes) === 0) return to({ action: "identical" });
  if (ctx.mode === "new")
    return blocked("a file the generator did not write is in the way; it is kept as it is");
  const previous = ctx.previous.files[artifact.path];
  if (ctx.force || (previous !== undefined && sha256(ours) === previous.sha256))
    return to({
      action: "update",
      bytes: artifact.bytes,
      ...(ctx.force && previous?.sha256 !== sha256(ours)
        ? { reason: "--force: your copy was replaced" }
        : {}),
    });
  return blocked(
    previous === undefined
      ? "a file the generator did not write is in the way; a package tarball cannot be merged: move it aside, or pass --force to replace it"
      : "changed since create-operator wrote it; a package tarball cannot be merged: restore it (git checkout), move it aside, or pass --force to replace it",
  );
}

/** An artifact the last run wrote and this one does not (a new version, or the packages published). */
export function decideArtifactOrphan(
  ctx: PlanContext,
  path: string,
  locked: LockedFile,
): PlannedFile | undefined {
  const full = resolveContained(ctx.root, ctx.realRoot, path);
  if (!pathExists(full) || !statSync(full).isFile()) return undefined;
  if (sha256(readFileSync(full)) === locked.sha256)
    return {
      path,
      action: "delete",
      ownership: locked.ownership,
      artifact: true,
      reason: "no longer vendored by this create-operator",
    };
  return {
    path,
    action: "skip",
    ownership: locked.ownership,
    artifact: true,
    reason: "no longer vendored; kept because it changed since create-operator wrote it",
  };
}
