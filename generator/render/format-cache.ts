// A content-addressed cache of prettier's output, like `prettier --cache`. Formatting is
// deterministic, so the key (prettier version, options, parser, input) fully decides the output.
// Regeneration, the everyday operation, mostly re-renders unchanged files: those skip prettier.
// Best effort: an unreadable or unwritable cache only costs time, never correctness.

import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/** $CREATE_OPERATOR_CACHE_DIR, else $XDG_CACHE_HOME/create-operator, else ~/.cache/create-operator. */
export function cacheDirectory(): string | undefined {
  if (process.env.CREATE_OPERATOR_NO_CACHE === "1") return undefined;
  const base =
    process.env.CREATE_OPERATOR_CACHE_DIR ??
    join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "create-operator");
  return join(base, "format-v1");
}

export function cacheKey(parts: readonly string[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part).update("\0");
  return hash.digest("hex");
}

export function readCached(dir: string | undefined, key: string): string | undefined {
  if (!dir) return undefined;
  try {
    return readFileSync(join(dir, key.slice(0, 2), key), "utf8");
  } catch {
    return undefined;
  }
}

export function writeCached(dir: string | undefined, key: string, content: string): void {
  if (!dir) return;
  try {
    const folder = join(dir, key.slice(0, 2));
    mkdirSync(folder, { recursive: true });
    // Rename into place, so a concurrent run never reads a half-written entry.
    const temporary = join(folder, `${key}.${process.pid}.tmp`);
    writeFileSync(temporary, content);
    renameSync(temporary, join(folder, key));
  } catch {
    // A read-only home or a full disk must not fail generation.
  }
}
