import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { Ownership, type ProjectFiles } from "../base/files.ts";
import { basePath, LOCK_PATH, parseLock } from "../base/lock-file.ts";
import { isNoOp, planNewProject, planRegeneration } from "../plan/plan.ts";
import { writePlan } from "./write.ts";

const options = { generatorVersion: "0.0.0-test", specSource: "spec", force: false };

test("a new project appears whole, with the lock file, and no staging directory is left", () => {
  const parent = mkdtempSync(join(tmpdir(), "write-"));
  const root = join(parent, "demo");
  const files: ProjectFiles = new Map([
    ["src/a.ts", { path: "src/a.ts", content: "export {};\n", ownership: Ownership.Generated }],
    [
      "run.sh",
      { path: "run.sh", content: "#!/bin/sh\n", ownership: Ownership.Generated, mode: 0o755 },
    ],
  ]);
  const summary = writePlan(planNewProject(root, files, options));
  assert.deepEqual(summary.written, ["run.sh", "src/a.ts"]);
  assert.equal(readFileSync(join(root, "src/a.ts"), "utf8"), "export {};\n");
  assert.equal(statSync(join(root, "run.sh")).mode & 0o777, 0o755);
  assert.deepEqual(Object.keys(parseLock(readFileSync(join(root, LOCK_PATH), "utf8")).files), [
    "run.sh",
    "src/a.ts",
  ]);
  assert.deepEqual(readdirSync(parent), ["demo"]);
});

test("a failing write leaves nothing behind", () => {
  const parent = mkdtempSync(join(tmpdir(), "write-"));
  const root = join(parent, "demo");
  // A file and a directory with the same path cannot both be written: the second write fails.
  const files: ProjectFiles = new Map([
    ["a", { path: "a", content: "file", ownership: Ownership.Generated }],
    ["a/b", { path: "a/b", content: "nested", ownership: Ownership.Generated }],
  ]);
  assert.throws(() => writePlan(planNewProject(root, files, options)));
  assert.equal(existsSync(root), false);
  assert.deepEqual(readdirSync(parent), []);
});

test("regeneration mirrors each render as the next base, drops a deleted file's base, and a no-op writes nothing", () => {
  const parent = mkdtempSync(join(tmpdir(), "write-"));
  const root = join(parent, "demo");
  const file = (path: string, content: string) => ({
    path,
    content,
    ownership: Ownership.Generated,
  });
  writePlan(
    planNewProject(
      root,
      new Map([
        ["a.ts", file("a.ts", "v1\n")],
        ["old.ts", file("old.ts", "o\n")],
      ]),
      options,
    ),
  );
  assert.equal(readFileSync(join(root, basePath("old.ts")), "utf8"), "o\n");
  const next = new Map([["a.ts", file("a.ts", "v2\n")]]);
  const summary = writePlan(planRegeneration(root, next, options));
  assert.deepEqual(summary, { written: ["a.ts"], deleted: ["old.ts"] });
  assert.equal(readFileSync(join(root, basePath("a.ts")), "utf8"), "v2\n");
  assert.equal(existsSync(join(root, basePath("old.ts"))), false);
  const again = planRegeneration(root, next, options);
  assert.equal(isNoOp(again), true);
  const lockBefore = statSync(join(root, LOCK_PATH)).mtimeMs;
  writePlan(again);
  assert.equal(statSync(join(root, LOCK_PATH)).mtimeMs, lockBefore);
});

test("a new project's root has the mode a mkdir would give it, not the staging folder's 0700", () => {
  const parent = mkdtempSync(join(tmpdir(), "write-"));
  const root = join(parent, "demo");
  const files: ProjectFiles = new Map([
    ["a.ts", { path: "a.ts", content: "export {};\n", ownership: Ownership.Generated }],
  ]);
  writePlan(planNewProject(root, files, options));
  const umask = process.umask();
  assert.equal((statSync(root).mode & 0o777).toString(8), (0o777 & ~umask).toString(8));
});
