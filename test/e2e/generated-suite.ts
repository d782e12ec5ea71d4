// Running a generated project's own suite the way a user would: install from the registry,
// type-check strictly, run its tests on the real control plane, build. Shared by the end-to-end
// tests that generate projects from specs.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { installArguments } from "../install-project.ts";

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

/** Installs, type-checks, tests and builds a generated project; returns how many tests passed. */
export function passGeneratedSuite(target: string, minimumTests: number): number {
  return runGeneratedSuite(target, minimumTests).passed;
}

/** passGeneratedSuite, with the test run's output (to find a user's own tests in it). */
export function runGeneratedSuite(
  target: string,
  minimumTests: number,
): { passed: number; output: string } {
  run("npm", installArguments(), target);
  run("npm", ["run", "typecheck"], target);
  const tests = run("npm", ["test"], target);
  const passed = Number(/^ℹ pass (\d+)$/m.exec(tests)?.[1] ?? 0);
  assert.ok(passed >= minimumTests, `the generated suite should run its tests; ${passed} passed`);
  assert.match(tests, /^ℹ fail 0$/m);
  run("npm", ["run", "build"], target);
  return { passed, output: tests };
}
