import assert from "node:assert/strict";
import { test } from "node:test";
import { stripForCache } from "../src/cache-shape.ts";
import { childCovers } from "../src/child-covers.ts";
import { collectionPath, ownerKeyOf } from "../src/owned-kinds.ts";

const desired = {
  apiVersion: "apps/v1",
  kind: "Deployment",
  metadata: { name: "web", namespace: "ns", labels: { app: "web" } },
  spec: { replicas: 2, template: { spec: { containers: [{ name: "app", image: "img:1" }] } } },
};

test("a live child holding every value we set covers the desired one; defaults and status do not count", () => {
  const live = structuredClone(desired) as Record<string, unknown> & typeof desired;
  Object.assign(live.metadata, { uid: "u", resourceVersion: "7" });
  Object.assign(live.spec.template.spec.containers[0]!, { imagePullPolicy: "IfNotPresent" });
  Object.assign(live, { status: { readyReplicas: 2 } });
  assert.equal(childCovers(live, desired), true);
});

test("a changed value, a missing field or a list of another length is a difference", () => {
  const changed = structuredClone(desired);
  changed.spec.template.spec.containers[0]!.image = "img:2";
  assert.equal(childCovers(changed, desired), false, "drifted image");
  const missing = structuredClone(desired) as { metadata: { labels?: unknown } };
  delete missing.metadata.labels;
  assert.equal(childCovers(missing as never, desired), false, "labels removed by hand");
  const longer = structuredClone(desired);
  longer.spec.template.spec.containers.push({ name: "sidecar", image: "x" });
  assert.equal(childCovers(longer, desired), false, "a list is owned whole");
});

test("an empty list or map the builder sets matches a field the server dropped (omitempty)", () => {
  const withEmpty = structuredClone(desired) as typeof desired & { spec: { env?: unknown[] } };
  withEmpty.spec.env = [];
  Object.assign(withEmpty.metadata, { annotations: {} });
  assert.equal(childCovers(desired, withEmpty), true);
  const live = structuredClone(desired) as typeof desired & { spec: { env?: unknown[] } };
  live.spec.env = [{ name: "A", value: "1" }];
  assert.equal(childCovers(live, withEmpty), false, "but an empty list is still owned whole");
});

test("a Secret's stringData is compared with the base64 data the server stores", () => {
  const secret = {
    apiVersion: "v1",
    kind: "Secret",
    metadata: { name: "s" },
    stringData: { url: "db:5432" },
  };
  const stored = {
    apiVersion: "v1",
    kind: "Secret",
    metadata: { name: "s" },
    data: { url: Buffer.from("db:5432").toString("base64") },
  };
  assert.equal(childCovers(stored, secret), true);
  const other = { ...stored, data: { url: "b3RoZXI=" } };
  assert.equal(childCovers(other, secret), false);
});

test("the owner of a child is its controller ownerReference of the owner's group and kind", () => {
  const owner = { apiVersion: "example.com/v1", kind: "Widget", namespaced: true };
  const child = (ref: Record<string, unknown>, namespace = "ns") => ({
    metadata: {
      namespace,
      ownerReferences: [
        { apiVersion: "example.com/v2", kind: "Widget", name: "w", uid: "u", ...ref },
      ],
    },
  });
  assert.deepEqual(
    ownerKeyOf(child({ controller: true }), owner),
    { namespace: "ns", name: "w" },
    "any version of the group",
  );
  assert.equal(ownerKeyOf(child({ controller: false }), owner), undefined, "not the controller");
  assert.equal(ownerKeyOf(child({ controller: true, kind: "Other" }), owner), undefined);
  assert.equal(
    ownerKeyOf(child({ controller: true, apiVersion: "other.io/v1" }), owner),
    undefined,
  );
  assert.deepEqual(ownerKeyOf(child({ controller: true }), { ...owner, namespaced: false }), {
    name: "w",
  });
});

test("collection paths for the core group, other groups, namespaced and cluster-scoped kinds", () => {
  const secrets = { apiVersion: "v1", kind: "Secret", plural: "secrets", namespaced: true };
  const roles = {
    apiVersion: "rbac.authorization.k8s.io/v1",
    kind: "ClusterRole",
    plural: "clusterroles",
    namespaced: false,
  };
  assert.equal(collectionPath(secrets, "ns"), "/api/v1/namespaces/ns/secrets");
  assert.equal(collectionPath(secrets, undefined), "/api/v1/secrets");
  assert.equal(collectionPath(roles, "ns"), "/apis/rbac.authorization.k8s.io/v1/clusterroles");
});

test("the cache drops managedFields and kubectl's last-applied-configuration, nothing else", () => {
  const obj = stripForCache({
    metadata: {
      name: "x",
      managedFields: [{ manager: "kubectl" }],
      annotations: { "kubectl.kubernetes.io/last-applied-configuration": "{}", keep: "me" },
    },
  });
  assert.deepEqual(obj, { metadata: { name: "x", annotations: { keep: "me" } } });
});
