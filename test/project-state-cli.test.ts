// Issue 22, findings 3 and 4: the gates fail closed. `diff`, `check`, `generate` and `upgrade`
// read the project's state (lock and base mirror) through one code path; a lock or mirror that
// is damaged, unreadable or inconsistent is an error naming where and the command that repairs
// it: exit 1, never "no previous spec recorded" with exit 0, never a stack trace (exit 70), and
// nothing is written. The spec carries a breaking change, so a gate that fails open exits 0.

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { before, test } from "node:test";
import { examplePath, listTree, runCli, tempDir } from "./support.ts";

const LOCK = ".create-operator/lock.json";
const BASE = ".create-operator/base";
let pristine: string;

before(() => {
  pristine = join(tempDir("state-cli"), "db");
  const made = runCli(["new", pristine, "--spec", examplePath("database")]);
  assert.equal(made.status, 0, made.stderr);
  const spec = join(pristine, "operator.yaml");
  // Without "large", tenancy's class for it goes too (a class value the field cannot hold is SEM302).
  const changed = readFileSync(spec, "utf8")
    .replace("enum: [small, medium, large]", "enum: [small, medium]")
    .replace(/\n {2}classes:\n(?: {4,}.*\n)+/, "\n");
  writeFileSync(spec, changed);
  assert.equal(runCli(["diff"], { cwd: pristine }).status, 1, "intact: the breaking change fails");
});

function treeHash(dir: string): Map<string, string> {
  return new Map(
    listTree(dir).map((p) => [
      p,
      createHash("sha256")
        .update(readFileSync(join(dir, p)))
        .digest("hex"),
    ]),
  );
}

const lockJson = (root: string) => JSON.parse(readFileSync(join(root, LOCK), "utf8"));
const setLock = (root: string, value: unknown) =>
  writeFileSync(join(root, LOCK), JSON.stringify(value));

/** Each damage, with what the message must locate. */
const DAMAGES: [name: string, damage: (root: string) => void, where: RegExp][] = [
  ["lock is `{`", (r) => writeFileSync(join(r, LOCK), "{\n"), /lock\.json:2:1/],
  [
    "lock is `null`",
    (r) => writeFileSync(join(r, LOCK), "null\n"),
    /lock\.json: expected an object/,
  ],
  ["lock is `[]`", (r) => writeFileSync(join(r, LOCK), "[]\n"), /lock\.json: expected an object/],
  ["lock is empty", (r) => writeFileSync(join(r, LOCK), ""), /lock\.json:1:1/],
  [
    "lock is a directory",
    (r) => {
      rmSync(join(r, LOCK));
      mkdirSync(join(r, LOCK));
    },
    /lock\.json is a directory/,
  ],
  ["format is a string", (r) => setLock(r, { ...lockJson(r), format: "2" }), /"format"/],
  ["files is a list", (r) => setLock(r, { ...lockJson(r), files: [] }), /"files" must be/],
  ["generator is null", (r) => setLock(r, { ...lockJson(r), generator: null }), /"generator"/],
  [
    "an entry's sha256 is a number",
    (r) => {
      const lock = lockJson(r);
      lock.files["operator.yaml"].sha256 = 42;
      setLock(r, lock);
    },
    /files\["operator\.yaml"\]\.sha256/,
  ],
  [
    "the base mirror is gone",
    (r) => rmSync(join(r, BASE), { recursive: true }),
    /\.create-operator\/base\/ is missing/,
  ],
  [
    "the recorded spec is missing",
    (r) => rmSync(join(r, BASE, "operator.yaml")),
    /\.create-operator\/base\/operator\.yaml: missing/,
  ],
  [
    "the recorded spec was edited",
    (r) => writeFileSync(join(r, BASE, "operator.yaml"), "kind: Edited\n"),
    /\.create-operator\/base\/operator\.yaml: not what the lock records/,
  ],
  [
    "another file's mirror is missing",
    (r) => rmSync(join(r, BASE, "README.md")),
    /\.create-operator\/base\/README\.md: missing/,
  ],
  [
    "the recorded spec is a directory",
    (r) => {
      rmSync(join(r, BASE, "operator.yaml"));
      mkdirSync(join(r, BASE, "operator.yaml"));
    },
    /\.create-operator\/base\/operator\.yaml: not a regular file/,
  ],
];

for (const [name, damage, where] of DAMAGES)
  test(`${name}: diff, check and generate exit 1 naming it and how to repair it`, () => {
    const root = join(tempDir("state-cli"), "db");
    cpSync(pristine, root, { recursive: true });
    damage(root);
    const before = treeHash(root);
    for (const command of [
      ["diff"],
      ["check"],
      ["generate", "--allow-dirty"],
      ["diff", "--json"],
    ]) {
      const result = runCli(command, { cwd: root });
      const out = command.includes("--json")
        ? (JSON.parse(result.stdout) as { errors: { message: string; hint: string }[] }).errors
            .map((e) => `${e.message}\n${e.hint}`)
            .join("\n")
        : result.stdout + result.stderr;
      assert.equal(result.status, 1, `${command.join(" ")}: ${out}`);
      assert.match(out, where, command.join(" "));
      assert.match(out, /git checkout -- \.create-operator/, command.join(" "));
      assert.doesNotMatch(
        out,
        /internal error|no previous spec recorded|    at /,
        command.join(" "),
      );
    }
    assert.deepEqual(treeHash(root), before, "nothing was written");
  });

test("upgrade with operator.yaml deleted: exit 1 naming the file, not a stack trace", () => {
  const root = join(tempDir("state-cli"), "db");
  cpSync(pristine, root, { recursive: true });
  rmSync(join(root, "operator.yaml"));
  const result = runCli(["upgrade", "--preset-version", "^2.0.0", "--allow-dirty"], { cwd: root });
  const out = result.stdout + result.stderr;
  assert.equal(result.status, 1, out);
  assert.ok(out.includes(join(root, "operator.yaml")), out);
  assert.doesNotMatch(out, /internal error|    at /);
});
