// End to end, the way a user meets the product: generate every example with the compiled CLI,
// install the project from the registry, type-check it strictly and run its own test suite.
// Runs under Node 24 (the repository's `node` devDependency is first on PATH in npm scripts).

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { test } from "node:test";
import { installArguments } from "../install-project.ts";
import { examplePath, exampleNames, runCli, tempDir } from "../support.ts";

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

function run(command: string, args: string[], cwd: string): string {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd, encoding: "utf8", env: childEnv() });
  const output = `${result.stdout}\n${result.stderr}`;
  const line = `${command} ${args.join(" ")}`;
  assert.equal(result.status, 0, `${line} failed in ${cwd}:\n${output.slice(-6000)}`);
  process.stdout.write(`# ${line}: ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return output;
}

for (const name of exampleNames()) {
  test(`examples/${name}.yaml: generated project installs, type-checks and passes its tests`, () => {
    const target = join(tempDir("e2e"), name);
    const generated = runCli(["new", target, "--spec", examplePath(name)]);
    assert.equal(generated.status, 0, generated.stderr);
    run("npm", installArguments(), target);
    // The README's `npx create-operator generate` runs the pinned version installed above.
    assert.match(run("npx", ["--no", "create-operator", "generate"], target), /nothing to do/i);
    run("npm", ["run", "typecheck"], target);
    const tests = run("npm", ["test"], target);
    const passed = Number(/^ℹ pass (\d+)$/m.exec(tests)?.[1] ?? 0);
    assert.ok(
      passed >= 20,
      `the generated suite should run its tests; ${passed} passed:\n${tests}`,
    );
    assert.match(tests, /^ℹ fail 0$/m);
    const faults = run("npm", ["run", "test:faults"], target);
    assert.match(faults, /^ℹ fail 0$/m);
    const faultsPassed = Number(/^ℹ pass (\d+)$/m.exec(faults)?.[1] ?? 0);
    assert.ok(faultsPassed > 0, `the fault scenarios should run:\n${faults}`);
    process.stdout.write(
      `# ${name}: ${passed} generated tests and ${faultsPassed} fault tests passed\n`,
    );
    run("npm", ["run", "build"], target);
  });
}
