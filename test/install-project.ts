// How this repository's tests install a generated project. The project pins create-operator as an
// exact devDependency, and create-operator is not on the registry while it is developed here, so
// a plain `npm install` would fail with E404 (or, once published, fetch the released version
// rather than the one under test); the same holds for the libraries it pins (@create-operator/runtime
// and @create-operator/envtest). Everything else comes from the registry as it does for a user;
// the generator and the libraries come from tarballs of this repository (`npm pack`, as they would
// be published), installed with --no-save so the project's package.json stays exactly as generated.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT, tempDir } from "./support.ts";

/** The library packages a generated project depends on, as npm workspaces of this repository. */
export const LIBRARY_WORKSPACES = ["packages/runtime", "packages/envtest"];

let tarballs: string[] | undefined;

/**
 * This repository's packages packed as npm would publish them (dist/ must be built), once per
 * process: the generator and the libraries a generated project pins at the same version.
 */
export function packedTarballs(): string[] {
  if (tarballs !== undefined) return tarballs;
  assert.ok(existsSync(join(REPO_ROOT, "dist/cli/main.js")), "run npm run build first");
  const destination = tempDir("generator-tarball");
  const pack = (workspaces: string[]): string[] => {
    // --ignore-scripts: `prepare` would rebuild dist/, which the caller has just built.
    const packed = spawnSync(
      "npm",
      ["pack", "--ignore-scripts", "--json", "--pack-destination", destination, ...workspaces],
      { cwd: REPO_ROOT, encoding: "utf8" },
    );
    assert.equal(packed.status, 0, packed.stderr);
    return (JSON.parse(packed.stdout) as { filename: string }[]).map((p) =>
      join(destination, p.filename),
    );
  };
  tarballs = [...pack([]), ...pack(LIBRARY_WORKSPACES.flatMap((w) => ["--workspace", w]))];
  return tarballs;
}

/** The generator's tarball alone (see packedTarballs). */
export function generatorTarball(): string {
  return packedTarballs()[0]!;
}

/** `npm install` arguments for a generated project in this repository's tests. */
export function installArguments(): string[] {
  return [
    "install",
    "--no-audit",
    "--no-fund",
    "--prefer-offline",
    "--no-save",
    ...packedTarballs(),
  ];
}
