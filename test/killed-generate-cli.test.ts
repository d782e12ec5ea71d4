// Issue 22, finding 6, through the CLI with a real SIGKILL: `generate` kills itself at write
// step k (CREATE_OPERATOR_WRITE_FAULT_AT, the write stage's fault hook). Until the next
// generate, check and diff refuse to judge a project between two states (exit 1, not a pass);
// the next generate settles the transaction first (rolls back or finishes it), then completes,
// and the result is what an uninterrupted run leaves, with no stray file.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { before, test } from "node:test";
import { examplePath, listTree, runCli, tempDir } from "./support.ts";

let pristine: string;
let expected: string[];

before(() => {
  pristine = join(tempDir("killed"), "db");
  assert.equal(runCli(["new", pristine, "--spec", examplePath("database")]).status, 0);
  const spec = join(pristine, "operator.yaml");
  writeFileSync(
    spec,
    readFileSync(spec, "utf8").replace("name: database-operator", "name: dbaas-operator"),
  );
  const whole = join(tempDir("killed"), "db");
  cpSync(pristine, whole, { recursive: true });
  assert.equal(runCli(["generate"], { cwd: whole }).status, 0);
  expected = listTree(whole);
});

// Step 3 is while staging (rolled back); 160 is among the renames after the commit (replayed):
// over 80 files change with the name (the Helm chart's among them), each staged then renamed.
for (const k of [3, 160])
  test(`generate SIGKILLed at write step ${k}: check fails closed, the next generate finishes`, () => {
    const root = join(tempDir("killed"), "db");
    cpSync(pristine, root, { recursive: true });
    const killed = runCli(["generate"], {
      cwd: root,
      env: { CREATE_OPERATOR_WRITE_FAULT_AT: String(k) },
    });
    assert.equal(killed.signal, "SIGKILL", killed.stdout + killed.stderr);
    const check = runCli(["check"], { cwd: root });
    assert.equal(check.status, 1, check.stdout + check.stderr);
    assert.match(check.stderr, /interrupted while writing/);
    const next = runCli(["generate"], { cwd: root });
    assert.equal(next.status, 0, next.stdout + next.stderr);
    assert.match(next.stderr, k === 3 ? /removed an interrupted run/ : /finished the interrupted/);
    assert.deepEqual(listTree(root), expected);
    assert.equal(runCli(["check"], { cwd: root }).status, 0);
  });

test("new SIGKILLed while writing: the next new into that folder removes the dead run's staging folder", () => {
  const parent = tempDir("killed-new");
  const target = join(parent, "db");
  const killed = runCli(["new", target, "--spec", examplePath("database")], {
    env: { CREATE_OPERATOR_WRITE_FAULT_AT: "5" },
  });
  assert.equal(killed.signal, "SIGKILL", killed.stdout + killed.stderr);
  const stale = readdirSync(parent);
  assert.equal(stale.length, 1, "the killed run left its staging folder");
  assert.match(stale[0]!, /^\.db\.create-operator-/);
  const next = runCli(["new", target, "--spec", examplePath("database")]);
  assert.equal(next.status, 0, next.stdout + next.stderr);
  assert.deepEqual(readdirSync(parent), ["db"], "only the project is left");
  assert.match(
    next.stderr + next.stdout,
    /removed .*\.db\.create-operator-.* left by an interrupted run/,
  );
});

test("an older create-operator killed while writing left <file>.<pid>.tmp files: the next generate removes them", () => {
  const root = join(tempDir("killed"), "db");
  cpSync(pristine, root, { recursive: true });
  const dead = spawnSync(process.execPath, ["-e", "0"]).pid!; // exited: its pid names no process
  const leftovers = [
    `src/main.ts.${dead}.tmp`,
    `.create-operator/lock.json.${dead}.tmp`,
    `.create-operator/base/src/main.ts.${dead}.tmp`,
  ];
  for (const path of leftovers) writeFileSync(join(root, path), "half-written");
  const mine = `src/main.ts.notes.tmp`; // not a name the old writer made: never touched
  writeFileSync(join(root, mine), "the user's");
  const next = runCli(["generate"], { cwd: root });
  assert.equal(next.status, 0, next.stdout + next.stderr);
  for (const path of leftovers) {
    assert.ok(!existsSync(join(root, path)), `${path} is removed`);
    assert.match(next.stderr + next.stdout, new RegExp(`removed ${path.replace(/[.]/g, "\\.")}`));
  }
  assert.ok(existsSync(join(root, mine)));
});
