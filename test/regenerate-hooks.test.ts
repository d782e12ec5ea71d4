// Regeneration keeps a project building when the spec gains or loses an external resource or a
// child: the reconcile flow is generated, the user's decisions sit behind generated interfaces
// in files of theirs, and a file the spec no longer uses is kept but left out of compilation.
// Driven through the pipeline the CLI uses; every step ends with a strict tsc of the project.

import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { parseDocument } from "yaml";
import { describeUserHook, type UserHook } from "../generator/base/user-hooks.ts";
import { BreakingChangeError } from "../generator/compat/project-compat.ts";
import { createProject, regenerateProject, type PipelineResult } from "../generator/pipeline.ts";
import { typecheckProject } from "./property/typecheck.ts";
import { examplePath, runProjectTests, tempDir } from "./support.ts";

const BACKUP_VAULT = {
  name: "backupVault",
  description: "A vault that keeps the instance's backups.",
  inputs: ["backup.retentionDays"],
  outputs: ["backupVaultId"],
  deletionPolicy: "Retain",
  driftPolicy: "Report",
};
const NEW_USER_FILES = [
  "src/children/config-map.ts",
  "src/hooks/backup-vault.ts",
  "src/providers/backup-vault-cloud.ts",
];

function editSpec(dir: string, edit: (doc: ReturnType<typeof parseDocument>) => void): void {
  const path = join(dir, "operator.yaml");
  const doc = parseDocument(readFileSync(path, "utf8"));
  edit(doc);
  writeFileSync(path, doc.toString());
}

function addBackupVaultAndConfigMap(dir: string): void {
  editSpec(dir, (doc) => {
    doc.setIn(["status", "fields", "backupVaultId"], {
      type: "string",
      description: "Provider ID of the backup vault.",
    });
    doc.addIn(["externalResources"], BACKUP_VAULT);
    doc.addIn(["children"], { apiVersion: "v1", kind: "ConfigMap" });
  });
}

function actionOf(result: PipelineResult, path: string): string | undefined {
  return result.plan.entries.find((e) => e.path === path)?.action;
}

function hookAt(hooks: readonly UserHook[], path: string): UserHook | undefined {
  return hooks.find((h) => h.path === path);
}

function assertTypechecks(dir: string, when: string, config?: string): void {
  const { status, output } = typecheckProject(dir, config);
  assert.equal(
    status,
    0,
    `${when}: the project type-checks (${config ?? "tsconfig.json"})\n${output}`,
  );
}

async function newDatabaseProject(): Promise<string> {
  const dir = join(tempDir("regen-hooks"), "database");
  const source = readFileSync(examplePath("database"), "utf8");
  const created = await createProject(source, "operator.yaml", dir);
  assert.ok(created.written, "the project was written");
  return dir;
}

test("adding an external resource and a child scaffolds typed hook files, lists them, and builds; removing them keeps the files and still builds", async () => {
  const dir = await newDatabaseProject();
  assertTypechecks(dir, "as generated");

  addBackupVaultAndConfigMap(dir);
  const added = await regenerateProject(dir);
  assert.ok(
    added.written,
    `regeneration wrote the project: ${JSON.stringify(added.plan.entries.filter((e) => e.action === "conflict"))}`,
  );
  for (const path of NEW_USER_FILES) {
    assert.equal(actionOf(added, path), "create", `${path} is scaffolded`);
    assert.ok(existsSync(join(dir, path)), `${path} is on disk`);
  }
  const vaultHook = hookAt(added.userHooks, "src/hooks/backup-vault.ts");
  assert.deepEqual(
    vaultHook && describeUserHook(vaultHook),
    "implement `BackupVaultHooks` in src/hooks/backup-vault.ts: validateDesired",
  );
  assert.equal(hookAt(added.userHooks, "src/providers/backup-vault-cloud.ts")?.state, "active");
  assert.equal(hookAt(added.userHooks, "src/children/config-map.ts")?.state, "active");
  assert.equal(
    actionOf(added, "src/reconciler/backup-vault-part.ts"),
    "create",
    "the wiring is generated",
  );
  assert.equal(
    actionOf(added, "src/reconciler/database-reconciler.ts"),
    "update",
    "the flow is regenerated",
  );
  assertTypechecks(dir, "after adding backupVault and a ConfigMap");
  runUnitTests(dir);

  // Back to the original spec: the three files are the user's and stay, out of compilation.
  writeFileSync(join(dir, "operator.yaml"), readFileSync(examplePath("database"), "utf8"));
  // Dropping status.backupVaultId is a breaking API change (clients read it); allowed here.
  const removed = await regenerateProject(dir, { allowBreaking: true });
  assert.ok(removed.written);
  for (const path of NEW_USER_FILES) {
    assert.ok(existsSync(join(dir, path)), `${path} is kept`);
    const hook = hookAt(removed.userHooks, path);
    assert.equal(hook?.state, "unused", `${path} is reported as unused`);
    assert.match(
      describeUserHook(hook!),
      /no longer used by the spec; kept and excluded from compilation in tsconfig\.json/,
    );
  }
  assert.equal(
    existsSync(join(dir, "src/reconciler/backup-vault-part.ts")),
    false,
    "generated wiring is deleted",
  );
  const tsconfig = JSON.parse(readFileSync(join(dir, "tsconfig.json"), "utf8")) as {
    exclude?: string[];
  };
  assert.deepEqual(tsconfig.exclude, NEW_USER_FILES);
  assertTypechecks(dir, "after removing them");
  // `npm run build` compiles src/ through tsconfig.build.json, which inherits the exclusion.
  assertTypechecks(dir, "after removing them", "tsconfig.build.json");

  // The lock no longer lists them; the next run still knows them from tsconfig.json.
  const again = await regenerateProject(dir);
  assert.deepEqual(
    again.userHooks.filter((h) => h.state === "unused").map((h) => h.path),
    NEW_USER_FILES,
  );
  assert.equal(actionOf(again, "tsconfig.json"), "identical");
  assertTypechecks(dir, "on the run after");
});

test("a spec change that needs new user code fails tsc in the user's file, naming the member", async () => {
  const dir = await newDatabaseProject();
  // A status field no external resource fills: the status hooks must now set it.
  editSpec(dir, (doc) => {
    doc.setIn(["status", "fields", "region"], { type: "string", description: "Where it runs." });
  });
  const result = await regenerateProject(dir);
  assert.ok(result.written);
  const status = hookAt(result.userHooks, "src/hooks/database-status.ts");
  assert.ok(status?.state === "active" && status.todos.includes("set status.region"));
  const { status: code, output } = typecheckProject(dir);
  assert.notEqual(code, 0, "the project no longer type-checks");
  const errors = output.split("\n").filter((line) => / error TS\d+/.test(line));
  assert.ok(errors.length > 0, output);
  for (const line of errors)
    assert.match(line, /^src\/hooks\/database-status\.ts\(\d+,\d+\): /, output);
  assert.match(output, /Property 'region' is missing/);
});

test("keying an external resource on a natural key is refused as breaking, and once allowed, tsc names what the user's provider owes and generate lists it", async () => {
  const dir = await newDatabaseProject();
  editSpec(dir, (doc) => {
    doc.setIn(["spec", "fields", "instanceName"], {
      type: "string",
      description: "The instance's name at the cloud provider.",
      default: "main",
      immutable: true,
    });
    doc.setIn(["externalResources", 0, "identity"], {
      naturalKey: "instanceName",
      adoption: "Adopt",
    });
  });
  await assert.rejects(regenerateProject(dir), (err: unknown) => {
    assert.ok(err instanceof BreakingChangeError, String(err));
    assert.deepEqual(
      err.report.findings.filter((f) => f.class === "breaking").map((f) => [f.code, f.path]),
      [["COMPAT034", "externalResources[0].identity"]],
    );
    return true;
  });
  const result = await regenerateProject(dir, { allowBreaking: true });
  assert.ok(result.written);
  // The provider contract is generated; the user's implementation of it is theirs, kept.
  assert.equal(actionOf(result, "src/providers/instance-provider.ts"), "update");
  assert.equal(actionOf(result, "src/providers/instance-cloud.ts"), "skip");
  const cloud = hookAt(result.userHooks, "src/providers/instance-cloud.ts");
  assert.ok(cloud?.state === "active");
  assert.deepEqual(cloud.members, ["find", "ensure", "adopt", "delete"]);
  assert.equal(cloud.contract, "src/providers/instance-provider.ts");
  assert.equal(
    describeUserHook(cloud),
    "implement `InstanceProvider` in src/providers/instance-cloud.ts: find, ensure, adopt, delete",
  );
  // tsc reports a member that no longer fits before one that is missing: ensure() first, in the
  // user's file (and the wiring in main.ts, which the user does not edit, names adopt()).
  const first = typecheckProject(dir);
  assert.notEqual(first.status, 0, "the UID-keyed implementation no longer fits");
  assert.match(
    first.output,
    /^src\/providers\/instance-cloud\.ts\(\d+,\d+\): error TS2416: Property 'ensure'/m,
  );
  assert.match(first.output, /Property 'adopt' is missing/);
  // The user fixes ensure()'s parameters (a natural key's contract has no idempotency token: the
  // cloud refuses a second resource of one name); tsc then names the missing adopt() in their file.
  const cloudPath = join(dir, "src/providers/instance-cloud.ts");
  const fixed = readFileSync(cloudPath, "utf8")
    .replace(
      /async ensure\(\s*uid: string,\s*desired: InstanceDesired,/,
      "async ensure(uid: string, owner: ExternalOwner, desired: InstanceDesired,",
    )
    .replace(/\s*\/\/ `_request`[^\n]*\n\s*_request: EnsureRequest,/, "")
    .replace(
      /^import type /m,
      'import type { ExternalOwner } from "../runtime/external-owner.ts";\nimport type ',
    );
  writeFileSync(cloudPath, fixed);
  const second = typecheckProject(dir);
  assert.notEqual(second.status, 0);
  assert.match(
    second.output,
    /^src\/providers\/instance-cloud\.ts\(\d+,\d+\): error TS2420: Class 'CloudInstanceProvider' incorrectly implements interface 'InstanceProvider'\.\s+Property 'adopt' is missing/m,
    second.output,
  );
});

/** The generated project's own reconciler unit tests, on Node 24 (this process runs on it). */
function runUnitTests(dir: string): void {
  const result = runProjectTests(dir, ["test/reconciler.test.ts"]);
  const output = result.output;
  assert.equal(result.status, 0, output);
  assert.match(output, /^ℹ fail 0$/m, output);
  const passed = Number(/^ℹ pass (\d+)$/m.exec(output)?.[1] ?? 0);
  // Two bindings now: every per-binding test runs for each, on top of the shared ones.
  assert.ok(passed >= 20, `the generated unit tests ran: ${passed} passed\n${output}`);
}
