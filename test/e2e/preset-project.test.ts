// End to end with a preset: the web-app example extending the sample preset (examples/presets/),
// the preset `npm pack`ed and installed into the project itself beside its dependencies, the
// project switched from the folder to the package with `upgrade`, and then checked, type-checked
// and run through its whole suite on a real control plane, the way a platform team's CI runs it.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { installArguments } from "../install-project.ts";
import { examplePath, REPO_ROOT, runCli, tempDir } from "../support.ts";

function run(command: string, args: string[], cwd: string): string {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
  delete env.NODE_TEST_CONTEXT;
  const started = Date.now();
  const result = spawnSync(command, args, { cwd, encoding: "utf8", env });
  const output = `${result.stdout}\n${result.stderr}`;
  assert.equal(
    result.status,
    0,
    `${command} ${args.join(" ")} failed in ${cwd}:\n${output.slice(-6000)}`,
  );
  process.stdout.write(
    `# ${command} ${args.join(" ")}: ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  return output;
}

test("web-app extending the sample preset, installed from npm: check, type-check and the whole suite pass", () => {
  const root = tempDir("e2e-preset");
  cpSync(join(REPO_ROOT, "examples/presets/acme-platform"), join(root, "presets/acme"), {
    recursive: true,
  });
  const target = join(root, "webapp-operator");
  const made = runCli([
    "new",
    target,
    "--spec",
    examplePath("web-app"),
    "--preset",
    join(root, "presets/acme"),
  ]);
  assert.equal(made.status, 0, made.stderr);
  const [{ filename }] = JSON.parse(
    run("npm", ["pack", "--json", "--pack-destination", root], join(root, "presets/acme")),
  ) as [{ filename: string }];
  // --no-save: the preset is installed beside the project, package.json stays as generated.
  run("npm", [...installArguments(), "--no-save", join(root, filename)], target);
  // From the folder to the installed package: only extends changes, and every file renders the same.
  const spec = join(target, "operator.yaml");
  writeFileSync(
    spec,
    readFileSync(spec, "utf8").replace(/^extends: .*$/m, 'extends: "@acme/operator-preset"'),
  );
  const range = runCli(["upgrade", "--preset-version", "^1.0.0", "--allow-dirty"], { cwd: target });
  assert.equal(range.status, 0, range.stdout + range.stderr);
  assert.match(readFileSync(spec, "utf8"), /^extends: "@acme\/operator-preset@\^1\.0\.0"$/m);
  assert.match(
    run("npx", ["--no", "create-operator", "check"], target),
    /matches operator\.yaml, preset acme-platform@1\.0\.0/,
  );
  run("npm", ["run", "typecheck"], target);
  const tests = run("npm", ["test"], target);
  const passed = Number(/^ℹ pass (\d+)$/m.exec(tests)?.[1] ?? 0);
  assert.ok(passed >= 20, `the generated suite should run its tests; ${passed} passed`);
  assert.match(tests, /^ℹ fail 0$/m);
  process.stdout.write(
    `# webapp-operator with the acme preset: ${passed} generated tests passed\n`,
  );
});
