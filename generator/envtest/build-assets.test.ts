// The build, with a recording stub `go` on PATH: the exact go build invocations, the module
// copies they run in, temp-then-rename, and the stamp written last. No real Go is involved.

import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { STAMP_FILE } from "./asset-dirs.ts";
import { buildAssets, kubeApiserverLdflags } from "./build-assets.ts";
import { EnvtestSetupError } from "./explain.ts";
import { findAssets, readStamp } from "./find-assets.ts";
import { parseGoVersion } from "./go-toolchain.ts";
import { tempDir, writeStubBinaries, writeStubGo } from "./testing.ts";
import { readPinnedVersions, wrapperModuleDir } from "./versions.ts";

const packageDir = fileURLToPath(new URL("../../", import.meta.url));
const versions = readPinnedVersions(packageDir);
const linux = { goos: "linux", goarch: "amd64" };

/** The ldflags of /tmp/envtest-build/build.sh, which make `--version` print the release. */
const BUILD_SH_LDFLAGS =
  "-s -w" +
  " -X k8s.io/component-base/version.gitVersion=v1.36.3 -X k8s.io/component-base/version.gitMajor=1" +
  " -X k8s.io/component-base/version.gitMinor=36 -X k8s.io/component-base/version.gitTreeState=clean" +
  " -X k8s.io/component-base/version.buildDate=2026-07-22T18:07:38Z" +
  " -X k8s.io/client-go/pkg/version.gitVersion=v1.36.3 -X k8s.io/client-go/pkg/version.gitMajor=1" +
  " -X k8s.io/client-go/pkg/version.gitMinor=36 -X k8s.io/client-go/pkg/version.gitTreeState=clean" +
  " -X k8s.io/client-go/pkg/version.buildDate=2026-07-22T18:07:38Z";

function setup(extraEnv: Record<string, string> = {}) {
  const bin = tempDir("bin");
  const go = writeStubGo(bin);
  const root = tempDir("root");
  const lines: string[] = [];
  const env = { PATH: bin, GOPROXY: "https://goproxy.internal", GOFLAGS: "-p=1", ...extraEnv };
  const target = join(root, "k8s", "1.36.3-linux-amd64");
  const build = () =>
    buildAssets({ env, versions, root, platform: linux, packageDir, log: (l) => lines.push(l) });
  return { go, root, target, lines, build };
}

test("the kube-apiserver ldflags are exactly build.sh's for the pinned versions", () => {
  assert.equal(kubeApiserverLdflags(versions), BUILD_SH_LDFLAGS);
});

test("a build runs go build in copies of the wrapper modules and leaves a current cache", async () => {
  const { go, root, target, lines, build } = setup();
  const found = await build();
  assert.deepEqual(found, { path: target, source: "built", kubernetes: "1.36.3", etcd: "3.6.16" });

  const calls = go.calls();
  const tmp = (binary: string) => join(target, `${binary}.tmp-${process.pid}`);
  assert.deepEqual(
    calls.map((c) => c.args),
    [
      [
        "build",
        "-mod=readonly",
        "-trimpath",
        "-buildvcs=false",
        "-ldflags",
        BUILD_SH_LDFLAGS,
        "-o",
        tmp("kube-apiserver"),
        "k8s.io/kubernetes/cmd/kube-apiserver",
      ],
      [
        "build",
        "-mod=readonly",
        "-trimpath",
        "-buildvcs=false",
        "-o",
        tmp("etcd"),
        "go.etcd.io/etcd/server/v3",
      ],
    ],
  );
  for (const [call, module] of [
    [calls[0], "kube-apiserver"],
    [calls[1], "etcd"],
  ] as const) {
    assert.ok(call, module);
    assert.ok(call.cwd.startsWith(join(root, "build", `${module}-`)), call.cwd);
    const wrapper = wrapperModuleDir(module, packageDir);
    assert.deepEqual(Object.keys(call.files).sort(), ["go.mod", "go.sum", "tools.go"]);
    for (const name of ["go.mod", "go.sum"])
      assert.equal(call.files[name], readFileSync(join(wrapper, name), "utf8"), name);
    // The user's proxy and flags pass through; cgo, toolchain downloads and workspaces are off.
    assert.deepEqual(call.env, {
      CGO_ENABLED: "0",
      GOTOOLCHAIN: "local",
      GOWORK: "off",
      GOPROXY: "https://goproxy.internal",
      GOFLAGS: "-p=1",
    });
  }

  assert.deepEqual(calls[0]?.outDir, [], "kube-apiserver is linked to a temp name");
  assert.deepEqual(calls[1]?.outDir, ["kube-apiserver"], "then renamed into place");
  assert.deepEqual(readdirSync(target).sort(), ["etcd", "kube-apiserver", STAMP_FILE]);
  assert.equal(existsSync(join(root, "build")), false, "module copies are removed");
  assert.deepEqual(readStamp(target), versions);
  assert.deepEqual(findAssets({ env: {}, versions, root, platform: linux })?.source, "cache");

  const log = lines.join("\n");
  assert.match(
    log,
    /building kube-apiserver v1\.36\.3 from Go modules with go1\.26\.8 \(cold: ~5 min on 2 cores/,
  );
  assert.match(log, /building etcd v3\.6\.16 from Go modules/);
  assert.match(log, /built kube-apiserver in \d+ s/);
  assert.match(log, /control plane ready in \d+ s: /);
});

test("a stale directory is rebuilt in place, its stamp replaced last", async () => {
  const { go, target, build } = setup();
  writeStubBinaries(target, { kubernetes: "1.35.0", etcd: "3.5.21" });
  writeFileSync(join(target, STAMP_FILE), JSON.stringify({ ...versions, kubernetes: "1.35.0" }));
  await build();
  // The old stamp went first; each binary replaced its predecessor by rename after its build.
  assert.deepEqual(
    go.calls().map((c) => c.outDir),
    [
      ["etcd", "kube-apiserver"],
      ["etcd", "kube-apiserver"],
    ],
  );
  assert.deepEqual(readStamp(target), versions);
  assert.match(readFileSync(join(target, "kube-apiserver"), "utf8"), /Kubernetes v1\.36\.3/);
  assert.match(readFileSync(join(target, "etcd"), "utf8"), /etcd Version: 3\.6\.16/);
});

test("a failed go build leaves no stamp, no temp binary, and shows go's output", async () => {
  const { target, lines, build } = setup({ STUB_GO_FAIL: "etcd" });
  writeStubBinaries(target, versions);
  writeFileSync(join(target, STAMP_FILE), JSON.stringify(versions));
  await assert.rejects(build(), (error: unknown) => {
    assert.ok(error instanceof EnvtestSetupError);
    assert.match(error.message, /go build of etcd failed \(exit 1\)/);
    assert.match(error.hint ?? "", /GOPROXY/);
    return true;
  });
  assert.deepEqual(readdirSync(target).sort(), ["etcd", "kube-apiserver"], "no stamp, no temp");
  assert.match(lines.join("\n"), /^ {2}build failed on purpose$/m);
  assert.equal(
    findAssets({ env: {}, versions, root: join(target, "../.."), platform: linux }),
    undefined,
  );
});

test("a binary that does not report the pinned version fails the build", async () => {
  const { target, build } = setup({ STUB_APISERVER_REPORTS: "0.0.0-master" });
  await assert.rejects(build(), /reports version 0\.0\.0-master, not 1\.36\.3/);
  assert.equal(existsSync(join(target, STAMP_FILE)), false);
});

test("a Go older than the wrappers' go directive is refused, not upgraded", async () => {
  const { go, build } = setup({ STUB_GO_VERSION: "go1.25.4" });
  await assert.rejects(build(), (error: unknown) => {
    assert.ok(error instanceof EnvtestSetupError);
    assert.match(error.message, /is go1\.25\.4, older than the Go 1\.26\.0 .*GOTOOLCHAIN=local/);
    assert.match(error.hint ?? "", /Install Go 1\.26\.0 or newer/);
    return true;
  });
  assert.deepEqual(go.calls(), []);
});

test("no go on PATH: the error explains every other way to get the binaries", async () => {
  const root = tempDir("root");
  const build = buildAssets({ env: { PATH: tempDir("empty") }, versions, root, log: () => {} });
  await assert.rejects(build, (error: unknown) => {
    assert.ok(error instanceof EnvtestSetupError);
    assert.match(error.message, /`go` is not on PATH/);
    assert.match(error.hint ?? "", /setup-envtest use 1\.36\.x -p path/);
    assert.match(error.hint ?? "", /TEST_ASSET_KUBE_APISERVER and TEST_ASSET_ETCD/);
    return true;
  });
});

test("Go versions compare like Go's own: pre-releases before .0, devel by its base", () => {
  assert.deepEqual(parseGoVersion("go1.26.8"), [1, 26, 8]);
  assert.deepEqual(parseGoVersion("1.26.0"), [1, 26, 0]);
  assert.deepEqual(parseGoVersion("go1.26rc1"), [1, 26, -1]);
  assert.deepEqual(parseGoVersion("devel go1.27-abcdef Tue"), [1, 27, 0]);
});
