// Real filesystem failures, not mocks: a 64 KiB tmpfs fills up mid-write (ENOSPC), a read-only
// mount refuses the staging directory (EROFS). Either way the error names the path and the cause,
// and nothing is left behind: no staging directory, no half project, no temporary file.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { Ownership, type ProjectFiles } from "../base/files.ts";
import { planNewProject, planRegeneration } from "../plan/plan.ts";
import { writePlan } from "./write.ts";
import { WriteError } from "./write-error.ts";

const options = { generatorVersion: "0.0.0-test", specSource: "spec", force: false };
const mounts: string[] = [];
after(() => {
  for (const dir of mounts) execFileSync("umount", [dir]);
});

/** A fresh tmpfs of `size` (mounting needs root, which CI and the dev machines are). */
function tmpfs(mountOptions: string): string {
  assert.equal(process.getuid?.(), 0, "these tests mount a tmpfs and need root");
  const dir = mkdtempSync(join(tmpdir(), "write-fs-"));
  execFileSync("mount", ["-t", "tmpfs", "-o", mountOptions, "tmpfs", dir]);
  mounts.push(dir);
  return dir;
}

/** 40 files of 8 KiB: more than a 64 KiB tmpfs holds, so the write fails part-way. */
function bigProject(): ProjectFiles {
  const files: ProjectFiles = new Map();
  for (let i = 0; i < 40; i++) {
    const path = `src/part-${String(i).padStart(2, "0")}.ts`;
    files.set(path, { path, content: "x".repeat(8192), ownership: Ownership.Generated });
  }
  return files;
}

function writeError(run: () => unknown): WriteError {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof WriteError, `expected a WriteError, got ${String(error)}`);
    return error;
  }
  assert.fail("the write succeeded");
}

test("ENOSPC mid-write of a new project: named path and cause, staging directory removed", () => {
  const mount = tmpfs("size=64k");
  const root = join(mount, "nested", "demo");
  const error = writeError(() => writePlan(planNewProject(root, bigProject(), options)));
  assert.match(error.message, /no space left on device \(ENOSPC\)/);
  assert.ok(error.message.includes(join(root, "src/part-")), error.message);
  assert.deepEqual(readdirSync(mount), [], "no staging directory, no parent directories");
});

test("ENOSPC while writing into an existing empty directory leaves it empty", () => {
  const mount = tmpfs("size=64k");
  const root = join(mount, "demo");
  mkdirSync(root);
  const error = writeError(() => writePlan(planNewProject(root, bigProject(), options)));
  assert.match(error.message, /ENOSPC/);
  assert.deepEqual(readdirSync(root), []);
});

test("ENOSPC during regeneration keeps every existing file as it was", () => {
  const mount = tmpfs("size=64k");
  const root = join(mount, "demo");
  const small: ProjectFiles = new Map([
    ["src/a.ts", { path: "src/a.ts", content: "a\n", ownership: Ownership.Generated }],
  ]);
  writePlan(planNewProject(root, small, options));
  const before = readdirSync(join(root, "src"));
  const grown = bigProject();
  grown.set("src/a.ts", { path: "src/a.ts", content: "changed\n", ownership: Ownership.Generated });
  writeError(() => writePlan(planRegeneration(root, grown, options)));
  assert.deepEqual(readdirSync(join(root, "src")), before, "no new or temporary files");
  assert.deepEqual(readdirSync(root).sort(), [".create-operator", "src"]);
});

test("a read-only parent: the error names the directory and the cause", () => {
  const mount = tmpfs("ro,size=64k");
  const root = join(mount, "demo");
  const files: ProjectFiles = new Map([
    ["a.ts", { path: "a.ts", content: "a\n", ownership: Ownership.Generated }],
  ]);
  const error = writeError(() => writePlan(planNewProject(root, files, options)));
  assert.match(error.message, /read-only file system \(EROFS\)/);
  assert.ok(error.message.includes(mount), error.message);
  assert.deepEqual(readdirSync(mount), []);
});

test("a file in the way of a directory: WriteError, and nothing left behind", () => {
  const parent = mkdtempSync(join(tmpdir(), "write-"));
  const root = join(parent, "demo");
  mkdirSync(root);
  writeFileSync(join(parent, "keep"), "x");
  const files: ProjectFiles = new Map([
    ["a", { path: "a", content: "file", ownership: Ownership.Generated }],
    ["a/b", { path: "a/b", content: "nested", ownership: Ownership.Generated }],
  ]);
  const error = writeError(() => writePlan(planNewProject(root, files, options)));
  assert.ok(error.message.includes(join(root, "a")), error.message);
  assert.deepEqual(readdirSync(root), []);
});
