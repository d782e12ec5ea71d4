// Regeneration as a user lives it, through the real pipeline on examples/database.yaml: generate,
// edit files by hand (README, `npm install`, .gitignore, a manifest), change the spec, regenerate,
// and check that every edit survived and every generator change landed, or that the conflict is
// written with markers and reported until it is resolved.

import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { basePath, LOCK_PATH, parseLock } from "../generator/base/lock-file.ts";
import { createProject, regenerateProject } from "../generator/pipeline.ts";
import type { PlannedFile } from "../generator/plan/plan.ts";
import { examplePath, tempDir } from "./support.ts";

const DESCRIPTION = "Provisions managed cloud databases and publishes their endpoints.";
const NEW_DESCRIPTION = "Provisions managed databases in any cloud and publishes endpoints.";

async function newProject(): Promise<string> {
  const root = join(tempDir("regen"), "db");
  await createProject(readFileSync(examplePath("database"), "utf8"), "operator.yaml", root);
  return root;
}

const read = (root: string, path: string) => readFileSync(join(root, path), "utf8");
const write = (root: string, path: string, content: string) =>
  writeFileSync(join(root, path), content);
const edit = (root: string, path: string, change: (text: string) => string) =>
  write(root, path, change(read(root, path)));

function actionOf(entries: PlannedFile[], path: string): string | undefined {
  return entries.find((e) => e.path === path)?.action;
}

/** What `npm install left-pad` and a hand-added script do to package.json. */
function npmInstallLeftPad(text: string): string {
  const pkg = JSON.parse(text) as Record<string, Record<string, string>>;
  pkg.dependencies = { ...pkg.dependencies, "left-pad": "^1.3.0" };
  pkg.scripts = { ...pkg.scripts, lint: "eslint ." };
  return JSON.stringify(pkg, null, 2) + "\n";
}

test("README, package.json and .gitignore edits survive a spec change that changes those files", async () => {
  const root = await newProject();
  edit(root, "README.md", (t) => t + "\n## Our runbook\n\nPage the database team.\n");
  edit(root, "package.json", npmInstallLeftPad);
  edit(root, ".gitignore", (t) => t + "coverage/\n");
  edit(root, "operator.yaml", (t) => t.replace(DESCRIPTION, NEW_DESCRIPTION));

  const result = await regenerateProject(root);

  assert.equal(actionOf(result.plan.entries, "README.md"), "merge");
  assert.equal(actionOf(result.plan.entries, "package.json"), "merge");
  const readme = read(root, "README.md");
  assert.ok(readme.includes(NEW_DESCRIPTION), "the generator's change landed in README.md");
  assert.ok(!readme.includes(DESCRIPTION));
  assert.ok(
    readme.endsWith("## Our runbook\n\nPage the database team.\n"),
    "the user's section survived",
  );
  const pkg = JSON.parse(read(root, "package.json")) as Record<string, Record<string, string>>;
  assert.equal(pkg.description as unknown, NEW_DESCRIPTION);
  assert.equal(pkg.dependencies?.["left-pad"], "^1.3.0");
  assert.equal(pkg.dependencies?.["@kubernetes/client-node"], "2.0.1");
  assert.equal(pkg.scripts?.lint, "eslint .");
  assert.ok(pkg.scripts?.test?.startsWith("node --test"));
  const gitignore = read(root, ".gitignore");
  assert.ok(gitignore.includes("coverage/\n") && gitignore.includes("node_modules/\n"));
  // The next run has nothing new to merge: nothing to do, and the merged files stay as they are.
  const again = await regenerateProject(root);
  assert.equal(
    again.nothingToDo,
    true,
    JSON.stringify(again.plan.entries.filter((e) => e.action !== "identical")),
  );
  assert.equal(read(root, "README.md"), readme);
});

test("a manifest edited by hand keeps the edit when the spec changes another part of it", async () => {
  const root = await newProject();
  const manifest = "config/manager/manager.yaml";
  edit(root, manifest, (t) =>
    t.replace(
      "  namespace: database-operator-system\n  labels:\n",
      "  namespace: database-operator-system\n  labels:\n    team: payments\n",
    ),
  );
  assert.ok(read(root, manifest).includes("team: payments"));
  edit(root, "operator.yaml", (t) => t.replace("leaderElection: true", "leaderElection: false"));

  const result = await regenerateProject(root);

  assert.equal(actionOf(result.plan.entries, manifest), "merge");
  const merged = read(root, manifest);
  assert.ok(merged.includes("    team: payments\n"), "the hand-added label survived");
  assert.match(merged, /name: LEADER_ELECT\n\s+value: "false"/, "the spec change landed");
  assert.ok(!merged.includes("<<<<<<<"));
});

test("the base mirror holds the last render, including operator.yaml, and the lock is format 2", async () => {
  const root = await newProject();
  edit(root, "operator.yaml", (t) => t.replace(DESCRIPTION, NEW_DESCRIPTION));
  edit(root, "README.md", (t) => t + "mine\n");
  await regenerateProject(root);
  assert.equal(read(root, basePath("operator.yaml")), read(root, "operator.yaml"));
  assert.ok(read(root, basePath("README.md")).includes(NEW_DESCRIPTION));
  assert.ok(
    !read(root, basePath("README.md")).endsWith("mine\n"),
    "the base is the render, not the disk",
  );
  const lock = parseLock(read(root, LOCK_PATH));
  assert.equal(lock.format, 2);
  assert.match(
    read(root, ".gitattributes"),
    /^\.create-operator\/base\/\*\* linguist-generated=true$/m,
  );
  assert.match(read(root, ".prettierignore"), /^\.create-operator\/base\/$/m);
  const tsconfig = JSON.parse(read(root, "tsconfig.json")) as { include: string[] };
  assert.ok(tsconfig.include.every((glob) => !glob.startsWith(".") && !glob.startsWith("*")));
});

test("--update-scaffold merges template changes into a scaffold-once file; plain generate never does", async () => {
  const root = await newProject();
  const sample = "config/samples/db.example.com_v1alpha1_database.yaml";
  edit(root, sample, (t) =>
    t.replace("  name: database-sample\n", "  name: database-sample\n  namespace: team-a\n"),
  );
  edit(root, "operator.yaml", (t) =>
    t.replace(
      "  fields:\n    engine:\n",
      "  fields:\n    owner:\n      type: string\n      description: Team that owns it.\n      required: true\n      maxLength: 63\n    engine:\n",
    ),
  );
  const before = read(root, sample);
  // A new required field breaks stored objects; this test is about the sample, so allow it.
  const plain = await regenerateProject(root, { allowBreaking: true });
  const skipped = plain.plan.entries.find((e) => e.path === sample);
  assert.equal(skipped?.action, "skip");
  assert.match(skipped?.reason ?? "", /scaffold-once.*--update-scaffold/);
  assert.equal(read(root, sample), before);

  const updated = await regenerateProject(root, { updateScaffold: [sample], allowBreaking: true });
  assert.equal(actionOf(updated.plan.entries, sample), "merge");
  const merged = read(root, sample);
  assert.ok(merged.includes("namespace: team-a"), "the user's edit survived");
  assert.match(merged, /owner:/, "the template's change landed");
});

test("--force overwrites an edited file with the render and says so", async () => {
  const root = await newProject();
  edit(root, "README.md", (t) => t.replace(DESCRIPTION, "My own words."));
  edit(root, "operator.yaml", (t) => t.replace(DESCRIPTION, NEW_DESCRIPTION));
  const result = await regenerateProject(root, { force: true });
  const entry = result.plan.entries.find((e) => e.path === "README.md");
  assert.equal(entry?.action, "update");
  assert.match(entry?.reason ?? "", /--force: your edits were overwritten/);
  assert.equal(read(root, "README.md"), result.files.get("README.md")?.content);
});

test("--keep accepts the user's version and records it until the render changes again", async () => {
  const root = await newProject();
  edit(root, "README.md", (t) => t.replace(DESCRIPTION, "My own words."));
  edit(root, "operator.yaml", (t) => t.replace(DESCRIPTION, NEW_DESCRIPTION));
  const mine = read(root, "README.md");
  const kept = await regenerateProject(root, { keep: ["README.md"] });
  assert.equal(actionOf(kept.plan.entries, "README.md"), "skip");
  assert.equal(read(root, "README.md"), mine);
  assert.equal(parseLock(read(root, LOCK_PATH)).files["README.md"]?.kept, true);
  const again = await regenerateProject(root);
  assert.equal(again.nothingToDo, true);
  // A later render change is merged into the kept version as usual.
  edit(root, "operator.yaml", (t) =>
    t.replace(
      "A managed database instance in the cloud provider.",
      "A managed database instance at the cloud provider.",
    ),
  );
  const later = await regenerateProject(root);
  assert.equal(actionOf(later.plan.entries, "README.md"), "merge");
  assert.ok(read(root, "README.md").includes("A managed database instance at the cloud provider."));
  assert.equal(parseLock(read(root, LOCK_PATH)).files["README.md"]?.kept, undefined);
  assert.ok(read(root, "README.md").includes("My own words."));
});

test("a format 1 lock (no bases) still works: unedited files update, an edited one conflicts two-way", async () => {
  const root = await newProject();
  const lock = JSON.parse(read(root, LOCK_PATH)) as { format: number };
  write(root, LOCK_PATH, JSON.stringify({ ...lock, format: 1 }, null, 2) + "\n");
  const { rmSync } = await import("node:fs");
  rmSync(join(root, ".create-operator/base"), { recursive: true });
  edit(root, "README.md", (t) => t.replace(DESCRIPTION, "My own words."));
  edit(root, "operator.yaml", (t) => t.replace(DESCRIPTION, NEW_DESCRIPTION));
  const result = await regenerateProject(root);
  assert.equal(actionOf(result.plan.entries, "package.json"), "update");
  const readme = result.plan.entries.find((e) => e.path === "README.md")!;
  assert.equal(readme.action, "conflict");
  assert.match(readme.reason ?? "", /no merge base is recorded/);
  const text = read(root, "README.md");
  assert.ok(
    text.includes(
      "<<<<<<< yours\nMy own words.\n=======\n" + NEW_DESCRIPTION + "\n>>>>>>> generated\n",
    ),
  );
  assert.equal(parseLock(read(root, LOCK_PATH)).format, 2);
});

test("package.json: a key both sides changed is a conflict naming the key and both values; the rest merges", async () => {
  const root = await newProject();
  edit(root, "package.json", (t) => {
    const pkg = JSON.parse(npmInstallLeftPad(t)) as Record<string, unknown>;
    return JSON.stringify({ ...pkg, description: "Ours." }, null, 2) + "\n";
  });
  edit(root, "operator.yaml", (t) => t.replace(DESCRIPTION, NEW_DESCRIPTION));
  const result = await regenerateProject(root);
  const entry = result.plan.entries.find((e) => e.path === "package.json")!;
  assert.equal(entry.action, "conflict");
  assert.deepEqual(
    entry.conflicts?.map((c) => c.message),
    [`description: yours "Ours.", generated ${JSON.stringify(NEW_DESCRIPTION)}`],
  );
  const text = read(root, "package.json");
  assert.ok(
    text.includes(
      `<<<<<<< yours\n  "description": "Ours.",\n=======\n  "description": ${JSON.stringify(NEW_DESCRIPTION)},\n>>>>>>> generated\n`,
    ),
    text,
  );
  assert.equal(text.split("\n")[entry.conflicts![0]!.line - 1], "<<<<<<< yours");
  assert.ok(text.includes('"left-pad": "^1.3.0"'), "the user's dependency is kept");
  assert.equal(actionOf(result.plan.entries, "README.md"), "update");
});
