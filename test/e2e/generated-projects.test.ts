// End to end, the way a user meets the product: generate every example with the compiled CLI,
// install the project from the registry, type-check it strictly and run its own test suite.
// Runs under Node 24 (the repository's `node` devDependency is first on PATH in npm scripts).

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { test } from "node:test";
import { examplePath, exampleNames, runCli, tempDir } from "../support.ts";

function run(command: string, args: string[], cwd: string): void {
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  const output = `${result.stdout}\n${result.stderr}`;
  assert.equal(
    result.status,
    0,
    `${command} ${args.join(" ")} failed in ${cwd}:\n${output.slice(-6000)}`,
  );
  process.stdout.write(
    `# ${command} ${args.join(" ")}: ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
}

for (const name of exampleNames()) {
  test(`examples/${name}.yaml: generated project installs, type-checks and passes its tests`, () => {
    const target = join(tempDir("e2e"), name);
    const generated = runCli(["new", target, "--spec", examplePath(name)]);
    assert.equal(generated.status, 0, generated.stderr);
    run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], target);
    run("npm", ["run", "typecheck"], target);
    run("npm", ["test"], target);
    run("npm", ["run", "build"], target);
  });
}
