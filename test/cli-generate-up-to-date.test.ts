// `generate` when nothing changed says "nothing to do" and touches no byte; any change that the
// full run would act on (a hand edit, a deleted file, a spec or child CRD change) is not skipped.

import assert from "node:assert/strict";
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { addSpecField, CRD, databaseProject, modificationTimes } from "./project-fixture.ts";
import { REPO_ROOT, runCli, tempDir } from "./support.ts";

const NOTHING_TO_DO = /nothing to do/i;

test("an unchanged project: nothing to do, and no file's modification time moves", () => {
  const project = databaseProject();
  const before = modificationTimes(project);
  const result = runCli(["generate"], { cwd: project });
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, NOTHING_TO_DO);
  assert.ok(result.stdout.includes(project), result.stdout);
  assert.deepEqual(modificationTimes(project), before);
});

test("--json reports nothing to do as a document", () => {
  const project = databaseProject();
  const result = runCli(["generate", "--json"], { cwd: project });
  assert.equal(result.status, 0, result.stderr);
  const report = JSON.parse(result.stdout) as { ok: boolean; upToDate: boolean; files: unknown[] };
  assert.equal(report.ok, true);
  assert.equal(report.upToDate, true);
  assert.deepEqual(report.files, []);
});

test("the user's own code in scaffold-once files is not a change to act on", () => {
  const project = databaseProject();
  const reconciler = join(project, "src/hooks/instance.ts");
  writeFileSync(reconciler, readFileSync(reconciler, "utf8") + "\n// my domain logic\n");
  const result = runCli(["generate"], { cwd: project });
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, NOTHING_TO_DO);
});

test("a generated file edited by hand is not skipped: the full run plans it and keeps the edit", () => {
  const project = databaseProject();
  writeFileSync(join(project, CRD), readFileSync(join(project, CRD), "utf8") + "# my edit\n");
  const result = runCli(["generate", "--json"], { cwd: project });
  assert.equal(result.status, 0, result.stdout + result.stderr);
  const report = JSON.parse(result.stdout) as { upToDate?: boolean; files: { path: string }[] };
  // Not the lock-only shortcut: the full plan ran and looked at every file.
  assert.equal(report.upToDate, undefined);
  assert.ok(report.files.some((f) => f.path === CRD));
  assert.match(readFileSync(join(project, CRD), "utf8"), /# my edit\n$/);
});

test("a deleted generated file is not skipped: it is written again", () => {
  const project = databaseProject();
  rmSync(join(project, CRD));
  const result = runCli(["generate"], { cwd: project });
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.doesNotMatch(result.stdout, NOTHING_TO_DO);
  assert.match(result.stdout, new RegExp(`create\\s+${CRD.replace(/\./g, "\\.")}`));
  assert.match(readFileSync(join(project, CRD), "utf8"), /kind: CustomResourceDefinition/);
});

test("a deleted scaffold-once file is not skipped: it is scaffolded again", () => {
  const project = databaseProject();
  rmSync(join(project, "src/hooks/instance.ts"));
  const result = runCli(["generate"], { cwd: project });
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /create\s+src\/hooks\/instance\.ts/);
});

test("a spec change is not skipped", () => {
  const project = databaseProject();
  addSpecField(project);
  const result = runCli(["generate"], { cwd: project });
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.doesNotMatch(result.stdout, NOTHING_TO_DO);
  assert.match(readFileSync(join(project, CRD), "utf8"), /maintenanceWindow:/);
});

test("a change to a child CRD file the spec names is not skipped", () => {
  const specs = tempDir("child-crd");
  cpSync(join(REPO_ROOT, "test/specs"), specs, { recursive: true });
  const project = join(tempDir("project"), "certs");
  const created = runCli(["new", project, "--spec", join(specs, "cert-manager-certificate.yaml")]);
  assert.equal(created.status, 0, created.stderr);
  assert.match(runCli(["generate"], { cwd: project }).stdout, NOTHING_TO_DO);
  const crd = join(project, "crds/certificaterequests.yaml");
  writeFileSync(
    crd,
    readFileSync(crd, "utf8").replace("shortNames: [cr, crs]", "shortNames: [cr, crs, creq]"),
  );
  const result = runCli(["generate"], { cwd: project });
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.doesNotMatch(result.stdout, NOTHING_TO_DO);
  assert.match(result.stdout, /update\s+config\/crd\/bases\/cert-manager\.io_certificaterequests/);
});
