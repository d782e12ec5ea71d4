// The package as users get it: `npm pack`, then `npx file:<tarball>` in an empty directory, on the
// machine's own Node.js (20 here) rather than the Node 24 the repository's scripts use.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { delimiter, join } from "node:path";
import { test } from "node:test";
import { examplePath, REPO_ROOT, tempDir } from "../support.ts";

/** PATH without the repository's node_modules/.bin, so `node` is the system's own. */
function systemPath(): string {
  return (process.env.PATH ?? "")
    .split(delimiter)
    .filter((dir) => !dir.includes("node_modules"))
    .join(delimiter);
}

test("npm pack, then npx <tarball> demo --spec … creates a project on the system Node.js", () => {
  const packDir = tempDir("pack");
  const packed = spawnSync("npm", ["pack", "--pack-destination", packDir], {
    cwd: REPO_ROOT,
    encoding: "utf8",
  });
  assert.equal(packed.status, 0, packed.stderr);
  const tarball = join(
    packDir,
    readdirSync(packDir).find((f) => f.endsWith(".tgz"))!,
  );

  const user = tempDir("npx-user");
  const env = { ...process.env, PATH: systemPath(), npm_config_yes: "true" };
  const nodeVersion = spawnSync("node", ["--version"], { env, encoding: "utf8" }).stdout.trim();
  const result = spawnSync(
    "npx",
    ["--yes", `file:${tarball}`, "demo", "--spec", examplePath("database")],
    {
      cwd: user,
      env,
      encoding: "utf8",
    },
  );
  assert.equal(result.status, 0, `on ${nodeVersion}: ${result.stdout}\n${result.stderr}`);
  assert.ok(existsSync(join(user, "demo", "operator.yaml")));
  assert.ok(existsSync(join(user, "demo", ".create-operator", "lock.json")));
  assert.ok(
    existsSync(join(user, "demo", "config", "crd", "bases", "db.example.com_databases.yaml")),
  );
  process.stdout.write(`# npx <tarball> ran on ${nodeVersion}\n`);
});
