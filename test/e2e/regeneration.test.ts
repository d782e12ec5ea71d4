// The regeneration promise on a real control plane: a project that users have edited, whose spec
// then gains an external resource, a child and a condition, regenerates into a project that
// installs, type-checks and passes its whole generated suite, with every user edit kept and the
// hooks to fill in named. test/regeneration/scenarios.test.ts covers the whole matrix with unit
// tests; this runs the real-server suites for the changes that add generated machinery.

import assert from "node:assert/strict";
import { readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { spawnSync } from "node:child_process";
import { LOCK_PATH } from "../../generator/base/lock-file.ts";
import { examplePath, REPO_ROOT, runCli, tempDir } from "../support.ts";
import { applyUserEdits, lostUserEdits } from "../regeneration/user-edits.ts";
import { changeSpec, SPEC_CHANGES } from "../regeneration/spec-changes.ts";
import { implementListByOwnerTag } from "../regeneration/provider-contract-growth.ts";
import {
  followHub,
  gainV1beta1,
  HOOK_PATH,
  writeBackupModeHook,
} from "../regeneration/new-version.ts";
import { E2E_FULL } from "./ci-sample.ts";
import { passGeneratedSuite, run } from "./generated-suite.ts";

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

test("database: edited, then gains v1beta1 (a field added, a rename with a type change through a hook): every user line kept, v1beta1 reported safe, tsc names the hook, and the suite passes with conversion and storage migration", () => {
  const dir = join(tempDir("e2e-regeneration-version"), "database");
  const created = runCli(["new", dir, "--spec", examplePath("database")]);
  assert.equal(created.status, 0, created.stderr + created.stdout);
  applyUserEdits(dir);
  const specPath = join(dir, "operator.yaml");
  writeFileSync(specPath, gainV1beta1(readFileSync(specPath, "utf8")));

  // The new version is safe and the storage move comes with its runbook. One finding breaks, and
  // only because of an API server rule: versions that list the same selectableFields over
  // different schemas are refused, so v1alpha1 loses its field selector (README, COMPAT033).
  const refused = runCli(["generate"], { cwd: dir });
  const report = refused.stdout + refused.stderr;
  assert.equal(refused.status, 1, report);
  assert.match(
    report,
    /safe COMPAT006 api\.versions\[1\] \[v1beta1\]: version v1beta1 added: served beside v1alpha1; the API server converts between them through the operator's conversion webhook/,
  );
  assert.match(
    report,
    /risky COMPAT018 api\.versions\[1\]\.storage \[v1beta1\]: the storage version moved from v1alpha1 to v1beta1/,
  );
  const breaking = [...report.matchAll(/ breaking (COMPAT\d+) (\S+) \[(\w+)\]/g)].map((m) =>
    m.slice(1).join(" "),
  );
  assert.deepEqual(breaking, ["COMPAT033 selectableFields[0] v1alpha1"], report);
  assert.match(report, /API compatibility with the previous spec: 1 breaking, 1 risky, 1 safe/);

  const generated = runCli(["generate", "--allow-breaking"], { cwd: dir });
  assert.equal(generated.status, 0, generated.stdout + generated.stderr);
  assert.match(generated.stdout, new RegExp(`create +${HOOK_PATH}`));
  assert.deepEqual(lostUserEdits(dir), []);

  const afterInstall = () => {
    // tsc names what the team must now write, and only files the team owns.
    const tsc = spawnSync("npx", ["tsc", "--noEmit", "-p", "."], { cwd: dir, encoding: "utf8" });
    assert.notEqual(tsc.status, 0, "the unwritten conversion hook must fail tsc");
    const errors = [...tsc.stdout.matchAll(/^(src\/\S+?\.ts)\(\d+,\d+\): error (TS\d+): (.*)$/gm)];
    const files = [...new Set(errors.map((e) => e[1]!))].sort();
    assert.ok(
      errors.some((e) => e[1] === HOOK_PATH && /Property 'v1alpha1' is missing/.test(e[3]!)),
      tsc.stdout,
    );
    const owned = JSON.parse(readFileSync(join(dir, LOCK_PATH), "utf8")) as {
      files: Record<string, { ownership: string }>;
    };
    for (const file of files)
      assert.equal(
        owned.files[file]?.ownership,
        "scaffold-once",
        `tsc names ${file}, a generated file:\n${tsc.stdout}`,
      );
    // What the team writes: the hook, and the hub's new import path where tsc asks for it.
    writeBackupModeHook(dir);
    followHub(
      dir,
      files.filter((f) => f !== HOOK_PATH),
    );
    process.stdout.write(`# tsc named ${files.join(", ")}\n`);
  };
  // The whole suite under E2E_FULL; in CI the files this change is about (the global setup
  // type-checks first, as in npm test): conversion in every version and the storage migration.
  if (E2E_FULL) passGeneratedSuite(dir, 100, { afterInstall });
  else {
    // The repository's node_modules holds the generated package.json's dependencies (checked by
    // test/property/typecheck.ts); linking it saves the install the full run makes.
    symlinkSync(join(REPO_ROOT, "node_modules"), join(dir, "node_modules"), "dir");
    afterInstall();
    const files = [
      "test/integration/conversion.test.ts",
      "test/integration/storage-migration.test.ts",
    ];
    const out = run(
      "node",
      ["--test", "--test-global-setup=test/global-setup.ts", "--test-isolation=none", ...files],
      dir,
    );
    assert.match(out, /^# tsc --noEmit: no type errors/m, "the global setup type-checks first");
    assert.match(out, /^ℹ fail 0$/m);
    assert.ok(Number(/^ℹ pass (\d+)$/m.exec(out)?.[1] ?? 0) >= 3, out);
  }
  assert.deepEqual(lostUserEdits(dir), []);
});
