// How this repository's tests install a generated project. The project pins create-operator as an
// exact devDependency, and create-operator is not on the registry while it is developed here, so
// a plain `npm install` would fail with E404 (or, once published, fetch the released version
// rather than the one under test). Everything else comes from the registry as it does for a user;
// the generator comes from a tarball of this repository (`npm pack`, as it would be published),
// installed with --no-save so the project's package.json stays exactly as generated.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT, tempDir } from "./support.ts";

let tarball: string | undefined;

/** This repository packed as npm would publish it (dist/ must be built), once per process. */
export function generatorTarball(): string {
  if (tarball !== undefined) return tarball;
  assert.ok(existsSync(join(REPO_ROOT, "dist/cli/main.js")), "run npm run build first");
  const destination = tempDir("generator-tarball");
  // --ignore-scripts: `prepare` would rebuild dist/, which the caller has just built.
  const packed = spawnSync(
    "npm",
    ["pack", "--ignore-scripts", "--json", "--pack-destination", destination],
    { cwd: REPO_ROOT, encoding: "utf8" },
  );
  assert.equal(packed.status, 0, packed.stderr);
  const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
  tarball = join(destination, filename);
  return tarball;
}

/** `npm install` arguments for a generated project in this repository's tests. */
export function installArguments(): string[] {
  return [
    "install",
    "--no-audit",
    "--no-fund",
    "--prefer-offline",
    "--no-save",
    generatorTarball(),
  ];
}
