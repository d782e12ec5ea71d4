// Artifacts (the vendored package tarballs) through plan and write: bytes written as they are,
// their hash in the lock, never merged, never overwritten or deleted once changed by hand.

import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { Ownership, type Artifact, type ProjectFiles } from "../base/files.ts";
import { LOCK_PATH, basePath } from "../base/lock-file.ts";
import { writePlan } from "../write/write.ts";
import { isBlocked, isNoOp, planNewProject, planRegeneration } from "./plan.ts";

const rendered: ProjectFiles = new Map([
  ["package.json", { path: "package.json", content: "{}\n", ownership: Ownership.Merged }],
]);
// Bytes that are not valid UTF-8: a text path through the plan would change them.
const tarball = (seed: number): Uint8Array => Uint8Array.from([0x1f, 0x8b, 0xff, 0xfe, seed, 0x00]);
const artifact = (version: string, seed: number): Artifact => ({
  path: `vendor/pkg-${version}.tgz`,
  bytes: tarball(seed),
});
const options = (artifacts: Artifact[]) => ({
  generatorVersion: "0.0.0-test",
  specSource: "spec",
  artifacts,
});

function newProject(artifacts: Artifact[]): string {
  const root = join(mkdtempSync(join(tmpdir(), "artifact-")), "project");
  writePlan(planNewProject(root, rendered, { ...options(artifacts), force: false }));
  return root;
}

test("new writes an artifact's bytes exactly, records its hash in the lock and mirrors no base", () => {
  const root = newProject([artifact("1", 1)]);
  assert.deepEqual(new Uint8Array(readFileSync(join(root, "vendor/pkg-1.tgz"))), tarball(1));
  const lock = JSON.parse(readFileSync(join(root, LOCK_PATH), "utf8"));
  assert.equal(lock.files["vendor/pkg-1.tgz"].artifact, true);
  assert.match(lock.files["vendor/pkg-1.tgz"].sha256, /^[0-9a-f]{64}$/);
  assert.equal(existsSync(join(root, basePath("vendor/pkg-1.tgz"))), false);
});

test("regenerating with the same artifact changes nothing", () => {
  const root = newProject([artifact("1", 1)]);
  assert.ok(isNoOp(planRegeneration(root, rendered, options([artifact("1", 1)]))));
});

test("a new version's artifact replaces the old one, which is deleted while unchanged", () => {
  const root = newProject([artifact("1", 1)]);
  const plan = planRegeneration(root, rendered, options([artifact("2", 2)]));
  const actions = Object.fromEntries(plan.entries.map((e) => [e.path, e.action]));
  assert.equal(actions["vendor/pkg-2.tgz"], "create");
  assert.equal(actions["vendor/pkg-1.tgz"], "delete");
  writePlan(plan);
  assert.equal(existsSync(join(root, "vendor/pkg-1.tgz")), false);
  assert.deepEqual(new Uint8Array(readFileSync(join(root, "vendor/pkg-2.tgz"))), tarball(2));
});

test("same path, new bytes: an unchanged copy is updated in place", () => {
  const root = newProject([artifact("1", 1)]);
  const plan = planRegeneration(root, rendered, options([artifact("1", 9)]));
  assert.equal(plan.entries.find((e) => e.path === "vendor/pkg-1.tgz")?.action, "update");
  writePlan(plan);
  assert.deepEqual(new Uint8Array(readFileSync(join(root, "vendor/pkg-1.tgz"))), tarball(9));
});

test("a copy changed by hand blocks the run, naming it, until --force replaces it", () => {
  const root = newProject([artifact("1", 1)]);
  writeFileSync(join(root, "vendor/pkg-1.tgz"), "not what was written");
  const plan = planRegeneration(root, rendered, options([artifact("1", 9)]));
  assert.ok(isBlocked(plan));
  const entry = plan.entries.find((e) => e.path === "vendor/pkg-1.tgz")!;
  assert.match(entry.reason ?? "", /changed since create-operator wrote it.*--force/);
  const forced = planRegeneration(root, rendered, { ...options([artifact("1", 9)]), force: true });
  assert.ok(!isBlocked(forced));
  writePlan(forced);
  assert.deepEqual(new Uint8Array(readFileSync(join(root, "vendor/pkg-1.tgz"))), tarball(9));
});

test("an artifact no longer vendored is kept when it was changed by hand", () => {
  const root = newProject([artifact("1", 1)]);
  writeFileSync(join(root, "vendor/pkg-1.tgz"), "edited");
  const plan = planRegeneration(root, rendered, options([]));
  const entry = plan.entries.find((e) => e.path === "vendor/pkg-1.tgz")!;
  assert.equal(entry.action, "skip");
  writePlan(plan);
  assert.equal(readFileSync(join(root, "vendor/pkg-1.tgz"), "utf8"), "edited");
});

test("new refuses a file of the user's where an artifact goes", () => {
  const root = mkdtempSync(join(tmpdir(), "artifact-"));
  writeFileSync(join(root, "keep.txt"), "x");
  mkdirSync(join(root, "vendor"));
  writeFileSync(join(root, "vendor/pkg-1.tgz"), "mine");
  const plan = planNewProject(root, rendered, { ...options([artifact("1", 1)]), force: true });
  assert.ok(isBlocked(plan));
});
