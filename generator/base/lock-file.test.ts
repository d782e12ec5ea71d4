// The lock as parsed: bounded by what a spec can render, so a damaged or planted lock listing
// 100,000 files is refused at once instead of making `check` read and hash each of them for
// tens of seconds (issue 22, finding 10).

import assert from "node:assert/strict";
import { test } from "node:test";
import { LockFileError, MAX_LOCKED_FILES, parseLock, serializeLock, sha256 } from "./lock-file.ts";

function lockListing(count: number): string {
  const files: Record<string, { ownership: "generated"; sha256: string }> = {};
  for (let i = 0; i < count; i++)
    files[`src/f${i}.ts`] = { ownership: "generated", sha256: sha256(String(i)) };
  return serializeLock({
    format: 2,
    generator: { name: "create-operator", version: "0.2.0" },
    specSha256: "0",
    files,
  });
}

test("a lock listing more files than any spec renders is damaged, and refused quickly", () => {
  const text = lockListing(100_000);
  const started = performance.now();
  assert.throws(
    () => parseLock(text),
    (error: unknown) => {
      assert.ok(error instanceof LockFileError);
      assert.match(error.message, /lists 100000 files; a generated project has at most \d+/);
      return true;
    },
  );
  assert.ok(performance.now() - started < 2_000, "refused without checking each entry");
});

test("a lock at the bound is read", () => {
  assert.equal(
    Object.keys(parseLock(lockListing(MAX_LOCKED_FILES)).files).length,
    MAX_LOCKED_FILES,
  );
});
