// The user's obligations come from the model, and the user's files the spec no longer produces
// are exactly the ones tsconfig.json leaves out: never a generated or verbatim file, never a
// file outside the TypeScript program, never one the spec still uses.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { describeUserHook } from "../base/user-hooks.ts";
import { loadSpec } from "../pipeline.ts";
import { renderProject, unusedUserFiles, userHooks } from "./render-project.ts";

const database = loadSpec(
  readFileSync(new URL("../../examples/database.yaml", import.meta.url), "utf8"),
  "operator.yaml",
).model;

const previous = [
  "src/hooks/instance.ts", // still used
  "src/hooks/backup-vault.ts", // a removed resource's hooks
  "src/children/config-map.ts", // a removed child's builder
  "test/faults/shutdown.test.ts", // verbatim: the generator's own
  "operator.yaml", // not TypeScript
  "config/samples/kustomization.yaml",
];

test("unused user files: the previous ones the render no longer produces, TypeScript only", () => {
  assert.deepEqual(unusedUserFiles(database, previous), [
    "src/children/config-map.ts",
    "src/hooks/backup-vault.ts",
  ]);
  assert.deepEqual(unusedUserFiles(database, []), []);
});

test("tsconfig.json excludes the unused files, and has no exclude when there are none", async () => {
  const withUnused = await renderProject(database, { previousUserFiles: previous });
  const tsconfig = JSON.parse(withUnused.get("tsconfig.json")!.content) as { exclude?: string[] };
  assert.deepEqual(tsconfig.exclude, ["src/children/config-map.ts", "src/hooks/backup-vault.ts"]);
  const plain = JSON.parse((await renderProject(database)).get("tsconfig.json")!.content) as {
    exclude?: string[];
  };
  assert.equal(plain.exclude, undefined);
});

test("every scaffold-once source file is listed with what it implements; unused files follow", async () => {
  const hooks = userHooks(database, { previousUserFiles: previous });
  const files = await renderProject(database);
  const scaffolded = [...files.values()]
    .filter((f) => f.ownership === "scaffold-once" && f.path.endsWith(".ts"))
    .map((f) => f.path)
    .sort();
  assert.deepEqual(
    hooks.filter((h) => h.state === "active").map((h) => h.path),
    scaffolded,
  );
  assert.deepEqual(hooks.map(describeUserHook), [
    "implement `DatabaseChildBuilder<V1Secret>` in src/children/secret.ts: desiredSecret",
    "implement `DatabaseStatusHooks` in src/hooks/database-status.ts: observe",
    "implement `InstanceHooks` in src/hooks/instance.ts: validateDesired",
    "implement `InstanceProvider` in src/providers/instance-cloud.ts: find, ensure, delete, listByOwnerTag",
    "src/children/config-map.ts is no longer used by the spec; kept and excluded from compilation in tsconfig.json; delete it when you no longer need its code",
    "src/hooks/backup-vault.ts is no longer used by the spec; kept and excluded from compilation in tsconfig.json; delete it when you no longer need its code",
  ]);
  // Each interface named is one the generated code declares.
  const declared = [...files.values()].map((f) => f.content).join("\n");
  for (const hook of hooks)
    if (hook.state === "active") {
      const name = hook.implements.replace(/<.*$/, "");
      assert.match(declared, new RegExp(`export (interface|type) ${name}\\b`), name);
      assert.match(files.get(hook.path)!.content, new RegExp(`\\b${hook.export}\\b`), hook.path);
    }
});
