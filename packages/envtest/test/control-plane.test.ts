// The envtest harness against the real binaries: what every operator's suite relies on. Run in
// create-operator's own CI; a generated project tests its own CRDs and RBAC with the harness
// (test/integration/install.test.ts there).

import { ApiException, CoreV1Api } from "@kubernetes/client-node";
import assert from "node:assert/strict";
import { test } from "node:test";
import { sharedControlPlane } from "../src/control-plane.ts";

const plane = await sharedControlPlane({ crdDirectory: null });

test("the admin identity can list namespaces", async () => {
  const api = plane.admin.makeApiClient(CoreV1Api);
  const list = await api.listNamespace();
  assert.ok(Array.isArray(list.items));
});

test("a user with no bindings is forbidden (RBAC is enforced)", async () => {
  const stranger = await plane.userConfig("stranger", ["team-a"]);
  const api = stranger.makeApiClient(CoreV1Api);
  await assert.rejects(api.listNamespace(), (error: unknown) => {
    assert.ok(error instanceof ApiException, String(error));
    assert.equal(error.code, 403);
    return true;
  });
});

test("createNamespace makes unique, labelled namespaces", async () => {
  const first = await plane.createNamespace("harness", { purpose: "test" });
  const second = await plane.createNamespace("harness");
  assert.notEqual(first, second);
  assert.match(first, /^harness-[0-9a-f]{10}$/);
  const ns = await plane.admin.makeApiClient(CoreV1Api).readNamespace({ name: first });
  assert.equal(ns.metadata?.labels?.purpose, "test");
});
