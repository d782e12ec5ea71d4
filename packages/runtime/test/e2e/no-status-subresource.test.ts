// A kind whose CRD has no status subresource, on a real kube-apiserver. There a status write is a
// patch of the whole object and advances metadata.generation (measured here first), so a
// reconciler that tracked the generation would never see its status as current. Tracked by the
// spec hash (spec-hash.ts) through the operator's real stack (informer, cached client, own-writes
// filter, controller with a fast resync), an object converges with one status write per spec
// version, and resyncs and the echoes of its own writes add none: the write count is the proof
// that there is no write loop.

import assert from "node:assert/strict";
import { test } from "node:test";
import {
  ApiextensionsV1Api,
  CustomObjectsApi,
  PatchStrategy,
  setHeaderOptions,
  type KubernetesObject,
} from "@kubernetes/client-node";
import { pollUntil, sharedControlPlane } from "@create-operator/envtest";
import { CachedResourceClient } from "../../src/cached-resource-client.ts";
import { Controller } from "../../src/controller.ts";
import { ConflictError, statusCode } from "../../src/errors.ts";
import { Informer } from "../../src/informer.ts";
import { KubeResourceClient, type CustomResourceRef } from "../../src/kube-resource-client.ts";
import { silentLogger } from "../../src/logger.ts";
import { OwnWrites } from "../../src/own-writes.ts";
import type { ResourceClient } from "../../src/resource-client.ts";
import { specGeneration, specHash, specReconciled } from "../../src/spec-hash.ts";
import { writeStatusIfChanged } from "../../src/status.ts";

const plane = await sharedControlPlane({ crdDirectory: null });
const extensions = plane.admin.makeApiClient(ApiextensionsV1Api);
const custom = plane.admin.makeApiClient(CustomObjectsApi);
const GROUP = "nostatus.runtime.test";
const REF: CustomResourceRef = {
  group: GROUP,
  version: "v1",
  plural: "gadgets",
  namespaced: true,
  statusSubresource: false,
};
const mergePatch = setHeaderOptions("Content-Type", PatchStrategy.MergePatch);

type Gadget = KubernetesObject & {
  spec?: { size?: string };
  status?: { observedGeneration?: number; observedSpecHash?: string; phase?: string };
};

await extensions
  .createCustomResourceDefinition({
    body: {
      apiVersion: "apiextensions.k8s.io/v1",
      kind: "CustomResourceDefinition",
      metadata: { name: `gadgets.${GROUP}` },
      spec: {
        group: GROUP,
        scope: "Namespaced",
        names: { plural: "gadgets", singular: "gadget", kind: "Gadget", listKind: "GadgetList" },
        versions: [
          {
            name: "v1",
            served: true,
            storage: true,
            // No subresources: status is part of the object.
            schema: {
              openAPIV3Schema: {
                type: "object",
                properties: {
                  spec: { type: "object", properties: { size: { type: "string" } } },
                  status: {
                    type: "object",
                    properties: {
                      observedGeneration: { type: "integer", format: "int64" },
                      observedSpecHash: { type: "string" },
                      phase: { type: "string" },
                    },
                  },
                },
              },
            },
          },
        ],
      },
    },
  })
  // The control plane is shared: another run of this file may have defined it already.
  .catch((err: unknown) => {
    if (statusCode(err) !== 409) throw err;
  });
await pollUntil(
  Date.now() + 10_000,
  50,
  async () =>
    await custom
      .listClusterCustomObject({ group: GROUP, version: "v1", plural: "gadgets" })
      .then(() => true)
      .catch(() => undefined),
  () => "the Gadget CRD was never served",
);
const namespace = await plane.createNamespace("no-status-subresource");
const api = new KubeResourceClient<Gadget>(plane.admin, REF, "no-status-test");

async function createGadget(name: string, size: string): Promise<Gadget> {
  return (await custom.createNamespacedCustomObject({
    ...REF,
    namespace,
    body: { apiVersion: `${GROUP}/v1`, kind: "Gadget", metadata: { name }, spec: { size } },
  })) as Gadget;
}

test("without the subresource a status write patches the object: it advances the generation, keeps the spec, and checks resourceVersion", async () => {
  const created = await createGadget("direct", "small");
  assert.equal(created.metadata?.generation, 1);
  const stale = { ...created, spec: { size: "stale-cache-value" } };
  const written = await api.replaceStatus({ ...stale, status: { phase: "Seen" } });
  assert.equal(written.status?.phase, "Seen");
  assert.equal(written.spec?.size, "small", "only .status was written, never the spec we held");
  assert.equal(written.metadata?.generation, 2, "the status write advanced metadata.generation");
  await assert.rejects(
    api.replaceStatus({ ...created, status: { phase: "Late" } }),
    ConflictError,
    "a write from an old read is refused",
  );
});

test("tracked by the spec hash, an object converges with one status write per spec version: no write loop", async (t) => {
  const informer = new Informer<Gadget>({
    kubeConfig: plane.admin,
    path: `/apis/${GROUP}/v1/namespaces/${namespace}/gadgets`,
    logger: silentLogger,
  });
  const ownWrites = new OwnWrites();
  let writes = 0;
  let passes = 0;
  const counted: ResourceClient<Gadget> = {
    get: (key, options) => api.get(key, options),
    getFromServer: (key, options) => api.getFromServer(key, options),
    replaceStatus: (obj, options) => {
      writes++;
      return api.replaceStatus(obj, options);
    },
    setFinalizers: (obj, finalizers, options) => api.setFinalizers(obj, finalizers, options),
    applyChild: (child, options) => api.applyChild(child, options),
    readChild: (child, options) => api.readChild(child, options),
    listOwnedChildren: (kind, owner, options) => api.listOwnedChildren(kind, owner, options),
    deleteChild: (child, options) => api.deleteChild(child, options),
  };
  const client = new CachedResourceClient(ownWrites.wrap(counted), { owners: [informer] });
  const controller = new Controller<Gadget>({
    informers: [informer],
    ownWrites,
    reconciler: {
      async reconcile(key, context) {
        passes++;
        const obj = await client.get(key, context);
        if (obj === undefined || obj.metadata?.name !== "converging") return {};
        const status = {
          observedGeneration: specGeneration(obj),
          observedSpecHash: specHash(obj),
          phase: `Sized-${obj.spec?.size}`,
        };
        await writeStatusIfChanged(client, obj, status, context);
        return {};
      },
    },
    concurrency: 2,
    // Resync often: every resync is a pass that must find nothing to write.
    resyncPeriodMs: 100,
    backoff: { initialMs: 20, maxMs: 500 },
    logger: silentLogger,
  });
  t.after(() => controller.stop());
  await controller.start();
  controller.setLeading(true);

  const reconciled = (size: string) => async () => {
    const obj = await api.get({ namespace, name: "converging" });
    return obj !== undefined && specReconciled(obj) && obj.status?.phase === `Sized-${size}`
      ? obj
      : undefined;
  };
  await createGadget("converging", "small");
  const first = await pollUntil(
    Date.now() + 10_000,
    20,
    reconciled("small"),
    () => "never reconciled",
  );
  assert.equal(first.status?.observedGeneration, 1);
  assert.equal(first.metadata?.generation, 2, "the status write moved the generation past it");
  // A second of resyncs (about ten passes) and the echo of the write: nothing more to write.
  const passesBefore = passes;
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  assert.ok(passes - passesBefore >= 5, `resyncs ran passes (${passes - passesBefore})`);
  assert.equal(writes, 1, "one status write for the first spec");

  await custom.patchNamespacedCustomObject(
    { ...REF, namespace, name: "converging", body: { spec: { size: "large" } } },
    mergePatch,
  );
  const second = await pollUntil(
    Date.now() + 10_000,
    20,
    reconciled("large"),
    () => "the new spec was never reconciled",
  );
  assert.equal(second.status?.observedGeneration, 2, "the next spec version");
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  assert.equal(writes, 2, "one more status write for the new spec, none after it");
  assert.equal(ownWrites.remembered, 0, "every write's echo arrived and was recognised");
});
