// `create-operator envtest` as a user runs it (from source, in a child process, with an env that
// holds only what each test sets): stdout is the path and nothing else; failures explain.

import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { assetsDir } from "../envtest/asset-dirs.ts";
import { tempDir, writeStubBinaries, writeStubGo, runCliFromSource } from "../envtest/testing.ts";

const pins = { kubernetes: "1.36.3", etcd: "3.6.16" };
const assetsPath = (root: string): string => assetsDir(root, "1.36.3");

function cliEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: tempDir("no-go"), CREATE_OPERATOR_ENVTEST_DIR: tempDir("cache"), ...extra };
}

test("nothing found, no --build: exit 1, empty stdout, and the three ways to get binaries", () => {
  const result = runCliFromSource(["envtest"], cliEnv());
  assert.equal(result.status, 1, result.stderr);
  assert.equal(result.stdout, "");
  assert.match(result.stderr, /^error: no kube-apiserver and etcd found \(looked in/);
  assert.match(result.stderr, /envtest --build/);
  assert.match(result.stderr, /GOPROXY=/);
  assert.match(result.stderr, /setup-envtest use 1\.36\.x -p path/);
  assert.match(result.stderr, /KUBEBUILDER_ASSETS=\/dir\/with/);
});

test("--build without go on PATH: exit 1 with the same explanation", () => {
  const result = runCliFromSource(["envtest", "--build"], cliEnv());
  assert.equal(result.status, 1, result.stderr);
  assert.equal(result.stdout, "");
  assert.match(result.stderr, /^error: --build needs a Go toolchain, and `go` is not on PATH/);
  assert.match(result.stderr, /setup-envtest use 1\.36\.x -p path/);
  assert.match(result.stderr, /TEST_ASSET_KUBE_APISERVER and TEST_ASSET_ETCD/);
});

test("KUBEBUILDER_ASSETS holding both binaries: its path alone on stdout", () => {
  const dir = writeStubBinaries(tempDir("kb"), pins);
  const result = runCliFromSource(["envtest"], cliEnv({ KUBEBUILDER_ASSETS: dir }));
  assert.equal(result.status, 0, result.stderr);
  assert.equal(result.stdout, `${dir}\n`);
});

test("--json: { path, source, kubernetes, etcd } and nothing else", () => {
  const own = writeStubBinaries(tempDir("own"), { kubernetes: "1.35.2", etcd: "3.5.21" });
  const env = cliEnv({
    TEST_ASSET_KUBE_APISERVER: join(own, "kube-apiserver"),
    TEST_ASSET_ETCD: join(own, "etcd"),
  });
  const result = runCliFromSource(["envtest", "--json"], env);
  assert.equal(result.status, 0, result.stderr);
  assert.deepEqual(JSON.parse(result.stdout), {
    path: own,
    source: "env",
    kubernetes: "1.35.2",
    etcd: "3.5.21",
  });
});

test("--build with a (stub) Go builds once, then finds the cache; progress only on stderr", () => {
  const bin = tempDir("bin");
  writeStubGo(bin);
  const env = cliEnv({ PATH: bin });
  const root = env.CREATE_OPERATOR_ENVTEST_DIR ?? "";

  const built = runCliFromSource(["envtest", "--build", "--json"], env);
  assert.equal(built.status, 0, built.stderr);
  assert.deepEqual(JSON.parse(built.stdout), { path: assetsPath(root), source: "built", ...pins });
  assert.match(built.stderr, /building kube-apiserver v1\.36\.3 from Go modules/);

  const again = runCliFromSource(["envtest", "--build"], env);
  assert.equal(again.status, 0, again.stderr);
  assert.equal(again.stdout, `${assetsPath(root)}\n`);
  assert.equal(again.stderr, "", "a current cache is used silently");
});
