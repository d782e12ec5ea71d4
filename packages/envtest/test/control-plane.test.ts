// The envtest harness against the real binaries: what every operator's suite relies on. Run in
// create-operator's own CI; a generated project tests its own CRDs and RBAC with the harness
// (test/integration/install.test.ts there).

import { ApiException, CoreV1Api, type V1Service } from "@kubernetes/client-node";
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

test("more Services than a /24 holds get cluster IPs (the fault scenarios make one per object, 800 of them)", async () => {
  const namespace = await plane.createNamespace("services");
  const api = plane.admin.makeApiClient(CoreV1Api);
  const service = (index: number): V1Service => ({
    metadata: { name: `service-${index}` },
    spec: { ports: [{ port: 80 }] },
  });
  const count = 260;
  for (let start = 0; start < count; start += 25) {
    const batch = Array.from({ length: Math.min(25, count - start) }, (_, i) => start + i);
    await Promise.all(
      batch.map((index) => api.createNamespacedService({ namespace, body: service(index) })),
    );
  }
  const { items } = await api.listNamespacedService({ namespace });
  assert.equal(new Set(items.map((item) => item.spec?.clusterIP)).size, count);
});
