// End to end, the way a user meets the product: generate every example with the compiled CLI,
// install the project from the registry, and run its own suite (npm test type-checks it strictly
// first) and its build. The fault scenarios (`npm run test:faults`, minutes each) run for a
// fixed-seed sample of the examples in CI and for all of them in `npm run test:e2e:full`.
// Runs under Node 24 (the repository's `node` devDependency is first on PATH in npm scripts).

import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { examplePath, exampleNames, runCli, tempDir, writeExampleUserCode } from "../support.ts";
import { ciSample, describeSample } from "./ci-sample.ts";
import { run, runGeneratedSuite } from "./generated-suite.ts";

const EXAMPLES = exampleNames();
const WITH_FAULTS = ciSample(EXAMPLES, 1);
process.stdout.write(describeSample("fault scenarios of the examples", EXAMPLES, WITH_FAULTS));

for (const name of EXAMPLES) {
  const faults = WITH_FAULTS.includes(name);
  const what = faults ? "its tests and fault scenarios" : "its tests";
  test(`examples/${name}.yaml: generated project installs, type-checks and passes ${what}`, () => {
    const target = join(tempDir("e2e"), name);
    const generated = runCli(["new", target, "--spec", examplePath(name)]);
    assert.equal(generated.status, 0, generated.stderr);
    writeExampleUserCode(name, target);
    const { passed } = runGeneratedSuite(target, 20, {
      faults,
      // The README's `npx create-operator generate` runs the pinned version the suite installed.
      afterInstall: () =>
        assert.match(run("npx", ["--no", "create-operator", "generate"], target), /nothing to do/i),
    });
    process.stdout.write(`# ${name}: ${passed} generated tests passed (${what})\n`);
  });
}
