// Regeneration scenarios in copier's shape, for every example: generate, script the edits users
// make, change the spec, regenerate through the CLI, then assert that every user edit survived,
// that the compatibility check classed the change as it must, and that the project still
// type-checks and passes its unit tests. The real-server suites of a sample of these projects
// run in test/e2e/regeneration.test.ts.

import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { exampleNames, examplePath, runCli, tempDir, writeExampleUserCode } from "../support.ts";
import { applyUserEdits, lostUserEdits } from "./user-edits.ts";
import { runUnitTests, typecheckScenarioProjects, treeDigest } from "./projects.ts";
import { changeSpec, SPEC_CHANGES, type SpecChange } from "./spec-changes.ts";

interface Scenario {
  example: string;
  change: SpecChange;
  dir: string;
}

const root = tempDir("regeneration-scenarios");
const scenarios: Scenario[] = [];
const notApplicable: string[] = [];
for (const example of exampleNames())
  for (const change of SPEC_CHANGES) {
    const source = readFileSync(examplePath(example), "utf8");
    const changed = changeSpec(source, change);
    if (typeof changed === "object")
      notApplicable.push(`${example}: ${change.name}: ${changed.skipped}`);
    else scenarios.push({ example, change, dir: join(root, `${example}-${scenarios.length}`) });
  }

const regenerated: Scenario[] = [];

/** The compatibility report's summary line, which every `generate` with a recorded spec prints. */
function compatCounts(output: string): { breaking: number; risky: number; safe: number } {
  const found =
    /API compatibility with the previous spec: (\d+) breaking, (\d+) risky, (\d+) safe/.exec(
      output,
    );
  if (/API compatibility with the previous spec: no changes/.test(output))
    return { breaking: 0, risky: 0, safe: 0 };
  assert.ok(found, `no compatibility summary in:\n${output}`);
  return { breaking: Number(found[1]), risky: Number(found[2]), safe: Number(found[3]) };
}

describe("regeneration scenarios", () => {
  test("cover every example and at least 20 spec changes", () => {
    assert.ok(
      scenarios.length >= 20,
      `${scenarios.length} scenarios; skipped: ${notApplicable.join("; ")}`,
    );
    for (const example of exampleNames())
      assert.ok(
        scenarios.some((s) => s.example === example),
        `no scenario for ${example}`,
      );
  });

  for (const scenario of scenarios) {
    const { example, change, dir } = scenario;
    test(`${example}: user edits, then ${change.name} (${change.compat})`, () => {
      const created = runCli(["new", dir, "--spec", examplePath(example)]);
      assert.equal(created.status, 0, created.stderr + created.stdout);
      writeExampleUserCode(example, dir);
      applyUserEdits(dir);
      const specPath = join(dir, "operator.yaml");
      const changed = changeSpec(readFileSync(specPath, "utf8"), change);
      assert.equal(typeof changed, "string");
      writeFileSync(specPath, changed as string);

      if (change.compat === "breaking") {
        // Refused first, with nothing written: objects already stored would break.
        const before = treeDigest(dir);
        const refused = runCli(["generate"], { cwd: dir });
        assert.equal(refused.status, 1, refused.stdout + refused.stderr);
        assert.ok(compatCounts(refused.stdout + refused.stderr).breaking > 0, refused.stderr);
        assert.equal(treeDigest(dir), before, "a refused generate changed the project");
      }
      const args = change.compat === "breaking" ? ["generate", "--allow-breaking"] : ["generate"];
      const result = runCli(args, { cwd: dir });
      const output = result.stdout + result.stderr;
      assert.equal(result.status, 0, output);
      // What a user told "its template changed (merge template changes with --update-scaffold
      // <path>)" does: merge them in. The merge keeps every line of theirs (asserted below).
      const advised = [...output.matchAll(/--update-scaffold (\S+?)\)/g)].map((m) => m[1]!);
      if (advised.length > 0) {
        const update = [...args, ...advised.flatMap((path) => ["--update-scaffold", path])];
        const updated = runCli(update, { cwd: dir });
        assert.equal(updated.status, 0, updated.stdout + updated.stderr);
      }
      const counts = compatCounts(output);
      if (change.compat === "breaking") assert.ok(counts.breaking > 0, output);
      else assert.equal(counts.breaking, 0, output);
      if (change.compat === "risky") assert.ok(counts.risky > 0, output);
      assert.deepEqual(lostUserEdits(dir), []);
      // A second run right after has nothing left to do and touches nothing.
      const digest = treeDigest(dir);
      const again = runCli(["generate"], { cwd: dir });
      assert.equal(again.status, 0, again.stdout + again.stderr);
      assert.match(again.stdout, /nothing to do/i);
      assert.equal(treeDigest(dir), digest);
      regenerated.push(scenario);
    });
  }

  describe("every regenerated project", () => {
    let typeErrors = new Map<string, string[]>();
    before(() => {
      typeErrors = typecheckScenarioProjects(
        root,
        regenerated.map((s) => s.dir),
      );
    });
    for (const scenario of scenarios)
      test(`${scenario.example} after ${scenario.change.name}: type-checks and passes its unit tests`, (t) => {
        if (!regenerated.includes(scenario)) {
          assert.fail("the scenario did not regenerate (see its test above)");
        }
        assert.deepEqual(typeErrors.get(scenario.dir) ?? [], []);
        const unit = runUnitTests(scenario.dir);
        assert.equal(unit.status, 0, unit.output);
        t.diagnostic(unit.summary);
      });
  });

  after(() => {
    if (notApplicable.length > 0) console.log(`not applicable: ${notApplicable.join("; ")}`);
  });
});
