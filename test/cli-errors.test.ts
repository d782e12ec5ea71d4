// Bad command lines and hostile filesystems, through the compiled CLI: each gets a clear error
// naming the path and the cause with exit 1 (input, refused plan, filesystem) or 2 (usage), never
// exit 70, and nothing is left behind. Full and read-only disks are real tmpfs mounts (needs root).

import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { BIN, examplePath, runCli, tempDir } from "./support.ts";

const mounts: string[] = [];
after(() => {
  for (const dir of mounts) execFileSync("umount", [dir]);
});

function tmpfs(mountOptions: string): string {
  assert.equal(process.getuid?.(), 0, "these tests mount a tmpfs and need root");
  const dir = tempDir("cli-fs");
  execFileSync("mount", ["-t", "tmpfs", "-o", mountOptions, "tmpfs", dir]);
  mounts.push(dir);
  return dir;
}

const database = examplePath("database");

test("--spec pointing at a directory: exit 1, IO002 naming the path", () => {
  const dir = tempDir("cli");
  const result = runCli(["new", join(dir, "out"), "--spec", dir]);
  assert.equal(result.status, 1, result.stderr);
  assert.ok(result.stderr.includes(`${dir}:1:1 error IO002`), result.stderr);
  assert.match(result.stderr, /is a directory/);
  assert.deepEqual(readdirSync(dir), []);
  assert.equal(runCli(["validate", dir]).status, 1);
});

test("a target that is a dangling symbolic link: refused with exit 1, the link untouched", () => {
  const dir = tempDir("cli");
  const link = join(dir, "demo");
  symlinkSync(join(dir, "nowhere"), link);
  const result = runCli(["new", link, "--spec", database]);
  assert.equal(result.status, 1, result.stderr);
  assert.match(result.stderr, /symbolic link/);
  assert.ok(result.stderr.includes(link), result.stderr);
  assert.deepEqual(readdirSync(dir), ["demo"], "no staging directory left");
});

test("a full disk: exit 1 with the path and ENOSPC, and the disk is left empty", () => {
  const mount = tmpfs("size=64k");
  const target = join(mount, "db-operator");
  const result = runCli(["new", target, "--spec", database]);
  assert.equal(result.status, 1, result.stderr);
  assert.match(result.stderr, /no space left on device \(ENOSPC\)/);
  assert.match(result.stderr, /hint: Free some space/);
  assert.ok(result.stderr.includes(target), result.stderr);
  assert.doesNotMatch(result.stderr, /internal error/);
  assert.deepEqual(readdirSync(mount), []);
});

test("a read-only parent folder: exit 1 with the path and EROFS", () => {
  const mount = tmpfs("ro,size=64k");
  const result = runCli(["new", join(mount, "db-operator"), "--spec", database]);
  assert.equal(result.status, 1, result.stderr);
  assert.match(result.stderr, /read-only file system \(EROFS\)/);
  assert.ok(result.stderr.includes(mount), result.stderr);
});

test("a mistyped command is a usage error with a suggestion, and creates nothing", () => {
  const cwd = tempDir("cli");
  const result = runCli(["generat", "--yes"], { cwd });
  assert.equal(result.status, 2, result.stderr);
  assert.match(result.stderr, /unknown command "generat"; did you mean "generate"\?/);
  assert.match(result.stderr, /create-operator new generat/, "says how to mean a directory");
  assert.deepEqual(readdirSync(cwd), []);
  assert.equal(runCli(["valdate", "x.yaml"], { cwd }).status, 2);
});

test("an explicit `new` still creates a directory whose name is close to a command", () => {
  const cwd = tempDir("cli");
  const result = runCli(["new", "generat", "--yes"], { cwd });
  assert.equal(result.status, 0, result.stderr);
  assert.ok(existsSync(join(cwd, "generat", "operator.yaml")));
});

test('new "" is a usage error, with or without --force, and writes nothing', () => {
  const cwd = tempDir("cli");
  writeFileSync(join(cwd, "mine.txt"), "keep");
  for (const args of [
    ["new", "", "--force", "--spec", database],
    ["new", "", "--yes"],
    ["new", "  ", "--yes", "--force"],
  ]) {
    const result = runCli(args, { cwd });
    assert.equal(result.status, 2, `${JSON.stringify(args)}: ${result.stderr}`);
    assert.match(result.stderr, /directory name must not be empty/);
  }
  assert.deepEqual(readdirSync(cwd), ["mine.txt"]);
});

test("--yes together with --spec is a usage error", () => {
  const dir = tempDir("cli");
  const result = runCli(["new", join(dir, "out"), "--spec", database, "--yes"]);
  assert.equal(result.status, 2, result.stderr);
  assert.match(result.stderr, /--yes .* --spec/);
  assert.equal(existsSync(join(dir, "out")), false);
});

test("an unknown YAML tag is a located YAML010 error", () => {
  const dir = tempDir("cli");
  mkdirSync(join(dir, "x"));
  const spec = join(dir, "x", "operator.yaml");
  writeFileSync(spec, "apiVersion: create-operator.dev/v1alpha1\napi:\n  group: !Ref Group\n");
  const result = runCli(["validate", spec]);
  assert.equal(result.status, 1, result.stderr);
  assert.ok(result.stderr.includes(`${spec}:3:10 error YAML010`), result.stderr);
});

test("a directory where the plan expects a file (with --force): a conflict naming it, not a crash", () => {
  const target = tempDir("cli");
  mkdirSync(join(target, "operator.yaml"));
  const result = runCli(["new", target, "--spec", database, "--force"]);
  assert.equal(result.status, 1, result.stderr);
  assert.match(
    result.stdout,
    /conflict +operator\.yaml +\(a directory or other non-file is in the way\)/,
  );
  assert.doesNotMatch(result.stderr, /internal error/);
  assert.deepEqual(readdirSync(target), ["operator.yaml"]);
});

test("a file where the target's parent directory should be: exit 1, the file is in the way", () => {
  const dir = tempDir("cli");
  writeFileSync(join(dir, "file"), "mine");
  const result = runCli(["new", join(dir, "file", "demo"), "--spec", database]);
  assert.equal(result.status, 1, result.stderr);
  assert.ok(
    result.stderr.includes(`cannot create the directory ${join(dir, "file")}`),
    result.stderr,
  );
  assert.match(result.stderr, /A file is in the way/);
  assert.deepEqual(readdirSync(dir), ["file"]);
});

test("generate in a project whose lock file is damaged: exit 1 naming it, not a crash", () => {
  const dir = join(tempDir("cli"), "demo");
  assert.equal(runCli(["new", dir, "--spec", database]).status, 0);
  for (const damaged of ["{ not json", '{"format": 999, "files": {}}']) {
    writeFileSync(join(dir, ".create-operator", "lock.json"), damaged);
    const result = runCli(["generate", "--dir", dir]);
    assert.equal(result.status, 1, result.stderr);
    assert.match(result.stderr, /\.create-operator\/lock\.json/);
    assert.doesNotMatch(result.stderr, /internal error/);
  }
});

test("a reader that closes the pipe early (create-operator --help | head -1): exit 0, no stack trace", async () => {
  // The reader is gone before the CLI writes: every write meets EPIPE.
  const child = spawn(process.execPath, [BIN, "new", "--help"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.destroy();
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const status = await new Promise<number | null>((resolve) => child.on("close", resolve));
  assert.equal(stderr, "");
  assert.equal(status, 0);
});
