// The user's files a previous generation left, as the pipeline hands them to render: the lock's
// scaffold-once entries, generated files the user edited, and the previous tsconfig.json's exclusions, only those still on disk,
// never through a path or link that leaves the project.

import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { LOCK_PATH, serializeLock, sha256, type LockFile } from "../base/lock-file.ts";
import { previousUserFiles } from "./previous-user-files.ts";

const tempDir = (prefix: string): string => mkdtempSync(join(tmpdir(), `${prefix}-`));

function write(root: string, path: string, content = "export {};\n"): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
}

function lockOf(files: LockFile["files"]): string {
  return serializeLock({
    format: 1,
    generator: { name: "create-operator", version: "0.1.0" },
    specSha256: "0",
    files,
  });
}

test("scaffold-once lock entries and earlier exclusions that still exist", () => {
  const root = tempDir("previous-user-files");
  const entry = (ownership: "generated" | "scaffold-once") => ({
    ownership,
    sha256: "0".repeat(64),
  });
  write(
    root,
    LOCK_PATH,
    lockOf({
      "src/hooks/instance.ts": entry("scaffold-once"),
      "src/hooks/deleted-by-user.ts": entry("scaffold-once"),
      "src/main.ts": { ownership: "generated", sha256: sha256("export {};\n") },
    }),
  );
  write(root, "src/hooks/instance.ts");
  write(root, "src/main.ts");
  write(root, "src/hooks/unused-before.ts");
  write(root, "tsconfig.json", JSON.stringify({ exclude: ["src/hooks/unused-before.ts", 7] }));
  assert.deepEqual(previousUserFiles(root), [
    "src/hooks/instance.ts",
    "src/hooks/unused-before.ts",
  ]);
});

test("generated files edited since the lock recorded them: kept by plan when unrendered, so listed", () => {
  const root = tempDir("previous-user-files");
  const unedited = "export const a = 1;\n";
  write(
    root,
    LOCK_PATH,
    lockOf({
      "src/runtime/backoff.ts": { ownership: "generated", sha256: sha256(unedited) },
      "src/runtime/queue.ts": { ownership: "generated", sha256: sha256(unedited) },
      "src/runtime/gone.ts": { ownership: "generated", sha256: sha256(unedited) },
      "config/rbac/role.yaml": { ownership: "generated", sha256: sha256(unedited) },
    }),
  );
  write(root, "src/runtime/backoff.ts", unedited + "// ours\n");
  write(root, "src/runtime/queue.ts", unedited);
  write(root, "config/rbac/role.yaml", "edited: yes\n");
  assert.deepEqual(previousUserFiles(root), ["src/runtime/backoff.ts"]);
});

test("a damaged lock or tsconfig.json, or one linked from outside, contributes nothing", () => {
  const root = tempDir("previous-user-files");
  write(root, LOCK_PATH, "not json");
  const outside = tempDir("outside");
  write(outside, "src/hooks/x.ts");
  write(outside, "tsconfig.json", JSON.stringify({ exclude: ["src/hooks/x.ts"] }));
  write(root, "src/hooks/x.ts");
  symlinkSync(join(outside, "tsconfig.json"), join(root, "tsconfig.json"));
  assert.deepEqual(previousUserFiles(root), []);
  assert.deepEqual(previousUserFiles(join(root, "missing")), []);
});
