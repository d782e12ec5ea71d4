// `check`'s question about a plan: is the project exactly what generate would leave? Only what
// the generator owns counts: generated files (any difference: a hand edit, or a render that moved
// on), merged files (only when the generator has changes the user's copy lacks: the user's own
// edits are the point of merging), and the lock. Scaffold-once files are the user's and never count.

import { readFileSync } from "node:fs";
import { Ownership, type ProjectFiles } from "../base/files.ts";
import { LOCK_PATH, sha256 } from "../base/lock-file.ts";
import { resolveInside } from "../base/safe-path.ts";
import type { Plan, PlannedFile } from "./plan-types.ts";

export type DriftKind = "edited" | "stale" | "missing" | "orphan" | "conflict";

export interface Drift {
  path: string;
  ownership: PlannedFile["ownership"];
  kind: DriftKind;
  /** Why, in words. */
  reason: string;
  /** What is on disk ("" when missing). */
  actual: string;
  /** What generate would write ("" when it would delete the file). */
  expected: string;
}

export function planDrift(plan: Plan, files: ProjectFiles): Drift[] {
  const out: Drift[] = [];
  for (const entry of plan.entries) {
    if (entry.ownership === Ownership.ScaffoldOnce || entry.action === "identical") continue;
    const expected = entry.artifact
      ? describeBytes(entry.action === "delete" ? undefined : entry.bytes)
      : entry.action === "delete"
        ? ""
        : (files.get(entry.path)?.content ?? "");
    const actual = entry.artifact
      ? describeBytes(entry.action === "create" ? undefined : readBytes(plan.root, entry))
      : entry.action === "create"
        ? (entry.previous ?? "")
        : readDisk(plan.root, entry);
    const kind = driftKind(entry);
    if (kind === undefined) continue;
    out.push({
      path: entry.path,
      ownership: entry.ownership,
      kind,
      reason: REASONS[kind],
      actual,
      expected,
    });
  }
  // The lock is the generator's record too: a preset version bump that renders the same files
  // still leaves a project whose lock is not what generate would write.
  if (plan.lockText !== undefined) {
    const actual = readDisk(plan.root, { path: LOCK_PATH } as PlannedFile);
    if (actual !== plan.lockText)
      out.push({
        path: LOCK_PATH,
        ownership: Ownership.Generated,
        kind: "stale",
        reason: `does not record what generate would (the generator, spec or preset changed): run create-operator generate`,
        actual,
        expected: plan.lockText,
      });
  }
  return out;
}

const REASONS: Record<DriftKind, string> = {
  edited:
    "edited by hand: generated files are the generator's (change operator.yaml or the preset instead; generate --force puts the render back)",
  stale: "not what the current spec, preset and generator render: run create-operator generate",
  missing: "missing: run create-operator generate",
  orphan: "no longer rendered: generate would delete it",
  conflict:
    "the generator's changes conflict with edits to it: run create-operator generate and resolve",
};

function driftKind(entry: PlannedFile): DriftKind | undefined {
  const merged = entry.ownership === Ownership.Merged;
  switch (entry.action) {
    case "create":
      return "missing";
    case "delete":
      return "orphan";
    case "conflict":
      return "conflict";
    case "merge":
      // Both sides changed: for a merged file the generator's side is news, for a generated one
      // the user's side is a hand edit.
      return merged ? "stale" : "edited";
    case "update":
      // Without --force the plan updates only a file that is still its last render.
      return "stale";
    case "skip":
      // A merged file the user edited is theirs to edit; a generated one is not.
      return merged || entry.reason?.includes("--keep") ? undefined : "edited";
    default:
      return undefined;
  }
}

function readDisk(root: string, entry: PlannedFile): string {
  if (entry.previous !== undefined) return entry.previous;
  try {
    return readFileSync(resolveInside(root, entry.path), "utf8");
  } catch {
    return "";
  }
}

/** A binary file in a drift report: its size and hash, never its bytes as text. */
function describeBytes(bytes: Uint8Array | undefined): string {
  return bytes === undefined ? "" : `binary file, ${bytes.length} bytes, sha256 ${sha256(bytes)}\n`;
}

function readBytes(root: string, entry: PlannedFile): Uint8Array | undefined {
  try {
    return readFileSync(resolveInside(root, entry.path));
  } catch {
    return undefined;
  }
}
