import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { Ownership, type GeneratedFile, type ProjectFiles } from "../base/files.ts";
import { basePath, LOCK_PATH, serializeLock, sha256 } from "../base/lock-file.ts";
import { UnsafePathError } from "../base/safe-path.ts";
import { readRecordedBase } from "../base/base-mirror.ts";
import { ProjectStateError } from "../base/project-state.ts";
import { isNoOp, planNewProject, planRegeneration, PlanRefusedError } from "./plan.ts";

const options = { generatorVersion: "0.0.0-test", specSource: "spec" };

function files(...list: GeneratedFile[]): ProjectFiles {
  return new Map(list.map((f) => [f.path, f]));
}
const generated = (path: string, content: string): GeneratedFile => ({
  path,
  content,
  ownership: Ownership.Generated,
});
const scaffold = (path: string, content: string): GeneratedFile => ({
  path,
  content,
  ownership: Ownership.ScaffoldOnce,
});

function project(onDisk: Record<string, string>, locked: Record<string, GeneratedFile>): string {
  const root = mkdtempSync(join(tmpdir(), "plan-"));
  for (const [path, content] of Object.entries(onDisk)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  const lockFiles = Object.fromEntries(
    Object.values(locked).map((f) => [
      f.path,
      { ownership: f.ownership, sha256: sha256(f.content) },
    ]),
  );
  mkdirSync(join(root, ".create-operator"), { recursive: true });
  writeFileSync(
    join(root, LOCK_PATH),
    serializeLock({
      format: 1,
      generator: { name: "create-operator", version: "0" },
      specSha256: "x",
      files: lockFiles,
    }),
  );
  return root;
}

test("a new project in a missing directory creates every file, sorted by path", () => {
  const root = join(mkdtempSync(join(tmpdir(), "plan-")), "fresh");
  const plan = planNewProject(root, files(generated("b.ts", "b"), generated("a.ts", "a")), {
    ...options,
    force: false,
  });
  assert.equal(plan.freshDirectory, true);
  assert.deepEqual(
    plan.entries.map((e) => `${e.action} ${e.path}`),
    ["create a.ts", "create b.ts"],
  );
  assert.equal(plan.lock.files["a.ts"]?.sha256, sha256("a"));
});

test("a non-empty directory is refused without --force", () => {
  const root = mkdtempSync(join(tmpdir(), "plan-"));
  writeFileSync(join(root, "notes.txt"), "mine");
  assert.throws(
    () => planNewProject(root, files(generated("a.ts", "a")), { ...options, force: false }),
    PlanRefusedError,
  );
});

test("with --force, a user's file in the way is a conflict, never overwritten", () => {
  const root = mkdtempSync(join(tmpdir(), "plan-"));
  writeFileSync(join(root, "README.md"), "mine");
  const plan = planNewProject(
    root,
    files(generated("README.md", "theirs"), generated("a.ts", "a")),
    { ...options, force: true },
  );
  assert.deepEqual(
    plan.entries.map((e) => e.action),
    ["conflict", "create"],
  );
});

test("regeneration updates unedited generated files and keeps hand edits as conflicts", () => {
  const old = generated("gen.ts", "v1");
  const edited = generated("edited.ts", "v1");
  const root = project({ "gen.ts": "v1", "edited.ts": "v1 + my edit" }, { old, edited });
  const plan = planRegeneration(
    root,
    files(generated("gen.ts", "v2"), generated("edited.ts", "v2")),
    options,
  );
  const byPath = Object.fromEntries(plan.entries.map((e) => [e.path, e.action]));
  assert.deepEqual(byPath, { "edited.ts": "conflict", "gen.ts": "update" });
});

test("scaffold-once files are never touched again", () => {
  const root = project(
    { "src/reconciler.ts": "user logic" },
    { a: scaffold("src/reconciler.ts", "skeleton") },
  );
  const plan = planRegeneration(
    root,
    files(scaffold("src/reconciler.ts", "new skeleton")),
    options,
  );
  assert.equal(plan.entries[0]?.action, "skip");
});

test("orphans are deleted only when unedited", () => {
  const root = project(
    { "old.ts": "v1", "old-edited.ts": "changed" },
    { a: generated("old.ts", "v1"), b: generated("old-edited.ts", "v1") },
  );
  const plan = planRegeneration(root, files(), options);
  const byPath = Object.fromEntries(plan.entries.map((e) => [e.path, e.action]));
  assert.deepEqual(byPath, { "old-edited.ts": "skip", "old.ts": "delete" });
});

test("a tampered lock file cannot make the generator delete outside the project", () => {
  const root = project({}, { a: generated("../escape.ts", "x") });
  assert.throws(
    () => planRegeneration(root, files(), options),
    (error: Error) =>
      error instanceof ProjectStateError && error.message.includes('files["../escape.ts"]'),
  );
});

test("a symlinked directory that leads outside the project is refused", () => {
  const outside = mkdtempSync(join(tmpdir(), "outside-"));
  const root = project({}, {});
  symlinkSync(outside, join(root, "config"));
  assert.throws(
    () => planRegeneration(root, files(generated("config/x.yaml", "x")), options),
    UnsafePathError,
  );
});

test("a directory without a lock file is not regenerated", () => {
  const root = mkdtempSync(join(tmpdir(), "plan-"));
  assert.throws(() => planRegeneration(root, files(), options), ProjectStateError);
});

/** A format 2 project: files on disk, the lock, and the base mirror of each locked file. */
function projectWithBases(
  onDisk: Record<string, string>,
  bases: Record<string, GeneratedFile>,
): string {
  const root = project(onDisk, bases);
  for (const file of Object.values(bases)) {
    mkdirSync(join(root, basePath(file.path), ".."), { recursive: true });
    writeFileSync(join(root, basePath(file.path)), file.content);
  }
  return root;
}

test("a hand-edited generated file is merged three-way against the mirrored base", () => {
  const root = projectWithBases(
    { "gen.ts": "a\nmine\nc\nd\n" },
    { g: generated("gen.ts", "a\nb\nc\nd\n") },
  );
  const plan = planRegeneration(root, files(generated("gen.ts", "a\nb\nc\nD\n")), options);
  assert.equal(plan.entries[0]?.action, "merge");
  assert.equal(plan.entries[0]?.content, "a\nmine\nc\nD\n");
  assert.deepEqual(plan.baseWrites, [{ path: "gen.ts", content: "a\nb\nc\nD\n" }]);
  assert.equal(plan.lock.files["gen.ts"]?.sha256, sha256("a\nb\nc\nD\n"));
});

test("a mirror whose hash is not the locked one is not trusted as a base", () => {
  const root = projectWithBases(
    { "gen.ts": "a\nmine\nc\nd\n" },
    { g: generated("gen.ts", "a\nb\nc\nd\n") },
  );
  writeFileSync(join(root, basePath("gen.ts")), "a\nmine\nc\nd\n"); // tampered: would hide the edit
  const plan = planRegeneration(root, files(generated("gen.ts", "a\nb\nc\nD\n")), options);
  assert.equal(plan.entries[0]?.action, "conflict");
  assert.match(plan.entries[0]?.reason ?? "", /no merge base is recorded/);
});

test("a plan that matches disk, mirror and lock changes nothing", () => {
  const file = generated("gen.ts", "v1\n");
  const root = projectWithBases({ "gen.ts": "v1\n" }, { file });
  const once = planRegeneration(root, files(file), options);
  writeFileSync(join(root, LOCK_PATH), once.lockText!);
  const twice = planRegeneration(root, files(file), options);
  assert.equal(isNoOp(twice), true);
  assert.equal(twice.lockText, undefined);
});

test("--keep takes the user's version and records kept: true with the render's hash", () => {
  const root = projectWithBases({ "README.md": "mine\n" }, { r: generated("README.md", "v1\n") });
  const plan = planRegeneration(root, files(generated("README.md", "v2\n")), {
    ...options,
    keep: ["README.md"],
  });
  assert.equal(plan.entries[0]?.action, "skip");
  assert.deepEqual(plan.lock.files["README.md"], {
    ownership: "generated",
    sha256: sha256("v2\n"),
    kept: true,
  });
});

test("--keep and --update-scaffold must name a rendered file", () => {
  const root = projectWithBases({}, {});
  assert.throws(
    () => planRegeneration(root, files(), { ...options, keep: ["READMEE.md"] }),
    /--keep READMEE\.md: the generator renders no such file/,
  );
});

test("a lock entry under a symlinked folder that leads outside is refused before anything is deleted", () => {
  const outside = mkdtempSync(join(tmpdir(), "outside-"));
  writeFileSync(join(outside, "victim.txt"), "x");
  const root = project({}, { v: generated("vendor/victim.txt", "x") });
  symlinkSync(outside, join(root, "vendor"));
  assert.throws(
    () => planRegeneration(root, files(), options),
    (error: Error) =>
      error instanceof ProjectStateError &&
      error.message.includes('refusing path "vendor/victim.txt"'),
  );
});

test("a lock entry that names a folder is refused", () => {
  const root = project({}, { v: generated("src", "x") });
  mkdirSync(join(root, "src"));
  assert.throws(() => planRegeneration(root, files(), options), /lists src, which is a folder/);
});

test("readRecordedBase returns a mirror only when the lock vouches for it", () => {
  const spec = scaffold("operator.yaml", "kind: OperatorSpec\n");
  const root = projectWithBases({ "operator.yaml": "edited\n" }, { spec });
  assert.equal(readRecordedBase(root, "operator.yaml"), "kind: OperatorSpec\n");
  writeFileSync(join(root, basePath("operator.yaml")), "tampered\n");
  assert.equal(readRecordedBase(root, "operator.yaml"), undefined);
  assert.equal(readRecordedBase(root, "README.md"), undefined);
});

test("a preset's file never replaces a file the generator does not own, not even with --force", () => {
  const preset = (path: string, content: string): GeneratedFile => ({
    ...generated(path, content),
    origin: "preset",
  });
  // The user's own CI file (not in the lock) and a scaffold-once file recorded as the user's.
  const root = project(
    { ".github/workflows/ci.yaml": "mine", CODEOWNERS: "* @me" },
    { CODEOWNERS: scaffold("CODEOWNERS", "* @me") },
  );
  for (const force of [false, true]) {
    const plan = planRegeneration(
      root,
      files(preset(".github/workflows/ci.yaml", "preset's"), preset("CODEOWNERS", "* @acme")),
      { ...options, force, keep: [], updateScaffold: [], replace: [] },
    );
    for (const entry of plan.entries) {
      assert.equal(entry.action, "conflict", `${entry.path} (force: ${force})`);
      assert.equal(entry.blocking, true, entry.path);
      assert.match(entry.reason ?? "", /not the generator's: a preset may not replace it/);
    }
  }
  // A preset file the generator wrote last time is the generator's: updated as usual.
  const ours = project({ CODEOWNERS: "old" }, { CODEOWNERS: generated("CODEOWNERS", "old") });
  const plan = planRegeneration(ours, files(preset("CODEOWNERS", "new")), {
    ...options,
    force: false,
    keep: [],
    updateScaffold: [],
    replace: [],
  });
  assert.equal(plan.entries.find((f) => f.path === "CODEOWNERS")?.action, "update");
});
