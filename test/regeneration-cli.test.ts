// Regeneration through the compiled CLI, as a user runs it: exit codes (3 for conflicts), what
// the report says, --dry-run diffs, "nothing to do" touching no byte, a symbolic link that leads
// out of the project, and every shape of a damaged lock file.

import assert from "node:assert/strict";
import { mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { LOCK_PATH, sha256 } from "../generator/base/lock-file.ts";
import { examplePath, listTree, runCli, tempDir } from "./support.ts";

const DESCRIPTION = "Provisions managed cloud databases and publishes their endpoints.";
const NEW_DESCRIPTION = "Provisions managed databases in any cloud and publishes endpoints.";

function newProject(): string {
  const root = join(tempDir("regen-cli"), "db");
  const created = runCli(["new", root, "--spec", examplePath("database")]);
  assert.equal(created.status, 0, created.stderr);
  return root;
}
const read = (root: string, path: string) => readFileSync(join(root, path), "utf8");
const edit = (root: string, path: string, change: (text: string) => string) =>
  writeFileSync(join(root, path), change(read(root, path)));

test("a true conflict is written with markers, exits 3 naming path:line, and is reported until resolved", () => {
  const root = newProject();
  edit(root, "README.md", (t) => t.replace(DESCRIPTION, "My own words."));
  edit(root, "operator.yaml", (t) => t.replace(DESCRIPTION, NEW_DESCRIPTION));

  const first = runCli(["generate"], { cwd: root });
  assert.equal(first.status, 3, first.stderr);
  const readme = read(root, "README.md");
  const line = readme.split("\n").indexOf("<<<<<<< yours") + 1;
  assert.ok(line > 0, readme);
  assert.ok(
    readme.includes(
      `<<<<<<< yours\nMy own words.\n||||||| base\n${DESCRIPTION}\n=======\n${NEW_DESCRIPTION}\n>>>>>>> generated\n`,
    ),
  );
  assert.match(
    first.stdout,
    /^conflict +README\.md +\(you and the generator changed the same lines\)$/m,
  );
  assert.ok(
    first.stderr.includes(`README.md:${line}: both sides changed: "My own words."`),
    first.stderr,
  );
  // The rest of the run was written: package.json carries the new description.
  assert.equal(
    (JSON.parse(read(root, "package.json")) as { description: string }).description,
    NEW_DESCRIPTION,
  );

  const second = runCli(["generate"], { cwd: root });
  assert.equal(second.status, 3, second.stderr);
  assert.match(
    second.stdout,
    /conflict +README\.md +\(still has conflict markers from an earlier run \(line \d+\)/,
  );
  assert.equal(read(root, "README.md"), readme, "markers are not merged over");
  assert.doesNotMatch(second.stdout, /Nothing to do/);
  assert.ok(
    second.stderr.includes(`README.md:${line}: unresolved conflict markers`),
    second.stderr,
  );

  edit(root, "README.md", (t) =>
    t.replace(
      /<<<<<<< yours\n(.*)\n\|\|\|\|\|\|\| base\n.*\n=======\n.*\n>>>>>>> generated\n/,
      "$1\n",
    ),
  );
  const resolved = runCli(["generate"], { cwd: root });
  assert.equal(resolved.status, 0, resolved.stderr);
  assert.match(resolved.stdout, /Nothing to do/);
  assert.ok(read(root, "README.md").includes("My own words.\n"));
});

test("--dry-run prints a unified diff of every file that would change and writes nothing", () => {
  const root = newProject();
  edit(root, "operator.yaml", (t) => t.replace(DESCRIPTION, NEW_DESCRIPTION));
  const before = read(root, "README.md");
  const result = runCli(["generate", "--dry-run"], { cwd: root });
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /^update +README\.md$/m);
  assert.ok(result.stdout.includes("--- a/README.md\n+++ b/README.md\n"), result.stdout);
  assert.ok(result.stdout.includes(`-${DESCRIPTION}\n+${NEW_DESCRIPTION}\n`));
  assert.ok(result.stdout.includes("--- a/package.json\n+++ b/package.json\n"));
  // README, package.json, the CRD, and the Helm chart's Chart.yaml and CRD.
  assert.match(result.stdout, /Would write .*: 5 updated \(\d+ unchanged\)\n/);
  assert.equal(read(root, "README.md"), before);
});

test("nothing changed: 'nothing to do' and not a byte touched, the lock included", () => {
  const root = newProject();
  const mtimes = () => listTree(root).map((p) => `${p} ${statSync(join(root, p)).mtimeMs}`);
  const before = mtimes();
  assert.ok(before.some((l) => l.startsWith(`${LOCK_PATH} `)));
  const result = runCli(["generate"], { cwd: root });
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /Nothing to do: .* is up to date; no file was written/);
  assert.doesNotMatch(result.stdout, /Wrote/);
  assert.deepEqual(mtimes(), before);
  assert.equal(listTree(root).length, before.length);
});

test("a lock entry under a symbolic link that leads outside is refused, naming the path; the outside file survives", () => {
  const root = newProject();
  const outside = tempDir("outside");
  writeFileSync(join(outside, "victim.txt"), "precious\n");
  symlinkSync(outside, join(root, "linked"));
  const lock = JSON.parse(read(root, LOCK_PATH)) as { files: Record<string, unknown> };
  lock.files["linked/victim.txt"] = { ownership: "generated", sha256: sha256("precious\n") };
  writeFileSync(join(root, LOCK_PATH), JSON.stringify(lock, null, 2) + "\n");

  const result = runCli(["generate"], { cwd: root });
  assert.equal(result.status, 1, result.stdout + result.stderr);
  assert.match(
    result.stderr,
    /refusing path "linked\/victim\.txt": its real path .* is outside the project directory/,
  );
  assert.equal(readFileSync(join(outside, "victim.txt"), "utf8"), "precious\n");
  assert.doesNotMatch(result.stdout, /delete/);
});

test("every damaged lock shape is exit 1 with a located, actionable error, never 70", () => {
  const root = newProject();
  const good = JSON.parse(read(root, LOCK_PATH)) as Record<string, unknown> & {
    files: Record<string, unknown>;
  };
  mkdirSync(join(root, "notes"));
  const entry = { ownership: "generated", sha256: sha256("x") };
  const shapes: [string, string, RegExp][] = [
    ["garbage JSON", '{\n  "format": 2,\n  oops\n}\n', /lock\.json:3:3: not valid JSON/],
    ["truncated", '{"format": 2,', /lock\.json:1:14: not valid JSON/],
    ["null", "null\n", /expected an object at the top, found null/],
    ["a list", "[]\n", /expected an object at the top, found a list/],
    [
      "format as a string",
      JSON.stringify({ ...good, format: "2" }),
      /"format" must be a number, found string "2"/,
    ],
    [
      "a newer format",
      JSON.stringify({ ...good, format: 9 }),
      /format 9 was written by a newer create-operator/,
    ],
    [
      "files as a list",
      JSON.stringify({ ...good, files: [] }),
      /"files" must be an object, found a list/,
    ],
    [
      "a wrong hash type",
      JSON.stringify({ ...good, files: { "a.ts": { ownership: "generated", sha256: 1 } } }),
      /files\["a\.ts"\]\.sha256 must be 64 hex digits, found number 1/,
    ],
    [
      "an unknown ownership",
      JSON.stringify({ ...good, files: { "a.ts": { ...entry, ownership: "mine" } } }),
      /files\["a\.ts"\]\.ownership must be one of generated, scaffold-once, merged/,
    ],
    [
      "a path out of the project",
      JSON.stringify({ ...good, files: { "../x": entry } }),
      /files\["\.\.\/x"\]: refusing path "\.\.\/x"/,
    ],
    [
      "a folder",
      JSON.stringify({ ...good, files: { notes: entry } }),
      /lists notes, which is a folder/,
    ],
  ];
  for (const [name, text, expected] of shapes) {
    writeFileSync(join(root, LOCK_PATH), text);
    const result = runCli(["generate"], { cwd: root });
    assert.equal(result.status, 1, `${name}: ${result.stderr}`);
    assert.match(result.stderr, expected, name);
    assert.match(result.stderr, /hint: /, name);
    assert.doesNotMatch(result.stderr, /internal error/, name);
  }
});
