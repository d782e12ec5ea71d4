// The API compatibility check as users meet it: `generate` refusing a breaking change (exit 1,
// nothing written), `--allow-breaking`, and `diff --json` for CI. The previous spec is written
// to .create-operator/base/operator.yaml by hand, as the last generation records it.

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { examplePath, listTree, runCli, tempDir } from "./support.ts";

const CRD = "config/crd/bases/db.example.com_databases.yaml";

/** A Database project whose recorded previous spec is the example, and whose spec now differs. */
function projectWithChange(edit: (spec: string) => string): string {
  const target = join(tempDir("compat-cli"), "db");
  assert.equal(runCli(["new", target, "--spec", examplePath("database")]).status, 0);
  const spec = readFileSync(join(target, "operator.yaml"), "utf8");
  mkdirSync(join(target, ".create-operator/base"), { recursive: true });
  writeFileSync(join(target, ".create-operator/base/operator.yaml"), spec);
  const changed = edit(spec);
  assert.notEqual(changed, spec, "the edit changes the spec");
  writeFileSync(join(target, "operator.yaml"), changed);
  return target;
}

/** size loses "large", and with it tenancy's class that makes large need the `use` verb (SEM302). */
const removeLarge = (spec: string) =>
  spec
    .replace("enum: [small, medium, large]", "enum: [small, medium]")
    .replace(/\n {2}classes:\n(?: {4,}.*\n)+/, "\n");

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

test("generate refuses a breaking change with exit 1, prints the report, writes nothing", () => {
  const target = projectWithChange(removeLarge);
  const before = treeHash(target);
  const result = runCli(["generate"], { cwd: target });
  assert.equal(result.status, 1, result.stdout + result.stderr);
  const line = `${join(target, "operator.yaml")}:34:7 breaking COMPAT024 spec.fields.size.enum [v1alpha1]: spec.size: enum value "large" removed`;
  assert.ok(result.stderr.includes(line), result.stderr);
  assert.match(
    result.stderr,
    /objects already stored with spec\.size=large will fail validation on their next update/,
  );
  assert.match(
    result.stderr,
    /error: 1 breaking change\(s\) to the API that clusters already store; nothing was written/,
  );
  assert.match(result.stderr, /--allow-breaking/);
  assert.deepEqual(treeHash(target), before, "no file changed");
});

test("generate --allow-breaking proceeds and still prints the report as a warning", () => {
  const target = projectWithChange(removeLarge);
  const result = runCli(["generate", "--allow-breaking"], { cwd: target });
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.match(result.stderr, / breaking COMPAT024 spec\.fields\.size\.enum/);
  assert.match(
    result.stderr,
    /API compatibility with the previous spec: 1 breaking, 0 risky, 0 safe/,
  );
  assert.match(result.stdout, /update\s+config\/crd\/bases\/db\.example\.com_databases\.yaml/);
  assert.doesNotMatch(readFileSync(join(target, CRD), "utf8"), /- large/);
});

test("generate --json carries the report beside the plan", () => {
  const target = projectWithChange(removeLarge);
  const refused = runCli(["generate", "--json"], { cwd: target });
  assert.equal(refused.status, 1, refused.stderr);
  const document = JSON.parse(refused.stdout) as {
    ok: boolean;
    compatibility: { counts: Record<string, number>; findings: Array<{ code: string }> };
  };
  assert.equal(document.ok, false);
  assert.deepEqual(document.compatibility.counts, { breaking: 1, risky: 0, safe: 0 });
  assert.equal(document.compatibility.findings[0]!.code, "COMPAT024");
});

test("generate goes ahead on risky and safe changes and prints them as info", () => {
  const target = projectWithChange((s) =>
    s.replace("enum: [small, medium, large]", "enum: [small, medium, large, xlarge]"),
  );
  const result = runCli(["generate"], { cwd: target });
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.match(result.stderr, / risky COMPAT011 spec\.fields\.size\.enum\[3\]/);
  assert.match(readFileSync(join(target, CRD), "utf8"), /- xlarge/);
});

test("diff --json prints the report's stable shape and exits 1 on a breaking change", () => {
  const target = projectWithChange((s) =>
    removeLarge(s).replace("Automated backups.", "Automated nightly backups."),
  );
  const before = treeHash(target);
  const result = runCli(["diff", "--json", "--dir", target]);
  assert.equal(result.status, 1, result.stderr);
  const report = JSON.parse(result.stdout) as Record<string, unknown> & {
    findings: Array<Record<string, unknown>>;
  };
  assert.deepEqual(Object.keys(report), [
    "ok",
    "checked",
    "note",
    "counts",
    "findings",
    "diagnostics",
  ]);
  assert.equal(report.ok, false);
  assert.equal(report.checked, true);
  assert.deepEqual(report.counts, { breaking: 1, risky: 0, safe: 1 });
  const [breaking, safe] = report.findings;
  assert.deepEqual(Object.keys(breaking!), [
    "class",
    "code",
    "version",
    "path",
    "file",
    "line",
    "column",
    "message",
    "hint",
    "edit",
  ]);
  // The spec edit that makes the change a new version instead (issue 19); null when there is none.
  assert.match(
    String(breaking!.edit),
    /^ {8}changed: \{ v1alpha1: \{ enum: \[small, medium, large\] \} \}$/m,
  );
  assert.equal(safe!.edit, null);
  assert.deepEqual(
    [breaking!.class, breaking!.code, breaking!.path, breaking!.line, breaking!.column],
    ["breaking", "COMPAT024", "spec.fields.size.enum", 34, 7],
  );
  assert.deepEqual(
    [safe!.class, safe!.code, safe!.path],
    ["safe", "COMPAT002", "spec.fields.backup.description"],
  );
  assert.match(String(breaking!.hint), /new API version \(v1alpha2\)|--allow-breaking/);
  assert.deepEqual(treeHash(target), before, "diff writes nothing");
});

test("diff exits 0 without breaking changes, and says when there is nothing to compare with", () => {
  const target = projectWithChange((s) => s.replace("Automated backups.", "Nightly backups."));
  const safe = runCli(["diff"], { cwd: target });
  assert.equal(safe.status, 0, safe.stderr);
  assert.match(safe.stdout, / safe COMPAT002 spec\.fields\.backup\.description/);
  assert.match(
    safe.stdout,
    /API compatibility with the previous spec: 0 breaking, 0 risky, 1 safe/,
  );

  const fresh = join(tempDir("compat-cli"), "db");
  assert.equal(runCli(["new", fresh, "--spec", examplePath("database")]).status, 0);
  // A project from a generator that kept no merge base (lock format 1) has no previous spec: a
  // gate that compared nothing fails (issue 22), saying why.
  rmSync(join(fresh, ".create-operator", "base"), { recursive: true });
  const lockPath = join(fresh, ".create-operator", "lock.json");
  writeFileSync(
    lockPath,
    JSON.stringify({ ...JSON.parse(readFileSync(lockPath, "utf8")), format: 1 }),
  );
  const none = runCli(["diff", "--json", "--dir", fresh]);
  assert.equal(none.status, 1, none.stderr);
  const report = JSON.parse(none.stdout) as { ok: boolean; checked: boolean; note: string };
  assert.equal(report.ok, false);
  assert.equal(report.checked, false);
  assert.equal(report.note, "no previous spec recorded: compatibility not checked");
});
