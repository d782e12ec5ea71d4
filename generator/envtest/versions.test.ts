// envtest/versions.json is the one source of truth; the wrapper go.mod files must agree with it.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { packageRoot, readPinnedVersions, wrapperModuleDir } from "./versions.ts";

const root = resolve(fileURLToPath(new URL("../../", import.meta.url)));
const versions = readPinnedVersions(root);
const goMod = (module: "kube-apiserver" | "etcd"): string =>
  readFileSync(join(wrapperModuleDir(module, root), "go.mod"), "utf8");

test("the package root is found from this directory and holds both wrapper modules", () => {
  assert.equal(packageRoot(), root);
  assert.equal(packageRoot(join(root, "dist", "envtest", "command.js")), root);
});

test("versions.json pins the Kubernetes release that the kube-apiserver wrapper requires", () => {
  assert.match(versions.kubernetes, /^\d+\.\d+\.\d+$/);
  assert.match(
    goMod("kube-apiserver"),
    new RegExp(`^require k8s\\.io/kubernetes v${versions.kubernetes}$`, "m"),
  );
});

test("every k8s.io staging replace points at the same release (v0.<minor>.<patch>)", () => {
  const staging = `v0.${versions.kubernetes.split(".").slice(1).join(".")}`;
  const replaces = [...goMod("kube-apiserver").matchAll(/^\s*(k8s\.io\/\S+) => (\S+) (\S+)$/gm)];
  assert.ok(replaces.length >= 30, `only ${replaces.length} staging replaces`);
  for (const [line, from, to, version] of replaces) {
    assert.equal(to, from, line);
    assert.equal(version, staging, line);
  }
});

test("versions.json pins the etcd release that the etcd wrapper requires", () => {
  assert.match(versions.etcd, /^\d+\.\d+\.\d+$/);
  assert.match(
    goMod("etcd"),
    new RegExp(`^require go\\.etcd\\.io/etcd/server/v3 v${versions.etcd}$`, "m"),
  );
});

test("buildDate is an RFC 3339 UTC time, as Kubernetes' version info expects", () => {
  assert.match(versions.buildDate, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  assert.equal(
    new Date(versions.buildDate).toISOString().replace(".000Z", "Z"),
    versions.buildDate,
  );
});
