// The generated envtest suites must catch a broken CRD with the API server's own words: a CEL
// rule that does not compile and a default of the wrong type are both rejected by the real
// kube-apiserver when the harness installs the CRD, and the failure output carries its message.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { before, test } from "node:test";
import { examplePath, runCli, tempDir } from "../support.ts";
import { installArguments, installSharingModules } from "../install-project.ts";

const CRD = "config/crd/bases/db.example.com_databases.yaml";
const INSTALL_TEST = "test/integration/install.test.ts";
let project: string;

function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
  delete env.NODE_TEST_CONTEXT; // see generated-projects.test.ts
  return env;
}

before(() => {
  project = join(tempDir("broken-crd"), "db");
  assert.equal(runCli(["new", project, "--spec", examplePath("database")]).status, 0);
  installSharingModules(project, () => {
    const install = spawnSync("npm", installArguments(), { cwd: project, encoding: "utf8" });
    assert.equal(install.status, 0, install.stderr);
  });
});

/** Runs the project's install test, which installs its CRDs into a real API server through the harness. */
function runHarnessTests(): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, ["--test", INSTALL_TEST], {
    cwd: project,
    encoding: "utf8",
    env: childEnv(),
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

function breakCrd(from: string, to: string): () => void {
  const path = join(project, CRD);
  const original = readFileSync(path, "utf8");
  assert.ok(original.includes(from), `the CRD contains ${JSON.stringify(from)}`);
  writeFileSync(path, original.replace(from, to));
  return () => writeFileSync(path, original);
}

test("the untouched CRD installs: the install test passes", () => {
  const { status, output } = runHarnessTests();
  assert.equal(status, 0, output.slice(-4000));
});

test("a CEL rule that does not compile fails with the API server's compilation error", () => {
  const restore = breakCrd("rule: self == oldSelf", "rule: self == oldSelf &&");
  try {
    const { status, output } = runHarnessTests();
    assert.notEqual(status, 0);
    assert.match(output, /compilation failed/, output.slice(-4000));
  } finally {
    restore();
  }
});

test("a default of the wrong type fails with the API server's type error", () => {
  const restore = breakCrd("default: postgres", "default: 5");
  try {
    const { status, output } = runHarnessTests();
    assert.notEqual(status, 0);
    assert.match(output, /must be of type string/, output.slice(-4000));
  } finally {
    restore();
  }
});
