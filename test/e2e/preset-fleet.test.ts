// End to end, the fleet upgrade of issue 9: two operators made from one folder preset (the
// sample in examples/presets/), each with its team's own code and unit test, the preset changed
// (a label, a limit, a CI step, the license header, a new version), `generate` run in both, and
// then each project installed, type-checked and run through its whole generated suite on a real
// control plane, its team's test among them.

import assert from "node:assert/strict";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { addUserCode, changePreset, fleetSpec } from "../fleet-fixture.ts";
import { REPO_ROOT, runCli, tempDir } from "../support.ts";
import { run, runGeneratedSuite } from "./generated-suite.ts";

const NAMES = [
  ["shop-operator", "Shop"],
  ["cart-operator", "Cart"],
] as const;

test("two operators from one folder preset: a preset change, generate in both, each passes its whole suite", () => {
  const root = tempDir("e2e-fleet");
  cpSync(join(REPO_ROOT, "examples/presets/acme-platform"), join(root, "presets/acme"), {
    recursive: true,
  });
  mkdirSync(join(root, "specs"));
  const teams = NAMES.map(([name, kind]) => {
    writeFileSync(join(root, "specs", `${name}.yaml`), fleetSpec(name, kind));
    const made = runCli(
      ["new", name, "--spec", `specs/${name}.yaml`, "--preset", "./presets/acme"],
      { cwd: root },
    );
    assert.equal(made.status, 0, made.stderr);
    const dir = join(root, name);
    const code = addUserCode(dir, name);
    return { name, dir, code, hook: readFileSync(join(dir, code.hook), "utf8") };
  });

  changePreset(join(root, "presets/acme"));
  for (const { dir, code, hook } of teams) {
    const generated = runCli(["generate", "--allow-dirty"], { cwd: dir });
    assert.equal(generated.status, 0, generated.stdout + generated.stderr);
    assert.equal(readFileSync(join(dir, code.hook), "utf8"), hook, "the team's hook is untouched");
    const lock = JSON.parse(readFileSync(join(dir, ".create-operator/lock.json"), "utf8"));
    assert.equal(lock.preset.version, "1.1.0");
    assert.match(
      readFileSync(join(dir, "config/manager/manager.yaml"), "utf8"),
      /acme\.com\/tier: gold/,
    );
  }

  for (const { name, dir, code } of teams) {
    const { passed, output } = runGeneratedSuite(dir, 20);
    // The whole suite ran the team's own test too (npm test runs test/**/*.test.ts).
    for (const testName of code.testNames)
      assert.match(
        output,
        new RegExp(`^\\s*✔ ${testName.replace(/[.;]/g, "\\$&")}`, "m"),
        testName,
      );
    assert.match(
      run("npx", ["--no", "create-operator", "check"], dir),
      /matches operator\.yaml, preset acme-platform@1\.1\.0/,
    );
    process.stdout.write(`# ${name} after the preset change: ${passed} generated tests passed\n`);
  }
});
