// `generate` writes only where the user can inspect and undo it: inside a git work tree with
// uncommitted changes it refuses unless --allow-dirty; outside git it proceeds and says so.

import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import {
  addSpecField,
  commitAll,
  CRD,
  databaseProject,
  git,
  modificationTimes,
} from "./project-fixture.ts";
import { runCli, tempDir } from "./support.ts";

test("a dirty work tree is refused, naming the changed and untracked paths; nothing written", () => {
  const project = databaseProject();
  commitAll(project);
  addSpecField(project);
  writeFileSync(join(project, "README.md"), "my notes\n", { flag: "a" });
  writeFileSync(join(project, "notes.txt"), "scratch\n");
  const before = modificationTimes(project);
  const result = runCli(["generate"], { cwd: project });
  assert.equal(result.status, 1, result.stdout + result.stderr);
  assert.match(result.stderr, /uncommitted changes/);
  assert.match(result.stderr, /^ {2}README\.md$/m);
  assert.match(result.stderr, /^ {2}notes\.txt$/m);
  assert.match(result.stderr, /--allow-dirty/);
  assert.deepEqual(modificationTimes(project), before);
  assert.doesNotMatch(readFileSync(join(project, CRD), "utf8"), /maintenanceWindow:/);
});

test("the refusal names at most ten paths and counts the rest", () => {
  const project = databaseProject();
  commitAll(project);
  addSpecField(project);
  mkdirSync(join(project, "scratch"));
  for (let i = 0; i < 12; i++) writeFileSync(join(project, `scratch-${i}.txt`), `${i}\n`);
  const result = runCli(["generate"], { cwd: project });
  assert.equal(result.status, 1, result.stderr);
  assert.equal(result.stderr.match(/^ {2}scratch-\d+\.txt$/gm)?.length, 10, result.stderr);
  assert.match(result.stderr, /and 2 more/);
});

test("--allow-dirty proceeds in a dirty tree", () => {
  const project = databaseProject();
  commitAll(project);
  addSpecField(project);
  writeFileSync(join(project, "notes.txt"), "scratch\n");
  const result = runCli(["generate", "--allow-dirty"], { cwd: project });
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.match(readFileSync(join(project, CRD), "utf8"), /maintenanceWindow:/);
  assert.equal(readFileSync(join(project, "notes.txt"), "utf8"), "scratch\n");
});

test("--dry-run is never refused for a dirty tree", () => {
  const project = databaseProject();
  commitAll(project);
  addSpecField(project);
  writeFileSync(join(project, "notes.txt"), "scratch\n");
  const result = runCli(["generate", "--dry-run"], { cwd: project });
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.match(result.stdout, new RegExp(`update\\s+${CRD.replace(/\./g, "\\.")}`));
});

test("a clean tree proceeds; an edited operator.yaml alone is the input, not dirt", () => {
  const project = databaseProject();
  commitAll(project);
  addSpecField(project);
  const result = runCli(["generate"], { cwd: project });
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.match(readFileSync(join(project, CRD), "utf8"), /maintenanceWindow:/);
  assert.doesNotMatch(result.stderr, /without git/);
  // What generate changed is now in front of the user, for git diff or git checkout.
  assert.match(git(project, "status", "--porcelain"), new RegExp(CRD.replace(/\./g, "\\.")));
});

test("a project in a subfolder of a work tree is checked for its own paths only", () => {
  const repo = tempDir("monorepo");
  const project = databaseProject();
  const inside = join(repo, "operators");
  mkdirSync(inside);
  const created = runCli(["new", join(inside, "db"), "--spec", join(project, "operator.yaml")]);
  assert.equal(created.status, 0, created.stderr);
  commitAll(inside);
  // Dirt elsewhere in the work tree is not this project's business.
  writeFileSync(join(inside, "other.txt"), "not the project's\n");
  addSpecField(join(inside, "db"));
  writeFileSync(join(inside, "db", "notes.txt"), "scratch\n");
  const refused = runCli(["generate"], { cwd: join(inside, "db") });
  assert.equal(refused.status, 1, refused.stdout + refused.stderr);
  assert.match(refused.stderr, /^ {2}notes\.txt$/m);
  assert.doesNotMatch(refused.stderr, /other\.txt/);
});

test("outside git, generate proceeds and says that it cannot be undone easily", () => {
  const project = databaseProject();
  addSpecField(project);
  const result = runCli(["generate"], { cwd: project });
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.match(result.stderr, /not in a git work tree.*cannot be undone easily/);
});

test("without git installed, the project counts as outside git", () => {
  const project = databaseProject();
  commitAll(project);
  addSpecField(project);
  writeFileSync(join(project, "notes.txt"), "scratch\n");
  const result = runCli(["generate"], { cwd: project, env: { PATH: tempDir("no-git") } });
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.match(result.stderr, /git is not installed.*cannot be undone easily/);
});
