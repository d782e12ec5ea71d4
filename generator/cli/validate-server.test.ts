// `validate --server` where no real control plane is needed: what happens without binaries, with
// binaries that do not start, and with a spec the local checks already reject. The end-to-end
// tests with a real API server are in test/e2e/validate-server.test.ts.

import assert from "node:assert/strict";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { runCliFromSource, tempDir, writeStubBinaries } from "../envtest/testing.ts";

const EXAMPLE = new URL("../../examples/database.yaml", import.meta.url).pathname;

function cliEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: tempDir("no-go"), CREATE_OPERATOR_ENVTEST_DIR: tempDir("cache"), ...extra };
}

test("--server without binaries: exit 2, and how to get them", () => {
  const empty = tempDir("empty-assets");
  const result = runCliFromSource(
    ["validate", EXAMPLE, "--server"],
    cliEnv({ KUBEBUILDER_ASSETS: empty }),
  );
  assert.equal(result.status, 2, result.stderr);
  assert.equal(result.stdout, "");
  assert.match(result.stderr, new RegExp(`ignoring KUBEBUILDER_ASSETS=${empty}: it lacks`));
  assert.match(result.stderr, /error: --server needs kube-apiserver and etcd; none found/);
  assert.match(result.stderr, /envtest --build/);
  assert.match(result.stderr, /KUBEBUILDER_ASSETS=\/dir\/with/);
  assert.match(result.stderr, /TEST_ASSET_KUBE_APISERVER and TEST_ASSET_ETCD/);
});

test("--server --json without binaries: exit 2, the explanation in the JSON document", () => {
  const result = runCliFromSource(
    ["validate", EXAMPLE, "--server", "--json"],
    cliEnv({ KUBEBUILDER_ASSETS: tempDir("empty-assets") }),
  );
  assert.equal(result.status, 2, result.stderr);
  const document = JSON.parse(result.stdout) as {
    ok: boolean;
    errors: { message: string; hint?: string }[];
  };
  assert.equal(document.ok, false);
  assert.match(document.errors[0]!.message, /--server needs kube-apiserver and etcd/);
  assert.match(document.errors[0]!.hint ?? "", /create-operator envtest --build/);
});

test("--server on a spec the local checks reject: exit 1 with their diagnostics, no server", () => {
  const dir = tempDir("bad-spec");
  const file = join(dir, "operator.yaml");
  const source = readFileSync(EXAMPLE, "utf8").replace("maximum: 35", "maximum: -1");
  writeFileSync(file, source);
  const result = runCliFromSource(["validate", file, "--server"], cliEnv());
  assert.equal(result.status, 1, result.stderr);
  assert.match(result.stderr, /operator\.yaml:\d+:\d+ error SEM\d{3}/);
  assert.doesNotMatch(result.stderr, /kube-apiserver/);
});

test("binaries that do not start: exit 2 with their log, nothing left in the temp directory", () => {
  const assets = writeStubBinaries(tempDir("stub-assets"), {
    kubernetes: "1.36.3",
    etcd: "3.6.16",
  });
  const tmp = tempDir("tmp");
  const result = runCliFromSource(
    ["validate", EXAMPLE, "--server"],
    cliEnv({ KUBEBUILDER_ASSETS: assets, TMPDIR: tmp }),
  );
  assert.equal(result.status, 2, result.stderr);
  assert.match(
    result.stderr,
    /error: the control plane in .* did not start: etcd exited with code 0/,
  );
  assert.match(
    result.stderr,
    /etcd Version: 3\.6\.16/,
    "the log tail says what the binary printed",
  );
  assert.deepEqual(readdirSync(tmp), []);
});

const SOURCE_DIRS = ["generator/server-check/", "generator/cli/validate-server.ts"];

test("docs/diagnostics.md documents exactly the SRV codes the server check emits", () => {
  const root = new URL("../../", import.meta.url);
  const read = (path: string) => readFileSync(new URL(path, root), "utf8");
  const sources = SOURCE_DIRS.flatMap((entry) =>
    entry.endsWith("/")
      ? readdirSync(new URL(entry, root))
          .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
          .map((f) => read(`${entry}${f}`))
      : [read(entry)],
  ).join("\n");
  const codes = (text: string) => [...new Set(text.match(/\bSRV\d{3}\b/g) ?? [])].sort();
  const emitted = codes(sources);
  assert.ok(emitted.length >= 5, `found ${emitted.join(", ")}`);
  assert.deepEqual(codes(read("docs/diagnostics.md")), emitted);
});
