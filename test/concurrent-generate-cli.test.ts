// Issue 22, finding 5: two `generate` runs at once in one project. Each round starts both on a
// project with a user's edit in README.md and a spec change that also changes README.md; the
// project lock lets one write while the other refuses naming the holder (or runs after it), and
// no round may leave a conflict marker a single run would not, a stray lock or temporary file,
// or a project the next run cannot finish.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { before, test } from "node:test";
import { acquireRunLock } from "../generator/write/run-lock.ts";
import { BIN, examplePath, listTree, runCli, tempDir } from "./support.ts";

const ROUNDS = 5;
const USER_LINE = "\nOur team's runbook: see the wiki.\n";
let pristine: string;

before(() => {
  pristine = join(tempDir("concurrent"), "db");
  assert.equal(runCli(["new", pristine, "--spec", examplePath("database")]).status, 0);
  const readme = join(pristine, "README.md");
  writeFileSync(readme, readFileSync(readme, "utf8") + USER_LINE);
  const spec = join(pristine, "operator.yaml");
  const text = readFileSync(spec, "utf8");
  const changed = text.replace(
    "Provisions managed cloud databases and publishes their endpoints.",
    "Provisions managed databases in any cloud and publishes endpoints.",
  );
  assert.notEqual(changed, text);
  writeFileSync(spec, changed);
});

function generate(root: string): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, "generate"], {
      cwd: root,
      env: { ...process.env, NO_COLOR: "1" },
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (status) => resolve({ status, output }));
  });
}

test(`two generate runs at once, ${ROUNDS} rounds: no spurious conflicts, the next run finishes`, async () => {
  const refused: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const root = join(tempDir("concurrent"), "db");
    cpSync(pristine, root, { recursive: true });
    const runs = await Promise.all([generate(root), generate(root)]);
    for (const run of runs) {
      assert.ok(run.status === 0 || run.status === 1, `round ${round}: ${run.output}`);
      if (run.status === 1) {
        assert.match(run.output, /is writing this project/, `round ${round}`);
        assert.match(run.output, /pid \d+/, `round ${round}`);
      }
    }
    refused.push(runs.filter((r) => r.status === 1).length);
    assert.ok(
      runs.some((r) => r.status === 0),
      `round ${round}: one run wrote`,
    );
    const files = listTree(root);
    for (const path of files) {
      assert.doesNotMatch(path, /\.tmp$|run\.lock/, `round ${round}: stray ${path}`);
      if (path.startsWith(".create-operator/")) continue;
      assert.doesNotMatch(
        readFileSync(join(root, path), "utf8"),
        /^<<<<<<< /m,
        `round ${round}: conflict markers in ${path}`,
      );
    }
    const readme = readFileSync(join(root, "README.md"), "utf8");
    assert.ok(readme.includes(USER_LINE), `round ${round}: the user's line survived`);
    assert.match(readme, /Provisions managed databases in any cloud/, `round ${round}`);
    const next = runCli(["generate"], { cwd: root });
    assert.equal(next.status, 0, `round ${round}: ${next.stdout}${next.stderr}`);
    assert.match(next.stdout, /Nothing to do/, `round ${round}`);
  }
  // For the record in the issue: how many rounds had one run refused (the other ran after).
  process.stdout.write(`# refused per round: ${refused.join(",")}\n`);
});

test("a run that finds another run writing reports that run, never the half-written state it would read", () => {
  const root = join(tempDir("concurrent"), "db");
  cpSync(pristine, root, { recursive: true });
  // The other run, mid-apply: it holds the run lock and has renamed one base mirror of several.
  const other = acquireRunLock(root, "generate");
  try {
    const mirror = join(root, ".create-operator/base/README.md");
    writeFileSync(mirror, readFileSync(mirror, "utf8") + "renamed by the other run\n");
    const run = runCli(["generate"], { cwd: root });
    assert.equal(run.status, 1, run.stdout + run.stderr);
    assert.match(run.stderr, /is writing this project/);
    assert.doesNotMatch(run.stderr, /does not match/);
  } finally {
    other.release();
  }
});
