// The CLI as users run it: the compiled bin in a child process, real files in temp directories.

import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { examplePath, exampleNames, listTree, REPO_ROOT, runCli, tempDir } from "./support.ts";
import { LOCK_PATH } from "../generator/base/lock-file.ts";

/** Ten different mistakes, one per line that matters; positions are asserted below. */
const TEN_MISTAKES = `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata:
  name: Bad_Name
api:
  group: example
  kind: database
  scope: Regional
  versions:
    - name: version1
spec:
  fields:
    size:
      type: string
      enum: [small, large]
      default: huge
    count:
      type: integer
      minimum: 5
      maximum: 1
    tags:
      type: string
      pattern: "[a-"
status:
  phases:
    - name: Pending
      initial: true
      next: [Runing]
operator:
  concurency: 3
`;

test("ten mistakes are all reported with line:col, and nothing is written", () => {
  const dir = tempDir("cli");
  const spec = join(dir, "operator.yaml");
  writeFileSync(spec, TEN_MISTAKES);
  const target = join(dir, "out");
  const result = runCli(["new", target, "--spec", spec]);
  assert.equal(result.status, 1, result.stderr);
  assert.equal(existsSync(target), false);
  const errors = result.stderr.split("\n").filter((line) => / error [A-Z]+\d+ /.test(line));
  const at = errors.map((line) => line.slice(spec.length + 1, line.indexOf(" ")));
  assert.deepEqual(
    at,
    ["4:9", "6:10", "7:9", "8:10", "10:13", "16:16", "19:16", "23:16", "28:14", "30:3"],
    result.stderr,
  );
  assert.equal(new Set(errors.map((line) => line.split(" ")[2])).size, 10, "ten distinct codes");
  assert.match(result.stderr, /did you mean "concurrency"\?/);
});

test("--help shows examples and exits 0", () => {
  const result = runCli(["--help"]);
  assert.equal(result.status, 0);
  assert.match(result.stdout, /Examples:/);
  assert.match(result.stdout, /create-operator validate operator.yaml --json/);
});

test("an unknown option is a usage error (exit 2)", () => {
  const result = runCli(["new", tempDir("cli"), "--sepc", "x.yaml"]);
  assert.equal(result.status, 2);
  assert.match(result.stderr, /unknown option '--sepc'/);
});

test("without --spec and without a terminal it fails fast instead of hanging", () => {
  const result = runCli(["new", join(tempDir("cli"), "out")]);
  assert.equal(result.status, 2);
  assert.match(result.stderr, /no terminal to ask questions on/);
});

test("--yes builds a minimal spec from defaults and the project is complete", () => {
  const target = join(tempDir("cli"), "shop-operator");
  const result = runCli([target, "--yes"]);
  assert.equal(result.status, 0, result.stderr);
  const spec = readFileSync(join(target, "operator.yaml"), "utf8");
  assert.match(spec, /kind: Shop\n/);
  assert.ok(existsSync(join(target, ".create-operator/lock.json")));
  assert.ok(listTree(target).some((p) => p.startsWith("config/crd/")));
});

test("--dry-run --json lists files and writes nothing", () => {
  const target = join(tempDir("cli"), "out");
  const result = runCli(["new", target, "--spec", examplePath("database"), "--dry-run", "--json"]);
  assert.equal(result.status, 0, result.stderr);
  const report = JSON.parse(result.stdout) as {
    ok: boolean;
    files: { path: string; action: string }[];
  };
  assert.equal(report.ok, true);
  assert.ok(report.files.length > 10);
  assert.ok(report.files.every((f) => f.action === "create"));
  assert.equal(existsSync(target), false);
});

test("--json diagnostics carry code, path and position", () => {
  const dir = tempDir("cli");
  writeFileSync(join(dir, "operator.yaml"), TEN_MISTAKES);
  const result = runCli(["validate", join(dir, "operator.yaml"), "--json"]);
  assert.equal(result.status, 1);
  const report = JSON.parse(result.stdout) as {
    ok: boolean;
    diagnostics: { code: string; path: string; position: { line: number } }[];
  };
  assert.equal(report.ok, false);
  assert.ok(
    report.diagnostics.some((d) => d.path === "spec.fields.size.default" && d.position.line === 16),
  );
});

test("a non-empty target is refused without --force", () => {
  const target = tempDir("cli");
  writeFileSync(join(target, "notes.txt"), "keep me");
  const refused = runCli(["new", target, "--spec", examplePath("database")]);
  assert.equal(refused.status, 1);
  assert.match(refused.stderr, /is not empty/);
  const forced = runCli(["new", target, "--spec", examplePath("database"), "--force"]);
  assert.equal(forced.status, 0, forced.stderr);
  assert.equal(readFileSync(join(target, "notes.txt"), "utf8"), "keep me");
});

test("every example validates", () => {
  for (const name of exampleNames()) {
    const result = runCli(["validate", examplePath(name)]);
    assert.equal(result.status, 0, `${name}: ${result.stderr}`);
  }
});

test("generating twice gives byte-identical trees", () => {
  const root = tempDir("cli");
  for (const target of ["a", "b"]) {
    const result = runCli(["new", join(root, target), "--spec", examplePath("web-app")]);
    assert.equal(result.status, 0, result.stderr);
  }
  const a = listTree(join(root, "a"));
  assert.deepEqual(listTree(join(root, "b")), a);
  for (const path of a)
    assert.equal(
      readFileSync(join(root, "b", path), "utf8"),
      readFileSync(join(root, "a", path), "utf8"),
      path,
    );
});

test("generate inside a project: unchanged is a no-op, a hand edit with nothing new to merge is kept", () => {
  const target = join(tempDir("cli"), "db");
  assert.equal(runCli(["new", target, "--spec", examplePath("database")]).status, 0);
  const again = runCli(["generate", "--json"], { cwd: target });
  assert.equal(again.status, 0, again.stderr);
  const report = JSON.parse(again.stdout) as { nothingToDo?: boolean; upToDate?: boolean };
  // Decided from the lock without rendering, and nothing written.
  assert.equal(report.upToDate, true, again.stdout);
  assert.equal(report.nothingToDo, true, again.stdout);

  const crd = listTree(target).find((p) => p.startsWith("config/crd/bases/"))!;
  writeFileSync(join(target, crd), readFileSync(join(target, crd), "utf8") + "# my edit\n");
  const edited = runCli(["generate"], { cwd: target });
  assert.equal(edited.status, 0, edited.stderr);
  assert.match(edited.stdout, /Nothing to do/);
  assert.match(readFileSync(join(target, crd), "utf8"), /# my edit/);
});

test("generate refuses a directory that is not a generated project", () => {
  const dir = tempDir("cli");
  mkdirSync(join(dir, "x"));
  writeFileSync(join(dir, "operator.yaml"), readFileSync(examplePath("database"), "utf8"));
  const result = runCli(["generate", "--dir", dir]);
  assert.equal(result.status, 1);
  assert.match(result.stderr, /no \.create-operator\/lock\.json/);
});

test("regeneration after a spec change: generated files follow the spec, the user's scaffold edits survive", () => {
  const target = join(tempDir("cli"), "db");
  const created = runCli(["new", target, "--spec", examplePath("database")]);
  assert.equal(created.status, 0);
  // `new` tells the user where their code goes, naming the interface and its members.
  assert.match(
    created.stdout,
    /implement `InstanceHooks` in src\/hooks\/instance\.ts: validateDesired\n/,
  );
  const hookFile = "src/hooks/instance.ts";
  const edited = readFileSync(join(target, hookFile), "utf8") + "\n// my domain logic\n";
  writeFileSync(join(target, hookFile), edited);
  const spec = readFileSync(join(target, "operator.yaml"), "utf8").replace(
    "    size:\n",
    "    maintenanceWindow:\n      type: string\n      description: Weekly maintenance window.\n      maxLength: 32\n    size:\n",
  );
  writeFileSync(join(target, "operator.yaml"), spec);
  const result = runCli(["generate", "--json"], { cwd: target });
  assert.equal(result.status, 0, result.stdout + result.stderr);
  const document = JSON.parse(result.stdout) as {
    files: { path: string; action: string }[];
    userHooks: { path: string; state: string; implements?: string; created: boolean }[];
  };
  const files = document.files;
  assert.equal(files.find((f) => f.path === hookFile)?.action, "skip");
  assert.equal(files.find((f) => f.path.startsWith("config/crd/bases/"))?.action, "update");
  assert.equal(readFileSync(join(target, hookFile), "utf8"), edited);
  // --json lists every hook file, created by this run or not.
  assert.deepEqual(
    document.userHooks.find((h) => h.path === hookFile),
    {
      state: "active",
      path: hookFile,
      implements: "InstanceHooks",
      export: "instanceHooks",
      members: ["validateDesired"],
      todos: ["reject desired instance settings the provider can never accept (TerminalError)"],
      created: false,
      message: "implement `InstanceHooks` in src/hooks/instance.ts: validateDesired",
    },
  );
  assert.match(
    readFileSync(join(target, "config/crd/bases/db.example.com_databases.yaml"), "utf8"),
    /maintenanceWindow:/,
  );
});

test("the compiled CLI (precompiled validator and templates) writes exactly the golden tree", () => {
  const root = tempDir("cli");
  for (const name of exampleNames()) {
    const target = join(root, name);
    const result = runCli(["new", target, "--spec", examplePath(name)]);
    assert.equal(result.status, 0, result.stderr);
    const golden = join(REPO_ROOT, "test", "golden", name);
    const base = ".create-operator/base/";
    // The vendored package tarballs are build output, not render: vendored-install.test.ts
    // checks them; here they leave the tree and the lock.
    const files = listTree(target).filter(
      (path) => !path.startsWith(base) && !path.startsWith("vendor/"),
    );
    assert.deepEqual(files, listTree(golden), `${name}: file list differs from test/golden`);
    for (const path of files) {
      assert.equal(
        path === LOCK_PATH
          ? withoutArtifacts(readFileSync(join(target, path), "utf8"))
          : readFileSync(join(target, path), "utf8"),
        readFileSync(join(golden, path), "utf8"),
        `${name}/${path} differs between the compiled CLI and the golden render`,
      );
    }
    // Beside the project, the merge base of the next run: a mirror of every rendered file.
    const mirrored = listTree(join(target, base));
    assert.deepEqual(
      mirrored,
      files.filter((path) => path !== ".create-operator/lock.json"),
      `${name}: the base mirror lists every rendered file`,
    );
    for (const path of mirrored)
      assert.equal(
        readFileSync(join(target, base, path), "utf8"),
        readFileSync(join(golden, path), "utf8"),
      );
  }
});

test("generate lists the files whose interface changed when the spec needs more of them", () => {
  const target = join(tempDir("cli"), "db");
  assert.equal(runCli(["new", target, "--spec", examplePath("database")]).status, 0);
  const spec = readFileSync(join(target, "operator.yaml"), "utf8").replace(
    "    instanceId:\n",
    "    region:\n      type: string\n      description: Where it runs.\n    instanceId:\n",
  );
  writeFileSync(join(target, "operator.yaml"), spec);
  const result = runCli(["generate"], { cwd: target });
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /interfaces your code implements changed \(src\/hooks\/types\.ts\)/);
  assert.match(
    result.stdout,
    /implement `DatabaseStatusHooks` in src\/hooks\/database-status\.ts: observe\n {4}- set status\.region\n/,
  );
  // Nothing was created, so no file is marked new.
  assert.doesNotMatch(result.stdout, /\(new file\)/);
});

test("generate does not claim an interface changed when only a default did (issue 23)", () => {
  const target = join(tempDir("cli"), "db");
  assert.equal(runCli(["new", target, "--spec", examplePath("database")]).status, 0);
  const spec = readFileSync(join(target, "operator.yaml"), "utf8");
  assert.match(spec, /\n {6}default: 20\n/);
  writeFileSync(
    join(target, "operator.yaml"),
    spec.replace(/\n {6}default: 20\n/, "\n      default: 30\n"),
  );
  const result = runCli(["generate"], { cwd: target });
  assert.equal(result.status, 0, result.stdout + result.stderr);
  // The provider's file changed (its desired-state mapping holds the default), its interface did not.
  assert.match(result.stdout, /update {2}src\/providers\/instance-provider\.ts/);
  assert.doesNotMatch(result.stdout, /interfaces your code implements changed/);
});

test("generate lists the provider whose interface changed when an external resource is keyed on a natural key", () => {
  const target = join(tempDir("cli"), "db");
  assert.equal(runCli(["new", target, "--spec", examplePath("database")]).status, 0);
  const spec = readFileSync(join(target, "operator.yaml"), "utf8")
    .replace(
      "  fields:\n    engine:\n",
      "  fields:\n    instanceName:\n      type: string\n      default: main\n      immutable: true\n    engine:\n",
    )
    .replace(
      "    deletionPolicy: Delete\n",
      "    identity: { naturalKey: instanceName, adoption: Adopt }\n    deletionPolicy: Delete\n",
    );
  writeFileSync(join(target, "operator.yaml"), spec);
  const refused = runCli(["generate"], { cwd: target });
  assert.equal(refused.status, 1, refused.stdout + refused.stderr);
  assert.match(refused.stderr, /COMPAT034/);
  const result = runCli(["generate", "--allow-breaking"], { cwd: target });
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.match(
    result.stdout,
    /interfaces your code implements changed \(src\/providers\/instance-provider\.ts\)/,
  );
  assert.match(
    result.stdout,
    /implement `InstanceProvider` in src\/providers\/instance-cloud\.ts: find, ensure, adopt, delete\n {4}- call the real API for instance, found by its name \(spec\.instanceName\)/,
  );
});

/** A lock's text without its artifact entries (the vendored tarballs), as the golden render has it. */
function withoutArtifacts(lockText: string): string {
  const lock = JSON.parse(lockText) as { files: Record<string, { artifact?: boolean }> };
  for (const [path, entry] of Object.entries(lock.files))
    if (entry.artifact) delete lock.files[path];
  return JSON.stringify(lock, null, 2) + "\n";
}
