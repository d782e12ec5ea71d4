// A new project installs as its README says (`npm install`) while create-operator is not on the
// registry: every package.json pin of create-operator's packages names a tarball `new` wrote into
// vendor/, holding exactly that package at the generator's version, and the generator's own
// tarball carries the libraries' tarballs, so the project's pinned generator can vendor them on
// `generate` too. (The e2e tests install every generated project this way on the real registry.)

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { GENERATOR_VERSION } from "../generator/base/generator-version.ts";
import { LOCK_PATH } from "../generator/base/lock-file.ts";
import { examplePath, REPO_ROOT, tempDir } from "./support.ts";

const BIN = join(REPO_ROOT, "bin/create-operator.js");

function tarEntry(tarball: string, entry: string): string {
  const read = spawnSync("tar", ["-xzOf", tarball, entry], { encoding: "utf8" });
  assert.equal(read.status, 0, `${entry} in ${tarball}: ${read.stderr}`);
  return read.stdout;
}

function tarList(tarball: string): string[] {
  const list = spawnSync("tar", ["-tzf", tarball], { encoding: "utf8", maxBuffer: 1 << 26 });
  assert.equal(list.status, 0, list.stderr);
  return list.stdout.split("\n");
}

test("new vendors create-operator's packages and pins each one to its tarball", () => {
  const project = join(tempDir("vendored"), "db");
  const made = spawnSync(
    process.execPath,
    [BIN, "new", project, "--spec", examplePath("database")],
    {
      encoding: "utf8",
    },
  );
  assert.equal(made.status, 0, made.stderr);
  assert.match(made.stdout, /Next steps:\n {2}cd .*\n {2}npm install /);
  const manifest = JSON.parse(readFileSync(join(project, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const pins = { ...manifest.dependencies, ...manifest.devDependencies };
  const lock = JSON.parse(readFileSync(join(project, LOCK_PATH), "utf8")) as {
    files: Record<string, { artifact?: boolean }>;
  };
  for (const name of ["@create-operator/runtime", "@create-operator/envtest", "create-operator"]) {
    const pin = pins[name];
    assert.match(pin ?? "", /^file:vendor\/.+\.tgz$/, name);
    const path = pin!.slice("file:".length);
    assert.ok(existsSync(join(project, path)), `${path} exists`);
    assert.equal(lock.files[path]?.artifact, true, `${path} is an artifact in the lock`);
    const packed = JSON.parse(tarEntry(join(project, path), "package/package.json")) as {
      name: string;
      version: string;
    };
    assert.deepEqual([packed.name, packed.version], [name, GENERATOR_VERSION]);
  }
  const generator = join(project, pins["create-operator"]!.slice("file:".length));
  const entries = tarList(generator);
  for (const library of ["create-operator-runtime", "create-operator-envtest"])
    assert.ok(
      entries.includes(`package/dist/packed/${library}-${GENERATOR_VERSION}.tgz`),
      `the generator's tarball carries ${library}`,
    );
  assert.ok(
    !entries.some((e) => e.startsWith("package/dist/packed/create-operator-0")),
    "the generator's tarball does not try to hold itself",
  );
});
