// The caches of an operator's child kinds hold its own children only, on a real kube-apiserver:
// the informers ownedInformers makes ask the API server for objects labelled as managed by this
// operator (LIST and WATCH both carry the selector), so a cluster's other Secrets or ConfigMaps,
// however many and however large, never reach the process; a child that loses the label leaves
// the cache, and one that gains it enters.

import assert from "node:assert/strict";
import { after, test } from "node:test";
import { CoreV1Api, PatchStrategy, setHeaderOptions } from "@kubernetes/client-node";
import { FaultProxy, pollUntil, sharedControlPlane } from "@create-operator/envtest";
import { silentLogger } from "../../src/logger.ts";
import { ownedInformers } from "../../src/owned-kinds.ts";

const plane = await sharedControlPlane({ crdDirectory: null });
const proxy = await FaultProxy.start(plane.admin);
after(() => proxy.stop());

const OPERATOR = "widget-operator";
const MANAGED_BY = "app.kubernetes.io/managed-by";
const mergePatch = setHeaderOptions("Content-Type", PatchStrategy.MergePatch);
const CONFIG_MAPS = { apiVersion: "v1", kind: "ConfigMap", plural: "configmaps", namespaced: true };

test("child informers cache only the objects labelled as managed by this operator, on LIST and WATCH", async (t) => {
  const namespace = await plane.createNamespace("owned-informers");
  const api = plane.admin.makeApiClient(CoreV1Api);
  const create = (name: string, labels?: Record<string, string>) =>
    api.createNamespacedConfigMap({
      namespace,
      body: { metadata: { name, ...(labels ? { labels } : {}) }, data: { x: "y" } },
    });
  await create("ours-listed", { [MANAGED_BY]: OPERATOR });
  await create("another-operators", { [MANAGED_BY]: "someone-else" });
  await create("unlabelled");
  const [informer, ...more] = ownedInformers(
    proxy.kubeConfig(),
    [CONFIG_MAPS],
    [namespace],
    OPERATOR,
    silentLogger,
  );
  assert.equal(more.length, 0, "one informer for one kind in one namespace");
  t.after(() => informer!.stop());
  informer!.start();
  await informer!.whenSynced();
  const cached = () => [...informer!.list()].map((obj) => obj.metadata?.name).sort();
  assert.deepEqual(cached(), ["ours-listed"], "the LIST brought this operator's child alone");

  // Through the watch: a new child of ours arrives, others' never do.
  await create("ours-watched", { [MANAGED_BY]: OPERATOR });
  await create("unlabelled-later");
  await pollUntil(
    Date.now() + 10_000,
    50,
    async () => (cached().includes("ours-watched") ? true : undefined),
    () => `the watched child never arrived: ${cached()}`,
  );
  // A label taken away is a DELETED event for a selecting watch; a label added, an ADDED one.
  await api.patchNamespacedConfigMap(
    { namespace, name: "ours-listed", body: { metadata: { labels: { [MANAGED_BY]: null } } } },
    mergePatch,
  );
  await api.patchNamespacedConfigMap(
    {
      namespace,
      name: "unlabelled",
      body: { metadata: { labels: { [MANAGED_BY]: OPERATOR } } },
    },
    mergePatch,
  );
  await pollUntil(
    Date.now() + 10_000,
    50,
    async () => (cached().join() === "ours-watched,unlabelled" ? true : undefined),
    () => `after the label changes the cache holds ${cached()}`,
  );
  // Every request the informer made for the kind asked for the label.
  const requests = proxy
    .requestUrls()
    .filter((url) => url.pathname === `/api/v1/namespaces/${namespace}/configmaps`);
  assert.ok(requests.length >= 2, `a LIST and a WATCH at least (${requests.length})`);
  for (const url of requests)
    assert.equal(url.searchParams.get("labelSelector"), `${MANAGED_BY}=${OPERATOR}`, String(url));
});
