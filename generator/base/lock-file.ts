// The lock file records what the generator last wrote. It is how regeneration tells a hand
// edit from stale output, finds orphans, and (later) recovers the merge base.

import { createHash } from "node:crypto";
import type { Ownership } from "./files.ts";

export const LOCK_PATH = ".create-operator/lock.json";
export const LOCK_FORMAT = 1;

export interface LockedFile {
  ownership: Ownership;
  sha256: string;
}

export interface LockFile {
  format: typeof LOCK_FORMAT;
  generator: { name: string; version: string };
  specSha256: string;
  files: Record<string, LockedFile>;
}

export function sha256(content: string): string {
  return createHash("sha256").update(content, "utf8").digest("hex");
}

/** Stable key order and a trailing newline, so the lock file itself is deterministic. */
export function serializeLock(lock: LockFile): string {
  const files = Object.fromEntries(
    Object.entries(lock.files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  return JSON.stringify({ ...lock, files }, null, 2) + "\n";
}

export function parseLock(text: string): LockFile {
  const lock = JSON.parse(text) as Partial<LockFile>;
  if (lock.format !== LOCK_FORMAT || typeof lock.files !== "object" || lock.files === null) {
    throw new Error(
      `${LOCK_PATH} has an unknown format; it was written by a different create-operator version`,
    );
  }
  return lock as LockFile;
}
