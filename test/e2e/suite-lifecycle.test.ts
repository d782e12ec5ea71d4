// The generated suite's shape, end to end on a generated project: `npm test` type-checks before
// any test runs, starts one control plane for the whole run, and on every path out (all green, a failing test,
// a control plane that cannot start, an interrupt) leaves no etcd or kube-apiserver running and
// no run directory behind. Each run gets its own TMPDIR, so "left behind" is exact: any process
// whose arguments name that directory, any file in it.

import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { before, test } from "node:test";
import { installArguments, installSharingModules } from "../install-project.ts";
import { examplePath, runCli, tempDir } from "../support.ts";

const READY = /^# envtest: control plane ready in /gm;
let project: string;

before(() => {
  project = join(tempDir("suite-lifecycle"), "db");
  assert.equal(runCli(["new", project, "--spec", examplePath("database")]).status, 0);
  installSharingModules(project, () => {
    const install = spawnSync("npm", installArguments(), { cwd: project, encoding: "utf8" });
    assert.equal(install.status, 0, install.stderr);
  });
});

/** A fresh TMPDIR and the environment of a child suite in it (see generated-projects.test.ts). */
function isolatedEnv(): { env: NodeJS.ProcessEnv; tmp: string } {
  const tmp = tempDir("suite-run");
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1", TMPDIR: tmp };
  delete env.NODE_TEST_CONTEXT;
  delete env.ENVTEST_CONNECTION;
  return { env, tmp };
}

/** Processes whose command line names `tmp`, and whatever is still inside it. */
function leftovers(tmp: string): string[] {
  const ps = spawnSync("ps", ["-eo", "pid=,args="], { encoding: "utf8" }).stdout;
  const processes = ps.split("\n").filter((line) => line.includes(tmp) && !line.includes("ps -eo"));
  // npm keeps its own code cache in the temp directory (Node's default for enableCompileCache).
  const files = readdirSync(tmp).filter((name) => name !== "node-compile-cache");
  return [...processes, ...files.map((name) => join(tmp, name))];
}

/** `npm test` on chosen files: the same global setup (type-check and control plane), one process. */
function nodeTest(files: string[]): string[] {
  return [
    ...["--test", "--test-global-setup=test/global-setup.ts", "--test-isolation=none"],
    ...files,
  ];
}

function run(
  command: string,
  args: string[],
): { status: number | null; output: string; tmp: string } {
  const { env, tmp } = isolatedEnv();
  const result = spawnSync(command, args, { cwd: project, encoding: "utf8", env });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}`, tmp };
}

/** Writes a file into the project for one test and removes it after. */
function withFile(path: string, content: string, body: () => void | Promise<void>) {
  const full = join(project, path);
  mkdirSync(join(full, ".."), { recursive: true });
  writeFileSync(full, content);
  return Promise.resolve()
    .then(body)
    .finally(() => rmSync(full));
}

const CONNECTS = `import { test } from "node:test";
import { sharedControlPlane } from "@create-operator/envtest";
const plane = await sharedControlPlane();
`;

test("npm test: strict tsc, one control plane for every file, nothing left behind", () => {
  const { status, output, tmp } = run("npm", ["test"]);
  assert.equal(status, 0, output.slice(-6000));
  const typeChecked = output.indexOf("# tsc --noEmit: no type errors");
  assert.ok(typeChecked >= 0, "the run type-checks");
  assert.ok(typeChecked < output.indexOf("✔"), "before the first test");
  // One shared control plane for every file, plus one for each file that needs a cluster of its
  // own (the tenancy test: its admission policy binding applies to the whole cluster).
  const ownPlanes = filesStartingOwnPlane(join(project, "test"));
  assert.equal(
    output.match(READY)?.length,
    1 + ownPlanes,
    `1 shared control plane and ${ownPlanes} of a file's own:\n${output.slice(-6000)}`,
  );
  assert.match(output, /^ℹ fail 0$/m);
  assert.deepEqual(leftovers(tmp), []);
});

test("a type error fails npm test before any test runs, and stops the control plane", async () => {
  const broken = `const n: number = "not a number";\nexport { n };\n`;
  await withFile("test/lifecycle/type-error.test.ts", broken, () => {
    const { status, output, tmp } = run("npm", ["test"]);
    assert.notEqual(status, 0);
    assert.match(output, /tsc --noEmit found errors, so no test ran/);
    assert.match(output, /type-error\.test\.ts\(1,7\): error TS2322/);
    assert.doesNotMatch(output, /^ℹ tests /m);
    assert.deepEqual(leftovers(tmp), []);
  });
});

test("a failing test file: the run fails, teardown still stops everything", async () => {
  const failing = `${CONNECTS}test("fails on purpose", () => { throw new Error("red " + plane.server); });\n`;
  await withFile("test/lifecycle/failing.test.ts", failing, () => {
    const { status, output, tmp } = run(
      process.execPath,
      nodeTest(["test/lifecycle/failing.test.ts", "test/integration/install.test.ts"]),
    );
    assert.notEqual(status, 0);
    assert.match(
      output,
      /red https:\/\/127\.0\.0\.1:\d+/,
      "the failing file reached the shared plane",
    );
    assert.match(output, /^ℹ fail 1$/m);
    assert.deepEqual(leftovers(tmp), []);
  });
});

test("a control plane that cannot start: said plainly, no test runs, nothing left behind", () => {
  const crd = join(project, "config/crd/bases/db.example.com_databases.yaml");
  const original = readFileSync(crd, "utf8");
  writeFileSync(crd, original.replace("default: postgres", "default: 5"));
  try {
    const { status, output, tmp } = run(
      process.execPath,
      nodeTest(["test/integration/install.test.ts"]),
    );
    assert.notEqual(status, 0);
    assert.match(output, /control plane did not start, so no test ran/);
    assert.match(output, /must be of type string/, "with the API server's own message");
    assert.doesNotMatch(output, /^ℹ tests /m);
    assert.deepEqual(leftovers(tmp), []);
  } finally {
    writeFileSync(crd, original);
  }
});

test("an interrupted run (SIGINT while a test waits) leaves nothing behind", async () => {
  const marker = join(project, "test/lifecycle/started");
  const hanging = `${CONNECTS}import { writeFileSync } from "node:fs";
test("waits", () => new Promise(() => writeFileSync(${JSON.stringify(marker)}, plane.server)));
`;
  await withFile("test/lifecycle/hanging.test.ts", hanging, async () => {
    const { env, tmp } = isolatedEnv();
    const child = spawn(process.execPath, nodeTest(["test/lifecycle/hanging.test.ts"]), {
      cwd: project,
      env,
      stdio: "ignore",
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    const deadline = Date.now() + 60_000;
    while (!existsSync(marker)) {
      assert.ok(Date.now() < deadline, "the test never started");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    rmSync(marker);
    // The check below sees a running control plane: etcd and kube-apiserver name the run directory.
    const running = leftovers(tmp).filter((line) => /\b(etcd|kube-apiserver)\b/.test(line));
    assert.equal(
      running.length,
      2,
      `both processes are visible while the run is on:\n${running.join("\n")}`,
    );
    child.kill("SIGINT");
    await exited;
    assert.deepEqual(leftovers(tmp), []);
  });
});

/** Test files under `dir` that start a control plane of their own (ControlPlane.start()). */
function filesStartingOwnPlane(dir: string): number {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith(".test.ts"))
    .filter((path) => readFileSync(join(dir, path), "utf8").includes("ControlPlane.start(")).length;
}
