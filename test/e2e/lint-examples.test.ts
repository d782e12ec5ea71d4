// Every example's generated project lints clean (`npm run lint`: typescript-eslint's recommended
// type-checked rules, eslint.config.js). Cheap by construction: one project is installed per set
// of pins the examples use, every example's golden project (the golden test holds it equal to the
// render) borrows the node_modules of its set, and one eslint process lints them all, finding each
// project's own eslint.config.js and tsconfig.json.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { examplePath, exampleNames, REPO_ROOT, runCli, tempDir } from "../support.ts";
import { installArguments, installSharingModules } from "../install-project.ts";
import { run } from "./generated-suite.ts";

const pinned = (dir: string): Record<string, string> => {
  const { dependencies, devDependencies } = JSON.parse(
    readFileSync(join(dir, "package.json"), "utf8"),
  );
  return { ...dependencies, ...devDependencies };
};

test("every example's generated project passes npm run lint", () => {
  const parent = tempDir("e2e-lint");
  try {
    // One installed project per set of pins: the examples that serve a conversion webhook also
    // pin fast-check (their round-trip test), the others do not.
    const installs = new Map<string, string>();
    const projects = exampleNames().map((name) => {
      const dir = join(parent, name);
      cpSync(join(REPO_ROOT, "test/golden", name), dir, { recursive: true });
      const pins = JSON.stringify(pinned(dir));
      let installed = installs.get(pins);
      if (installed === undefined) {
        installed = join(parent, `installed-${installs.size}`);
        const created = runCli(["new", installed, "--spec", examplePath(name)]);
        assert.equal(created.status, 0, created.stderr + created.stdout);
        installSharingModules(installed, () => run("npm", installArguments(), installed!));
        installs.set(pins, installed);
      }
      assert.deepEqual(pinned(dir), pinned(installed), `${name} pins what \`new\` does`);
      symlinkSync(join(installed, "node_modules"), join(dir, "node_modules"));
      return name;
    });
    const eslint = join([...installs.values()][0]!, "node_modules/.bin/eslint");
    const started = Date.now();
    const result = spawnSync("nice", ["-n", "10", eslint, ...projects], {
      cwd: parent,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    process.stdout.write(
      `# eslint on ${projects.length} projects: ${(Date.now() - started) / 1000} s\n`,
    );
    assert.equal(result.status, 0, `${result.stdout}${result.stderr}`.slice(-8000));
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
});
