// `validate --server` on a real kube-apiserver and etcd (the binaries `npm run envtest` builds):
// the examples pass, specs the local checks accept but the server rejects are reported at the
// line:col of the node to change with the server's own words, and the control plane never
// outlives the command, not even when it is interrupted.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { test } from "node:test";
import { findAssets } from "../../generator/envtest/find-assets.ts";
import { readPinnedVersions } from "../../generator/envtest/versions.ts";
import { BIN, examplePath, exampleNames, REPO_ROOT, runCli, tempDir } from "../support.ts";

assert.ok(
  findAssets({ env: process.env, versions: readPinnedVersions(REPO_ROOT) }),
  "these tests need kube-apiserver and etcd: run `npm run envtest` first",
);

const BASE = `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata:
  name: shop-operator
api:
  group: shop.example.com
  kind: Shop
  versions:
    - name: v1
spec:
  fields:
    size:
      type: integer
      minimum: 1
      maximum: 10
      default: 3
FIELDS
status:
  conditions:
    - type: Ready
`;

function specFile(name: string, fields: string): { file: string; source: string } {
  const file = join(tempDir(`server-${name}`), "operator.yaml");
  const source = BASE.replace("FIELDS\n", fields);
  writeFileSync(file, source);
  return { file, source };
}

/** `line:col` of `text` in the source, plus `skip` characters, found independently of the YAML parser. */
function at(source: string, text: string, skip = 0): string {
  const offset = source.indexOf(text);
  assert.ok(offset >= 0, `${JSON.stringify(text)} is in the spec`);
  const lines = source.slice(0, offset + skip).split("\n");
  return `${lines.length}:${lines.at(-1)!.length + 1}`;
}

for (const name of exampleNames()) {
  test(`examples/${name}.yaml: the API server accepts the CRD, the sample and every contract case`, () => {
    const result = runCli(["validate", examplePath(name), "--server"]);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /valid, and the API server agrees/);
    assert.match(result.stderr, /checked on kube-apiserver 1\.36\.3 in \d+\.\d s/);
  });
}

test("a rule the CEL type-checker rejects and one over the cost budget: at each rule", () => {
  const { file, source } = specFile(
    "crd-rules",
    `    backup:
      type: object
      fields:
        retentionDays:
          type: integer
          minimum: 0
          maximum: 35
      rules:
        - rule: "self.retentionDayz >= 1"
          message: keep backups at least a day
          examples:
            valid: [{ retentionDays: 2 }]
            invalid: [{ retentionDays: 0 }]
    hosts:
      type: array
      maxItems: 5000
      items:
        type: string
        maxLength: 253
      rules:
        - rule: "self.all(a, self.exists_one(b, a == b))"
          message: hosts must be unique
          examples:
            valid: [["a", "b"]]
            invalid: [["a", "a"]]
`,
  );
  // The local checks find nothing wrong with it: only the server knows.
  assert.equal(runCli(["validate", file]).status, 0);
  const result = runCli(["validate", file, "--server"]);
  assert.equal(result.status, 1, result.stderr);
  const errors = errorLines(result.stderr);
  assert.ok(
    errors.some(
      (line) =>
        line.startsWith(
          `${file}:${at(source, '"self.retentionDayz')} error SRV001 spec.fields.backup.rules[0].rule: ` +
            "the API server rejects the CRD: spec.validation.openAPIV3Schema.properties[spec].properties[backup].x-kubernetes-validations[0].rule: ",
        ) && line.includes("undefined field 'retentionDayz'"),
    ),
    result.stderr,
  );
  assert.ok(
    errors.some(
      (line) =>
        line.startsWith(
          `${file}:${at(source, '"self.all(a')} error SRV001 spec.fields.hosts.rules[0].rule: `,
        ) && line.includes("estimated rule cost exceeds budget"),
    ),
    result.stderr,
  );
  assert.match(result.stderr, /hint: The generated CRD would not install/);
});

test("a default its own rule rejects: at the default, with the rule's message", () => {
  const { file, source } = specFile(
    "crd-default",
    `    replicas:
      type: integer
      default: 1
      rules:
        - rule: "self >= 3"
          message: at least three replicas
          examples:
            valid: [3]
            invalid: [2]
`,
  );
  assert.equal(runCli(["validate", file]).status, 0);
  const result = runCli(["validate", file, "--server"]);
  assert.equal(result.status, 1, result.stderr);
  // The server checks the default twice (alone, and inside the spec's own default): one report.
  const errors = errorLines(result.stderr);
  assert.equal(errors.length, 1, result.stderr);
  assert.ok(
    errors[0]!.startsWith(
      `${file}:${at(source, "default: 1", "default: ".length)} error SRV001 spec.fields.replicas.default: `,
    ),
    result.stderr,
  );
  assert.match(errors[0]!, /default(\.replicas)?: Invalid value: 1: at least three replicas$/);
});

function errorLines(stderr: string): string[] {
  return stderr.split("\n").filter((line) => / error SRV\d{3} /.test(line));
}

test("rule examples the server disagrees with, at the example, as JSON", () => {
  const { file, source } = specFile(
    "examples",
    `    replicas:
      type: integer
      default: 3
      rules:
        - rule: "self >= 3"
          message: at least three replicas
          examples:
            valid: [3, 2]
            invalid: [1, 5]
`,
  );
  assert.equal(runCli(["validate", file]).status, 0);
  const result = runCli(["validate", file, "--server", "--json"]);
  assert.equal(result.status, 1, result.stderr);
  const document = JSON.parse(result.stdout) as {
    ok: boolean;
    diagnostics: Array<{
      code: string;
      path: string;
      message: string;
      position: { line: number; col: number };
    }>;
  };
  assert.equal(document.ok, false);
  const shown = document.diagnostics.map(
    (d) => `${d.position.line}:${d.position.col} ${d.code} ${d.path}`,
  );
  assert.deepEqual(shown, [
    `${at(source, "2]")} SRV003 spec.fields.replicas.rules[0].examples.valid[1]`,
    `${at(source, "5]")} SRV004 spec.fields.replicas.rules[0].examples.invalid[1]`,
  ]);
  assert.match(
    document.diagnostics[0]!.message,
    /rejects .*spec\.replicas: Invalid value: 2: at least three replicas/,
  );
  assert.match(
    document.diagnostics[1]!.message,
    /accepts a value the generator expects it to reject/,
  );
});

test("SIGINT while the control plane runs: both processes and the run directory are gone", async () => {
  const tmp = tempDir("server-signal");
  const child = spawn(process.execPath, [BIN, "validate", examplePath("database"), "--server"], {
    env: { ...process.env, TMPDIR: tmp },
    stdio: "ignore",
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  const runDir = await waitFor(() => {
    const dir = readdirSync(tmp).find((d) => d.startsWith("create-operator-server-"));
    // Both binaries have exec'd once two processes name the run directory on their command line.
    return dir && processesUsing(join(tmp, dir)).length >= 2 ? join(tmp, dir) : undefined;
  });
  child.kill("SIGINT");
  assert.equal(await exited, 130);
  assert.deepEqual(processesUsing(runDir), []);
  assert.equal(existsSync(runDir), false);
});

async function waitFor<T>(probe: () => T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    assert.ok(Date.now() < deadline, "the control plane did not start in time");
    await sleep(20);
  }
}

/** Pids of processes whose command line names the directory (etcd's data dir, the API server's cert dir). */
function processesUsing(dir: string): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(dir);
      } catch {
        return false;
      }
    })
    .map(Number);
}
