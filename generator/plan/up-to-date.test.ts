// The fast path may only say "up to date" when the full pipeline would write nothing. Each case
// changes a real generated project one way and compares the two answers.

import assert from "node:assert/strict";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { before, test } from "node:test";
import { LOCK_PATH, parseLock } from "../base/lock-file.ts";
import { createProject, GENERATOR_VERSION, regenerateProject } from "../pipeline.ts";
import { checkUpToDate } from "./up-to-date.ts";

const EXAMPLE = new URL("../../examples/database.yaml", import.meta.url);
const CRD = "config/crd/bases/db.example.com_databases.yaml";
const USER_HOOKS = "src/hooks/instance.ts";
let original: string;

before(async () => {
  original = join(mkdtempSync(join(tmpdir(), "up-to-date-")), "db");
  await createProject(readFileSync(EXAMPLE, "utf8"), EXAMPLE.pathname, original);
});

function copy(): string {
  const dir = join(mkdtempSync(join(tmpdir(), "up-to-date-")), "db");
  cpSync(original, dir, { recursive: true });
  return dir;
}

const append = (dir: string, path: string, text: string): void =>
  writeFileSync(join(dir, path), readFileSync(join(dir, path), "utf8") + text);

/** Each change, and whether the fast path may call the result up to date. */
const CASES: Array<{ name: string; change: (dir: string) => void; upToDate: boolean }> = [
  { name: "nothing changed", change: () => {}, upToDate: true },
  {
    name: "the user's code in a scaffold-once file",
    change: (d) => append(d, USER_HOOKS, "\n// mine\n"),
    upToDate: true,
  },
  {
    name: "an untracked file of the user's",
    change: (d) => writeFileSync(join(d, "notes.txt"), "x"),
    upToDate: true,
  },
  { name: "a generated file edited", change: (d) => append(d, CRD, "# edit\n"), upToDate: false },
  { name: "a generated file deleted", change: (d) => rmSync(join(d, CRD)), upToDate: false },
  {
    name: "a scaffold-once file deleted",
    change: (d) => rmSync(join(d, USER_HOOKS)),
    upToDate: false,
  },
  {
    name: "a scaffold-once file replaced by a folder",
    change: (d) => {
      rmSync(join(d, USER_HOOKS));
      mkdirSync(join(d, USER_HOOKS));
    },
    upToDate: false,
  },
  {
    name: "a merged file edited",
    change: (d) => append(d, "README.md", "mine\n"),
    upToDate: false,
  },
  {
    name: "a scaffold-once YAML file edited (a child CRD would be one)",
    change: (d) => append(d, "config/samples/kustomization.yaml", "# mine\n"),
    upToDate: false,
  },
  {
    name: "a comment added to the spec",
    change: (d) => append(d, "operator.yaml", "# c\n"),
    upToDate: false,
  },
  {
    name: "a generated file replaced by a link to an identical copy outside",
    change: (d) => {
      const outside = join(mkdtempSync(join(tmpdir(), "outside-")), "crd.yaml");
      cpSync(join(d, CRD), outside);
      rmSync(join(d, CRD));
      symlinkSync(outside, join(d, CRD));
    },
    upToDate: false,
  },
  {
    name: "the lock written by another generator version",
    change: (d) => {
      const lock = parseLock(readFileSync(join(d, LOCK_PATH), "utf8"));
      lock.generator.version = "0.0.1";
      writeFileSync(join(d, LOCK_PATH), JSON.stringify(lock));
    },
    upToDate: false,
  },
];

for (const { name, change, upToDate } of CASES) {
  test(`${name}: ${upToDate ? "up to date, and the full plan writes nothing" : "not up to date"}`, async () => {
    const dir = copy();
    change(dir);
    const lock = parseLock(readFileSync(join(dir, LOCK_PATH), "utf8"));
    const fast = checkUpToDate(dir, lock, GENERATOR_VERSION);
    assert.equal(fast.upToDate, upToDate, JSON.stringify(fast));
    if (!upToDate) return;
    const { plan } = await regenerateProject(dir, { dryRun: true });
    const acted = plan.entries.filter((e) => e.action !== "identical" && e.action !== "skip");
    assert.deepEqual(acted, []);
    assert.equal(JSON.stringify(plan.lock), JSON.stringify(lock), "the lock would not change");
  });
}
