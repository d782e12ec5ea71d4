// Lookup without building: controller-runtime's order, then the cache only when its stamp matches.

import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { assetsDir, cacheRoot, goPlatform, STAMP_FILE } from "./asset-dirs.ts";
import { cachedAssetsDir, findAssets } from "./find-assets.ts";
import { tempDir, writeStubBinaries } from "./testing.ts";
import type { EnvtestVersions } from "./versions.ts";

const versions: EnvtestVersions = {
  kubernetes: "1.36.3",
  etcd: "3.6.16",
  buildDate: "2026-07-22T18:07:38Z",
};
const linux = { goos: "linux", goarch: "amd64" };

/** A cache root whose assets dir holds stub binaries and, optionally, a stamp. */
function cacheWith(stamp: EnvtestVersions | undefined): string {
  const root = tempDir("cache");
  const dir = writeStubBinaries(assetsDir(root, versions.kubernetes, linux), versions);
  if (stamp) writeFileSync(join(dir, STAMP_FILE), JSON.stringify(stamp));
  return root;
}

test("the cache root: CREATE_OPERATOR_ENVTEST_DIR, else XDG_CACHE_HOME, else ~/.cache", () => {
  const env = { CREATE_OPERATOR_ENVTEST_DIR: "/x/envtest", XDG_CACHE_HOME: "/xdg" };
  assert.equal(cacheRoot(env, "/home/u"), "/x/envtest");
  assert.equal(cacheRoot({ XDG_CACHE_HOME: "/xdg" }, "/home/u"), "/xdg/create-operator/envtest");
  assert.equal(cacheRoot({}, "/home/u"), "/home/u/.cache/create-operator/envtest");
});

test("the assets dir is laid out like setup-envtest's, with Go's names for OS and arch", () => {
  assert.deepEqual(goPlatform("linux", "x64"), linux);
  assert.deepEqual(goPlatform("darwin", "arm64"), { goos: "darwin", goarch: "arm64" });
  assert.deepEqual(goPlatform("win32", "ia32"), { goos: "windows", goarch: "386" });
  assert.equal(assetsDir("/c", "1.36.3", linux), "/c/k8s/1.36.3-linux-amd64");
});

test("TEST_ASSET_KUBE_APISERVER + TEST_ASSET_ETCD win over everything else", () => {
  const own = writeStubBinaries(tempDir("own"), { kubernetes: "1.35.0", etcd: "3.5.21" });
  const env = {
    TEST_ASSET_KUBE_APISERVER: join(own, "kube-apiserver"),
    TEST_ASSET_ETCD: join(own, "etcd"),
    KUBEBUILDER_ASSETS: writeStubBinaries(tempDir("kb"), versions),
  };
  const found = findAssets({ env, versions, root: cacheWith(versions), platform: linux });
  assert.deepEqual(found, { path: own, source: "env", kubernetes: "1.35.0", etcd: "3.5.21" });
});

test("only one TEST_ASSET_* set: KUBEBUILDER_ASSETS is next", () => {
  const kb = writeStubBinaries(tempDir("kb"), versions);
  const env = { TEST_ASSET_ETCD: join(kb, "etcd"), KUBEBUILDER_ASSETS: kb };
  const found = findAssets({ env, versions, root: cacheWith(versions), platform: linux });
  assert.equal(found?.source, "kubebuilder-assets");
  assert.equal(found?.path, kb);
});

test("TEST_ASSET_* that are not executable files are passed over with a note", () => {
  const notes: string[] = [];
  const env = { TEST_ASSET_KUBE_APISERVER: "/nonexistent/kube-apiserver", TEST_ASSET_ETCD: "/x" };
  const root = cacheWith(versions);
  const found = findAssets({ env, versions, root, platform: linux, note: (n) => notes.push(n) });
  assert.equal(found?.source, "cache");
  assert.match(notes.join("\n"), /ignoring TEST_ASSET_KUBE_APISERVER\/TEST_ASSET_ETCD/);
});

test("a KUBEBUILDER_ASSETS dir missing a binary is passed over for the cache", () => {
  const half = tempDir("half");
  writeFileSync(join(half, "etcd"), "#!/bin/sh\n", { mode: 0o755 });
  const notes: string[] = [];
  const root = cacheWith(versions);
  const env = { KUBEBUILDER_ASSETS: half };
  const found = findAssets({ env, versions, root, platform: linux, note: (n) => notes.push(n) });
  assert.deepEqual(found, {
    path: assetsDir(root, "1.36.3", linux),
    source: "cache",
    kubernetes: "1.36.3",
    etcd: "3.6.16",
  });
  assert.match(notes.join("\n"), /ignoring KUBEBUILDER_ASSETS=.*: it lacks kube-apiserver or etcd/);
});

test("binaries that do not report a version give null, not the pins", () => {
  const mute = tempDir("mute");
  for (const name of ["kube-apiserver", "etcd"])
    writeFileSync(join(mute, name), "#!/bin/sh\nexit 0\n", { mode: 0o755 });
  const found = findAssets({ env: { KUBEBUILDER_ASSETS: mute }, versions, root: tempDir("empty") });
  assert.deepEqual(found, {
    path: mute,
    source: "kubebuilder-assets",
    kubernetes: null,
    etcd: null,
  });
});

test("the cache without a stamp, or with a stale one, is not found (a version bump rebuilds)", () => {
  const stale = { ...versions, kubernetes: "1.35.0" };
  for (const stamp of [undefined, stale, { ...versions, buildDate: "2020-01-01T00:00:00Z" }]) {
    const notes: string[] = [];
    const root = cacheWith(stamp);
    const found = findAssets({
      env: {},
      versions,
      root,
      platform: linux,
      note: (n) => notes.push(n),
    });
    assert.equal(found, undefined, JSON.stringify(stamp));
    assert.match(
      notes.join("\n"),
      /not stamped as the pinned versions \(.*\); --build rebuilds them/,
    );
  }
});

test("a stamp without binaries is not found either", () => {
  const root = tempDir("stamp-only");
  const dir = cachedAssetsDir({ env: {}, versions, root, platform: linux });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, STAMP_FILE), JSON.stringify(versions));
  assert.equal(findAssets({ env: {}, versions, root, platform: linux }), undefined);
});

test("the cache root comes from the environment when not given", () => {
  const root = cacheWith(versions);
  const found = findAssets({
    env: { CREATE_OPERATOR_ENVTEST_DIR: root },
    versions,
    platform: linux,
  });
  assert.equal(found?.path, join(root, "k8s", "1.36.3-linux-amd64"));
});
