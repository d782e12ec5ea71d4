// A generated Database project to run `generate` in, made once per test file with the compiled
// CLI and copied for each test, so every test starts from the same untouched project.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cpSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { examplePath, listTree, runCli, tempDir } from "./support.ts";

let original: string | undefined;

/** A fresh copy of a project generated from examples/database.yaml, in a new temp folder. */
export function databaseProject(): string {
  if (original === undefined) {
    original = join(tempDir("project-fixture"), "db");
    const result = runCli(["new", original, "--spec", examplePath("database")]);
    assert.equal(result.status, 0, result.stderr);
  }
  const copy = join(tempDir("project"), "db");
  cpSync(original, copy, { recursive: true });
  return copy;
}

/** Adds an optional field to the project's operator.yaml: a change every generated CRD follows. */
export function addSpecField(project: string, name = "maintenanceWindow"): void {
  const path = join(project, "operator.yaml");
  const spec = readFileSync(path, "utf8");
  const changed = spec.replace(
    "    size:\n",
    `    ${name}:\n      type: string\n      description: Weekly maintenance window.\n      maxLength: 32\n    size:\n`,
  );
  assert.notEqual(changed, spec, "the example spec has a size field to insert before");
  writeFileSync(path, changed);
}

export const CRD = "config/crd/bases/db.example.com_databases.yaml";

/** Every file's modification time, by path: a run that writes nothing leaves this unchanged. */
export function modificationTimes(dir: string): Record<string, number> {
  return Object.fromEntries(listTree(dir).map((p) => [p, statSync(join(dir, p)).mtimeMs]));
}

/** git in `dir` with a fixed identity, so commits work on a machine without git config. */
export function git(dir: string, ...args: string[]): string {
  return execFileSync(
    "git",
    ["-c", "user.name=Test", "-c", "user.email=test@example.com", ...args],
    { cwd: dir, encoding: "utf8" },
  );
}

/** Makes `dir` a git work tree with everything in it committed. */
export function commitAll(dir: string): void {
  git(dir, "init", "--quiet");
  git(dir, "add", "--all");
  git(dir, "commit", "--quiet", "--message", "generated");
}
