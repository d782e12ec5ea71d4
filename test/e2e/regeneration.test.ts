// The regeneration promise on a real control plane: a project that users have edited, whose spec
// then gains an external resource, a child and a condition, regenerates into a project that
// installs, type-checks and passes its whole generated suite, with every user edit kept and the
// hooks to fill in named. test/regeneration/scenarios.test.ts covers the whole matrix with unit
// tests; this runs the real-server suites for the changes that add generated machinery.

import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { spawnSync } from "node:child_process";
import { examplePath, REPO_ROOT, runCli, tempDir } from "../support.ts";
import { applyUserEdits, lostUserEdits } from "../regeneration/user-edits.ts";
import { changeSpec, SPEC_CHANGES } from "../regeneration/spec-changes.ts";
import { implementListByOwnerTag } from "../regeneration/provider-contract-growth.ts";
import { E2E_FULL } from "./ci-sample.ts";
import { passGeneratedSuite } from "./generated-suite.ts";

const change = (name: string) => {
  const found = SPEC_CHANGES.find((c) => c.name === name);
  if (!found) throw new Error(`no spec change named ${name}`);
  return found;
};

const CASES = [
  { example: "database", changes: ["add an external resource"] },
  { example: "web-app", changes: ["add a child", "add a condition", "add a phase"] },
];

for (const { example, changes } of CASES) {
  test(`${example}: edited, then ${changes.join(", ")}: regenerated project passes its suite`, () => {
    const dir = join(tempDir("e2e-regeneration"), example);
    const created = runCli(["new", dir, "--spec", examplePath(example)]);
    assert.equal(created.status, 0, created.stderr + created.stdout);
    applyUserEdits(dir);
    const specPath = join(dir, "operator.yaml");
    let spec = readFileSync(specPath, "utf8");
    for (const name of changes) {
      const next = changeSpec(spec, change(name));
      if (typeof next !== "string") throw new Error(`${name}: ${next.skipped}`);
      spec = next;
    }
    writeFileSync(specPath, spec);
    const result = runCli(["generate"], { cwd: dir });
    const output = result.stdout + result.stderr;
    assert.equal(result.status, 0, output);
    if (changes.includes("add an external resource"))
      assert.match(output, /implement .*BackupVault.* in src\/\S*backup-vault/i);
    assert.deepEqual(lostUserEdits(dir), []);
    // The fault scenarios are the examples' own (generated-projects.test.ts runs a sample of them
    // in CI); the full run repeats them on the regenerated projects.
    passGeneratedSuite(dir, 20, { faults: E2E_FULL });
  });
}

test("a 0.1.0 project (runtime copied in), edited, regenerated onto the libraries: passes its suite", () => {
  // test/regeneration-library-move.test.ts checks the move file by file; this runs the result.
  const parent = tempDir("e2e-library-move");
  const fixture = join(REPO_ROOT, "test/regeneration/fixtures/database-operator-0.1.0.tar.xz");
  const untar = spawnSync("tar", ["-xJf", fixture, "-C", parent], { encoding: "utf8" });
  assert.equal(untar.status, 0, untar.stderr);
  const dir = join(parent, "database-operator");
  applyUserEdits(dir);
  const result = runCli(["generate"], { cwd: dir });
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.deepEqual(lostUserEdits(dir), []);
  implementListByOwnerTag(dir); // the contract grew since 0.1.0; tsc and generate name the method
  passGeneratedSuite(dir, 20);
});
