// The package as users get it: `npm pack`, then npx on the tarball in an empty directory, on the
// machine's own Node.js (20 here) rather than the Node 24 the repository's scripts use. The
// README's own command line is run word for word; npm is told to prefer its cache
// (npm_config_prefer_offline), so the run works without reaching the registry once the
// dependencies have been fetched.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, readdirSync, readFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { before, test } from "node:test";
import { examplePath, REPO_ROOT, tempDir } from "../support.ts";

/** PATH without the repository's node_modules/.bin, so `node` is the system's own. */
function systemPath(): string {
  return (process.env.PATH ?? "")
    .split(delimiter)
    .filter((dir) => !dir.includes("node_modules"))
    .join(delimiter);
}

const env = { ...process.env, PATH: systemPath(), npm_config_prefer_offline: "true" };
const nodeVersion = spawnSync("node", ["--version"], { env, encoding: "utf8" }).stdout.trim();
let packDir = "";
let tarballName = "";

before(() => {
  packDir = tempDir("pack");
  const packed = spawnSync("npm", ["pack", "--pack-destination", packDir], {
    cwd: REPO_ROOT,
    encoding: "utf8",
  });
  assert.equal(packed.status, 0, packed.stderr);
  tarballName = readdirSync(packDir).find((f) => f.endsWith(".tgz"))!;
});

/** An empty directory holding only the tarball and a spec, as after `npm pack` in it. */
function userDirectory(): string {
  const user = tempDir("npx-user");
  copyFileSync(join(packDir, tarballName), join(user, tarballName));
  copyFileSync(examplePath("database"), join(user, "operator.yaml"));
  return user;
}

function npx(args: string[], cwd: string): void {
  const result = spawnSync("npx", args, { cwd, env, encoding: "utf8" });
  assert.equal(
    result.status,
    0,
    `npx ${args.join(" ")} on ${nodeVersion}: ${result.stdout}\n${result.stderr}`,
  );
}

function assertProject(dir: string): void {
  assert.ok(existsSync(join(dir, "operator.yaml")));
  assert.ok(existsSync(join(dir, ".create-operator", "lock.json")));
  assert.ok(existsSync(join(dir, "config", "crd", "bases", "db.example.com_databases.yaml")));
}

test("the README's npx command for a packed tarball works word for word", () => {
  const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
  const line = readme
    .split("\n")
    .find((l) => /^npx .*file:\.\/create-operator-[^ ]+\.tgz /.test(l));
  assert.ok(line, "the README documents how to run a packed tarball");
  const args = line.replace(/#.*$/, "").trim().split(/\s+/).slice(1);
  // The README names the version being documented; the tarball is whatever `npm pack` made now.
  const documented = args.map((a) => a.replace(/create-operator-[^ ]+\.tgz$/, tarballName));
  const user = userDirectory();
  npx(documented, user);
  assertProject(join(user, "my-operator"));
  process.stdout.write(`# npx ${documented.join(" ")} ran on ${nodeVersion}\n`);
});

test("npx ./<tarball> and npx file:<absolute path> work too", () => {
  const user = userDirectory();
  npx(["--yes", `./${tarballName}`, "relative", "--spec", "operator.yaml"], user);
  assertProject(join(user, "relative"));
  npx(["--yes", `file:${join(user, tarballName)}`, "absolute", "--spec", "operator.yaml"], user);
  assertProject(join(user, "absolute"));
});
