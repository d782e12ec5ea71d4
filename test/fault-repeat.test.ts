// `npm run test:faults:repeat` (scripts/fault-repeat.ts) and the generated projects'
// `npm run test:faults` it runs: the script's flags stay those of the project's `npm test`, every
// file it names exists in every example's project, and a run's spec-reporter output is read
// right (counts, failing tests with their errors). The repeat itself takes minutes and is run by
// hand.

import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { readOptions } from "../scripts/fault-repeat/options.ts";
import { parseSpecOutput, runPassed } from "../scripts/fault-repeat/spec-output.ts";
import { exampleNames, REPO_ROOT } from "./support.ts";

/** The leading options of a `node --test ...` script, and the file patterns after them. */
function splitScript(script: string): { flags: string[]; patterns: string[] } {
  const words = script.split(" ").map((w) => w.replace(/^"(.*)"$/, "$1"));
  const firstPattern = words.findIndex((w, i) => i > 0 && !w.startsWith("-"));
  return { flags: words.slice(0, firstPattern), patterns: words.slice(firstPattern) };
}

/** Files of `project` a pattern names: a path, or a directory's `*.test.ts`. */
function matches(project: string, pattern: string): string[] {
  if (!pattern.includes("*")) return existsSync(join(project, pattern)) ? [pattern] : [];
  const match = /^(.+)\/\*\.test\.ts$/.exec(pattern);
  assert.ok(match, `unexpected pattern ${pattern}`);
  const dir = join(project, match[1]!);
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(".test.ts"))
        .map((f) => `${match[1]}/${f}`)
    : [];
}

for (const example of exampleNames())
  test(`${example}: test:faults has npm test's flags and names fault files that exist`, () => {
    const project = join(REPO_ROOT, "test/golden", example);
    const { scripts } = JSON.parse(readFileSync(join(project, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    const all = splitScript(scripts.test!);
    const faults = splitScript(scripts["test:faults"]!);
    assert.deepEqual(faults.flags, all.flags, "the same setup and flags as npm test");
    assert.deepEqual(all.patterns, [
      "test/*.test.ts",
      "test/contract/*.test.ts",
      "test/integration/*.test.ts",
    ]);
    const files = faults.patterns.flatMap((p) => {
      const found = matches(project, p);
      assert.ok(found.length > 0, `${p} names no file in the ${example} project`);
      return found;
    });
    for (const file of [
      "test/faults/informer-faults.test.ts",
      "test/faults/leader-failover.test.ts",
      "test/faults/shutdown.test.ts",
      "test/faults/reconcile-faults.test.ts",
      "test/faults/reconcile-budget.test.ts",
    ])
      assert.ok(files.includes(file), `${file} is left out`);
    for (const file of files) assert.match(file, /^test\/(faults|integration)\//);
    assert.ok(!files.some((f) => f.startsWith("test/runtime/")), "unit tests are not faults");
  });

const FAILED_RUN = `▶ informer faults
✔ LISTs failing with 500 (2001.5ms)
✖ watch streams cut over and over: renewed with backoff (no hot loop) (5100.2ms)
✔ a stale cache (40ms)
ℹ tests 4
ℹ suites 0
ℹ pass 2
ℹ fail 1
ℹ cancelled 1
ℹ skipped 0
ℹ todo 0
ℹ duration_ms 61234.567

✖ failing tests:

test at test/faults/informer-faults.test.ts:136:1
✖ watch streams cut over and over: renewed with backoff (no hot loop) (5100.2ms)
  AssertionError [ERR_ASSERTION]: 14 watches in 3 s
  + actual - expected

  + 14
  - 10
      at TestContext.<anonymous> (file:///p/test/faults/informer-faults.test.ts:150:12)
      at async Test.run (node:internal/test_runner/test:1054:7)

test at test/integration/reconcile-faults.test.ts:159:1
✖ 429 with Retry-After (300001ms)
  'test timed out after 300000ms'
`;

test("a failed run's output: counts, and each failing test with its location and error", () => {
  const summary = parseSpecOutput(FAILED_RUN);
  assert.deepEqual(
    { ...summary, failures: undefined },
    {
      tests: 4,
      pass: 2,
      fail: 1,
      cancelled: 1,
      skipped: 0,
      todo: 0,
      durationMs: 61235,
      failures: undefined,
    },
  );
  assert.deepEqual(summary.failures, [
    {
      name: "watch streams cut over and over: renewed with backoff (no hot loop)",
      location: "test/faults/informer-faults.test.ts:136:1",
      error: "AssertionError [ERR_ASSERTION]: 14 watches in 3 s\n+ actual - expected\n+ 14\n- 10",
    },
    {
      name: "429 with Retry-After",
      location: "test/integration/reconcile-faults.test.ts:159:1",
      error: "'test timed out after 300000ms'",
    },
  ]);
  assert.equal(runPassed(1, summary), false);
});

test("a run passes only with exit 0, tests run, and none failed or cancelled", () => {
  const passing = parseSpecOutput("ℹ tests 3\nℹ pass 3\nℹ fail 0\nℹ cancelled 0\n");
  assert.deepEqual(passing.failures, []);
  assert.equal(runPassed(0, passing), true);
  assert.equal(runPassed(1, passing), false, "a failed global setup exits 1 with no test failed");
  assert.equal(runPassed(0, parseSpecOutput("")), false, "no test ran");
  assert.equal(runPassed(0, { ...passing, cancelled: 1 }), false);
  assert.equal(runPassed(null, passing), false, "killed by a signal");
});

test("options: 5 runs of the Database example by default; other examples by name or all", () => {
  const examples = ["database", "dns-zone", "web-app"];
  assert.deepEqual(readOptions(examples, {}), { runs: 5, examples: ["database"], keep: false });
  assert.equal(readOptions(examples, { FAULT_RUNS: "2" }).runs, 2);
  assert.deepEqual(readOptions(examples, { FAULT_EXAMPLES: "all" }).examples, examples);
  assert.deepEqual(readOptions(examples, { FAULT_EXAMPLES: "web-app, database" }).examples, [
    "web-app",
    "database",
  ]);
  assert.equal(readOptions(examples, { FAULT_KEEP: "1" }).keep, true);
  assert.throws(() => readOptions(examples, { FAULT_RUNS: "0" }), /FAULT_RUNS must be a positive/);
  assert.throws(() => readOptions(examples, { FAULT_RUNS: "1.5" }), /FAULT_RUNS/);
  assert.throws(() => readOptions(examples, { FAULT_EXAMPLES: "db" }), /"db" is not an example/);
});
