// Running a generated project's own suite the way a user would: install from the registry,
// type-check strictly, run its tests on the real control plane, build. Shared by the end-to-end
// tests that generate projects from specs.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { installArguments, installSharingModules } from "../install-project.ts";

/**
 * The environment of a child that runs its own test suite. NODE_TEST_CONTEXT must go: node --test
 * sets it for the files it runs, and a nested `node --test` that inherits it reports to a parent
 * that is not listening, so its results would vanish and it would pass whatever happened.
 */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
  delete env.NODE_TEST_CONTEXT;
  return env;
}

/** Runs a command to completion at low priority; fails the test with its output's tail. */
export function run(command: string, args: string[], cwd: string): string {
  const started = Date.now();
  const result = spawnSync("nice", ["-n", "10", command, ...args], {
    cwd,
    encoding: "utf8",
    env: childEnv(),
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${result.stdout}\n${result.stderr}`;
  const line = `${command} ${args.join(" ")}`;
  assert.equal(result.status, 0, `${line} failed in ${cwd}:\n${output.slice(-8000)}`);
  process.stdout.write(`# ${line}: ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return output;
}

export interface SuiteOptions {
  /**
   * Also run the project's `npm run test:faults` (the long fault scenarios). The examples and the
   * regeneration scenarios do; sweeps over many specs run the everyday suite, since the fault
   * scenarios exercise the same runtime paths for every spec.
   */
  faults?: boolean;
  /** A check to make once the project is installed, before its tests run. */
  afterInstall?: () => void;
}

/** Installs, tests (npm test type-checks first) and builds a generated project; returns how many tests passed. */
export function passGeneratedSuite(
  target: string,
  minimumTests: number,
  options: SuiteOptions = {},
): number {
  return runGeneratedSuite(target, minimumTests, options).passed;
}

/** passGeneratedSuite, with the test run's output (to find a user's own tests in it). */
export function runGeneratedSuite(
  target: string,
  minimumTests: number,
  options: SuiteOptions = {},
): { passed: number; output: string } {
  installSharingModules(target, () => run("npm", installArguments(), target));
  options.afterInstall?.();
  const tests = run("npm", ["test"], target);
  assert.match(tests, /^# tsc --noEmit: no type errors/m, "npm test type-checks the project first");
  let passed = Number(/^ℹ pass (\d+)$/m.exec(tests)?.[1] ?? 0);
  assert.ok(passed >= minimumTests, `the generated suite should run its tests; ${passed} passed`);
  assert.match(tests, /^ℹ fail 0$/m);
  if (options.faults) {
    const faults = run("npm", ["run", "test:faults"], target);
    assert.match(faults, /^ℹ fail 0$/m);
    const faultsPassed = Number(/^ℹ pass (\d+)$/m.exec(faults)?.[1] ?? 0);
    assert.ok(faultsPassed > 0, "the fault scenarios ran");
    passed += faultsPassed;
  }
  run("npm", ["run", "build"], target);
  return { passed, output: tests };
}
