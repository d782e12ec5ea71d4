// The generator and the libraries its projects pin move in lockstep: one version for all three,
// and a generated project depends on exactly that version of each, so a project pinned to
// generator 0.2.0 never mixes with runtime 0.3.0. The libraries' `exports` make only their
// public entry points reachable.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { LIBRARY_WORKSPACES } from "./install-project.ts";
import { REPO_ROOT } from "./support.ts";

const manifest = (dir: string) =>
  JSON.parse(readFileSync(join(REPO_ROOT, dir, "package.json"), "utf8")) as {
    name: string;
    version: string;
    exports: Record<string, unknown>;
    files: string[];
  };

test("the generator and its libraries share one version, and the golden projects pin it exactly", () => {
  const { version } = manifest(".");
  const libraries = LIBRARY_WORKSPACES.map(manifest);
  assert.deepEqual(
    libraries.map((l) => l.version),
    libraries.map(() => version),
  );
  const golden = JSON.parse(
    readFileSync(join(REPO_ROOT, "test/golden/database/package.json"), "utf8"),
  ) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
  // While unpublished the pins are the vendored tarballs of exactly that version (vendored-install.test.ts).
  assert.equal(
    golden.dependencies["@create-operator/runtime"],
    `file:vendor/create-operator-runtime-${version}.tgz`,
  );
  assert.equal(
    golden.devDependencies["@create-operator/envtest"],
    `file:vendor/create-operator-envtest-${version}.tgz`,
  );
  assert.equal(
    golden.devDependencies["create-operator"],
    `file:vendor/create-operator-${version}.tgz`,
  );
});

test("each library exposes its declared entry points only, and ships only dist/", () => {
  for (const dir of LIBRARY_WORKSPACES) {
    const { name, exports, files } = manifest(dir);
    assert.deepEqual(files, ["dist/", "README.md"], name);
    for (const [entry, target] of Object.entries(exports)) {
      if (entry === "./package.json") continue;
      assert.match(
        JSON.stringify(target),
        /"types":"\.\/dist\/.+\.d\.ts","default":"\.\/dist\/.+\.js"/,
        `${name} ${entry}`,
      );
    }
  }
});

test("an internal module of a library cannot be imported; the public entries can", async () => {
  // Specifiers in variables: tsc refuses them too, and here it is Node's refusal that counts.
  for (const internal of [
    "@create-operator/runtime/dist/informer.js",
    "@create-operator/envtest/dist/launch.js",
  ])
    await assert.rejects(import(internal), { code: "ERR_PACKAGE_PATH_NOT_EXPORTED" }, internal);
  const runtime = await import("@create-operator/runtime");
  assert.equal(typeof runtime.Controller, "function");
  const testing = await import("@create-operator/runtime/testing");
  assert.equal(typeof testing.FakeResourceClient, "function");
});
