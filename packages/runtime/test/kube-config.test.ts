// The manager's kubeconfig: found where client-go looks, or a message naming what is missing
// (before, a missing one surfaced as "HTTP protocol is not allowed when skipTLSVerify is not set").

import assert from "node:assert/strict";
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { KubeConfigNotFoundError, loadKubeConfig } from "../src/kube-config.ts";

const KUBECONFIG = `apiVersion: v1
kind: Config
clusters:
  - name: test
    cluster: { server: "https://127.0.0.1:6443" }
users:
  - name: test
    user: { token: abc }
contexts:
  - name: test
    context: { cluster: test, user: test }
current-context: test
`;

const emptyHome = () => mkdtempSync(join(tmpdir(), "kube-config-home-"));

test("nothing anywhere: one message naming KUBECONFIG, ~/.kube/config and the pod", () => {
  const home = emptyHome();
  assert.throws(
    () => loadKubeConfig({}, home),
    (error: unknown) =>
      error instanceof KubeConfigNotFoundError &&
      error.message.includes("KUBECONFIG is not set") &&
      error.message.includes(join(home, ".kube", "config")) &&
      error.message.includes("KUBERNETES_SERVICE_HOST"),
  );
});

test("KUBECONFIG naming a file that does not exist says so", () => {
  assert.throws(
    () => loadKubeConfig({ KUBECONFIG: "/nonexistent/config" }, emptyHome()),
    /KUBECONFIG names \/nonexistent\/config, and that file does not exist/,
  );
});

test("~/.kube/config is used when KUBECONFIG is not set", () => {
  const home = emptyHome();
  mkdirSync(join(home, ".kube"));
  writeFileSync(join(home, ".kube", "config"), KUBECONFIG);
  assert.equal(loadKubeConfig({}, home).getCurrentCluster()?.server, "https://127.0.0.1:6443");
});

test("a current context that names no cluster is refused by name", () => {
  const home = emptyHome();
  mkdirSync(join(home, ".kube"));
  writeFileSync(
    join(home, ".kube", "config"),
    KUBECONFIG.replace("current-context: test", "current-context: gone"),
  );
  assert.throws(() => loadKubeConfig({}, home), /current context "gone" names no cluster/);
});
