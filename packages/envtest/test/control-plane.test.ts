// The envtest harness tested against the real binaries: what every envtest suite relies on.
// It uses the run's shared control plane like every suite; that stop leaves no process and no
// directory behind is checked by the global teardown after every run.

import {
  ApiException,
  ApiextensionsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  loadAllYaml,
  type V1ClusterRoleBinding,
} from "@kubernetes/client-node";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { sharedControlPlane } from "../src/control-plane.ts";
import { yamlFilesIn } from "../src/manifests.ts";

interface CrdDocument {
  kind: string;
  spec: { group: string; names: { plural: string }; versions: { name: string; served: boolean }[] };
}

const crds = yamlFilesIn(new URL("../../config/crd/bases", import.meta.url).pathname)
  .flatMap((file) => loadAllYaml(readFileSync(file, "utf8")) as CrdDocument[])
  .filter((doc) => doc?.kind === "CustomResourceDefinition");

const plane = await sharedControlPlane();

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

test("the project's CRDs are established and their resources are served", async () => {
  assert.ok(crds.length > 0, "config/crd/bases has no CRD");
  const api = plane.admin.makeApiClient(CustomObjectsApi);
  for (const crd of crds) {
    for (const version of crd.spec.versions.filter((v) => v.served)) {
      const discovery = await plane.get(`/apis/${crd.spec.group}/${version.name}`);
      assert.equal(discovery.status, 200);
      assert.match(discovery.body, new RegExp(`"name":"${crd.spec.names.plural}"`));
      // Listing across namespaces works for both scopes and proves the handler answers. Not
      // necessarily empty: the suites running alongside share this control plane.
      const list = await api.listClusterCustomObject({
        group: crd.spec.group,
        version: version.name,
        plural: crd.spec.names.plural,
      });
      assert.ok(Array.isArray((list as { items: unknown[] }).items));
    }
  }
});

test("createNamespace makes unique, labelled namespaces", async () => {
  const first = await plane.createNamespace("harness", { purpose: "test" });
  const second = await plane.createNamespace("harness");
  assert.notEqual(first, second);
  assert.match(first, /^harness-[0-9a-f]{10}$/);
  const ns = await plane.admin.makeApiClient(CoreV1Api).readNamespace({ name: first });
  assert.equal(ns.metadata?.labels?.purpose, "test");
});

test("applyManifests applies the RBAC files; the service account then has exactly its grants", async () => {
  const applied = await plane.applyManifests([
    "config/rbac/service_account.yaml",
    "config/rbac/role.yaml",
    "config/rbac/role_binding.yaml",
  ]);
  // Cluster-wide, one ClusterRoleBinding; with rbac.watchNamespaces, a RoleBinding per namespace.
  const bindings = applied.filter((o) =>
    /RoleBinding$/.test(o.kind ?? ""),
  ) as V1ClusterRoleBinding[];
  const binding = bindings.find((b) => /-manager-rolebinding$/.test(b.metadata?.name ?? ""));
  assert.ok(binding, "the RBAC files bind the operator's role");
  const subject = binding.subjects?.[0];
  assert.ok(subject?.namespace, "the binding names a namespaced ServiceAccount");
  // The ServiceAccount's namespace is not in the files: applyManifests created it.
  const operator = await plane.serviceAccountConfig(subject.namespace, subject.name);
  const crd = crds[0]!;
  const resource = {
    group: crd.spec.group,
    version: crd.spec.versions.find((v) => v.served)!.name,
    plural: crd.spec.names.plural,
  };
  const objects = operator.makeApiClient(CustomObjectsApi);
  const namespace = binding.kind === "RoleBinding" ? binding.metadata?.namespace : undefined;
  if (namespace) await objects.listNamespacedCustomObject({ ...resource, namespace });
  else await objects.listClusterCustomObject(resource);
  await assert.rejects(
    operator.makeApiClient(ApiextensionsV1Api).listCustomResourceDefinition(),
    (error: unknown) => error instanceof ApiException && error.code === 403,
  );
});
