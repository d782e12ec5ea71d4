// A namespace's tenancy parameters, on a real kube-apiserver, as runOperator wires them
// (watchedReferences): the gate reads them from a watched cache, never with a request per pass,
// and changing them (tightened, deleted, loosened again) changes the verdict on that namespace's
// objects within seconds, through the reference index, not at the next resync (10 minutes here).
// ConfigMaps stand in for the parameters kind and Secrets for the reconciled kind: the mechanism
// is the same for any namespaced kind.

import assert from "node:assert/strict";
import { after, test } from "node:test";
import { CoreV1Api, type KubernetesObject, type V1ConfigMap } from "@kubernetes/client-node";
import { FaultProxy, pollUntil, sharedControlPlane } from "@create-operator/envtest";
import { Controller } from "../../src/controller.ts";
import { Informer } from "../../src/informer.ts";
import { silentLogger } from "../../src/logger.ts";
import { keyToString } from "../../src/resource-client.ts";
import type { TenancyVerdict } from "../../src/tenancy.ts";
import { watchedReferences, type TenancyDefinition } from "../../src/tenancy-parameters.ts";

const plane = await sharedControlPlane({ crdDirectory: null });
const proxy = await FaultProxy.start(plane.admin);
after(() => proxy.stop());

const TENANCY: TenancyDefinition = {
  rules: [
    {
      expression: "object.metadata.name.startsWith(params.data.prefix)",
      messageExpression: "'names here start with ' + params.data.prefix",
    },
  ],
  parameters: {
    group: "",
    version: "v1",
    plural: "configmaps",
    kind: "ConfigMap",
    name: "tenancy",
    missing: "Deny",
  },
};

test("a change of a namespace's parameters re-judges its objects at once, and no pass reads them from the API server", async (t) => {
  const namespace = await plane.createNamespace("tenancy-parameters");
  const core = plane.admin.makeApiClient(CoreV1Api);
  const parameters = (prefix: string): V1ConfigMap => ({
    metadata: { name: "tenancy", namespace },
    data: { prefix },
  });
  await core.createNamespacedConfigMap({ namespace, body: parameters("a-") });
  await core.createNamespacedSecret({ namespace, body: { metadata: { name: "a-one" } } });

  const kubeConfig = proxy.kubeConfig();
  const objects = new Informer<KubernetesObject>({
    kubeConfig,
    path: `/api/v1/namespaces/${namespace}/secrets`,
    logger: silentLogger,
  });
  const watched = watchedReferences<KubernetesObject>(
    kubeConfig,
    { kinds: [], targetsOf: () => [], tenancy: TENANCY },
    [namespace],
    silentLogger,
  );
  const verdicts = new Map<string, TenancyVerdict>();
  let passes = 0;
  const controller = new Controller<KubernetesObject>({
    informers: [objects],
    references: { informers: watched.informers, targetsOf: watched.targetsOf },
    reconciler: {
      async reconcile(key) {
        passes++;
        const obj = objects.get(key);
        if (obj !== undefined) verdicts.set(keyToString(key), await watched.tenancy!.verdict(obj));
        return {};
      },
    },
    concurrency: 1,
    // Far beyond the test: a verdict that changes did so because the change was watched.
    resyncPeriodMs: 600_000,
    backoff: { initialMs: 100, maxMs: 1_000 },
    logger: silentLogger,
  });
  t.after(() => controller.stop());
  await controller.start();
  controller.setLeading(true);

  const key = keyToString({ namespace, name: "a-one" });
  const verdictBecomes = async (expected: TenancyVerdict, what: string) => {
    const since = Date.now();
    await pollUntil(
      since + 10_000,
      20,
      async () =>
        JSON.stringify(verdicts.get(key)) === JSON.stringify(expected) ? true : undefined,
      () => `${what}: the verdict is still ${JSON.stringify(verdicts.get(key))}`,
    );
    return Date.now() - since;
  };
  await verdictBecomes({ permitted: true }, "permitted from the start");

  // Tightened: the object no longer complies.
  await core.replaceNamespacedConfigMap({ name: "tenancy", namespace, body: parameters("b-") });
  const tightened = await verdictBecomes(
    { permitted: false, message: "names here start with b-" },
    "tightened",
  );
  // Deleted: parameterNotFoundAction Deny.
  await core.deleteNamespacedConfigMap({ name: "tenancy", namespace });
  const deleted = await verdictBecomes(
    {
      permitted: false,
      message: `namespace ${namespace} has no ConfigMap named tenancy: a cluster admin sets what this namespace may ask for there`,
    },
    "deleted",
  );
  // Loosened again: a new object with the old prefix.
  await core.createNamespacedConfigMap({ namespace, body: parameters("a-") });
  const loosened = await verdictBecomes({ permitted: true }, "created again");
  t.diagnostic(
    `verdict changed after ${tightened}, ${deleted} and ${loosened} ms; ${passes} passes`,
  );

  // No pass asked the API server for the parameters object: only the informer's LIST and WATCH.
  const reads = proxy
    .requestUrls()
    .filter((url) => url.pathname === `/api/v1/namespaces/${namespace}/configmaps/tenancy`);
  assert.deepEqual(reads, [], "the parameters come from the cache");
});
