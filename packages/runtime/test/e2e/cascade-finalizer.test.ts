// The cascade finalizer a user opts into (cascade-finalizer.ts), on a real kube-apiserver: with
// the foreground finalizer the owner's children go kind by kind in reverse apply order, a child
// held by a finalizer of its own is waited for, and only then does the cascade finalizer come off
// and the owner go; with the background one every delete goes out in one pass and the owner's
// other finalizers stay; a child the owner does not control is never touched; and the API server
// refuses a cascade finalizer added after deletion began. There is no garbage collector in this
// control plane, so every deletion seen here is the operator's.

import assert from "node:assert/strict";
import { test } from "node:test";
import {
  ApiextensionsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  PatchStrategy,
  setHeaderOptions,
  type KubernetesObject,
} from "@kubernetes/client-node";
import { pollUntil, sharedControlPlane } from "@create-operator/envtest";
import { cascadeDeletion, DELETING_CHILDREN_REASON } from "../../src/cascade-finalizer.ts";
import { findCondition, type ObservedCondition } from "../../src/conditions.ts";
import { statusCode } from "../../src/errors.ts";
import { KubeResourceClient } from "../../src/kube-resource-client.ts";
import { silentLogger } from "../../src/logger.ts";
import type { OwnedKind } from "../../src/owned-kinds.ts";

const plane = await sharedControlPlane({ crdDirectory: null });
const core = plane.admin.makeApiClient(CoreV1Api);
const custom = plane.admin.makeApiClient(CustomObjectsApi);
const mergePatch = setHeaderOptions("Content-Type", PatchStrategy.MergePatch);
const GROUP = "cascade.runtime.test";
const REF = { group: GROUP, version: "v1", plural: "stacks", namespaced: true };
const FINALIZERS = {
  foreground: "cascade.runtime.test/cascade",
  background: "cascade.runtime.test/cascade-background",
};
const OWN_FINALIZER = "cascade.runtime.test/finalizer";
/** A finalizer of a child's own, standing for another controller's unfinished cleanup. */
const HOLD = "test.example.com/hold";
// Applied Secrets first, then ConfigMaps: the cascade deletes ConfigMaps first.
const KINDS: OwnedKind[] = [
  { apiVersion: "v1", kind: "Secret", plural: "secrets", namespaced: true },
  { apiVersion: "v1", kind: "ConfigMap", plural: "configmaps", namespaced: true },
];

type Stack = KubernetesObject & { status?: { conditions?: ObservedCondition[] } };

await plane.admin
  .makeApiClient(ApiextensionsV1Api)
  .createCustomResourceDefinition({
    body: {
      apiVersion: "apiextensions.k8s.io/v1",
      kind: "CustomResourceDefinition",
      metadata: { name: `stacks.${GROUP}` },
      spec: {
        group: GROUP,
        scope: "Namespaced",
        names: { plural: "stacks", singular: "stack", kind: "Stack", listKind: "StackList" },
        versions: [
          {
            name: "v1",
            served: true,
            storage: true,
            subresources: { status: {} },
            schema: {
              openAPIV3Schema: {
                type: "object",
                properties: {
                  // client-node's model name: it serializes as x-kubernetes-preserve-unknown-fields.
                  status: { type: "object", x_kubernetes_preserve_unknown_fields: true },
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
      .listNamespacedCustomObject({
        group: GROUP,
        version: "v1",
        namespace: "default",
        plural: "stacks",
      })
      .then(() => true)
      .catch(() => undefined),
  () => "the Stack kind was never served",
);

const client = new KubeResourceClient<Stack>(plane.admin, REF, "cascade-test");
const options = { logger: silentLogger, now: new Date() };

async function stack(namespace: string, finalizers: string[]): Promise<Stack> {
  return (await custom.createNamespacedCustomObject({
    group: GROUP,
    version: "v1",
    namespace,
    plural: "stacks",
    body: { apiVersion: `${GROUP}/v1`, kind: "Stack", metadata: { name: "app", finalizers } },
  })) as Stack;
}

async function deleteStack(namespace: string): Promise<Stack> {
  await custom.deleteNamespacedCustomObject({
    group: GROUP,
    version: "v1",
    namespace,
    plural: "stacks",
    name: "app",
  });
  return (await client.get({ namespace, name: "app" }))!;
}

/** A Secret or ConfigMap child, controlled by `owner` unless null (an Orphan child). */
async function child(
  kind: "Secret" | "ConfigMap",
  namespace: string,
  name: string,
  owner: Stack | null,
  finalizers: string[] = [],
) {
  const metadata = {
    name,
    finalizers,
    ...(owner
      ? {
          ownerReferences: [
            {
              apiVersion: `${GROUP}/v1`,
              kind: "Stack",
              name: "app",
              uid: owner.metadata!.uid!,
              controller: true,
            },
          ],
        }
      : {}),
  };
  if (kind === "Secret") await core.createNamespacedSecret({ namespace, body: { metadata } });
  else await core.createNamespacedConfigMap({ namespace, body: { metadata } });
}

async function state(
  kind: "Secret" | "ConfigMap",
  namespace: string,
  name: string,
): Promise<"live" | "deleting" | "gone"> {
  try {
    const found =
      kind === "Secret"
        ? await core.readNamespacedSecret({ namespace, name })
        : await core.readNamespacedConfigMap({ namespace, name });
    return found.metadata?.deletionTimestamp ? "deleting" : "live";
  } catch (err) {
    if (statusCode(err) === 404) return "gone";
    throw err;
  }
}

const release = (kind: "Secret" | "ConfigMap", namespace: string, name: string) =>
  kind === "Secret"
    ? core.patchNamespacedSecret(
        { namespace, name, body: { metadata: { finalizers: null } } },
        mergePatch,
      )
    : core.patchNamespacedConfigMap(
        { namespace, name, body: { metadata: { finalizers: null } } },
        mergePatch,
      );

test("foreground: children go in reverse apply order, each kind waited for, then the finalizer and the owner", async () => {
  const namespace = await plane.createNamespace("cascade-foreground");
  const owner = await stack(namespace, [FINALIZERS.foreground]);
  await child("Secret", namespace, "credentials", owner, [HOLD]);
  await child("ConfigMap", namespace, "settings", owner);
  await child("ConfigMap", namespace, "kept", null); // creationPolicy Orphan: no ownerReference

  let deleting = await deleteStack(namespace);
  let pass = await cascadeDeletion(client, deleting, KINDS, FINALIZERS, options);
  assert.equal(pass.waiting, true);
  assert.equal(
    await state("ConfigMap", namespace, "settings"),
    "gone",
    "applied last, deleted first",
  );
  assert.equal(
    await state("Secret", namespace, "credentials"),
    "live",
    "not before the ConfigMaps are gone",
  );
  deleting = (await client.get({ namespace, name: "app" }))!;
  const ready = findCondition(deleting.status?.conditions, "Ready");
  assert.equal(ready?.reason, DELETING_CHILDREN_REASON);
  assert.deepEqual(deleting.metadata?.finalizers, [FINALIZERS.foreground], "the finalizer stays");

  pass = await cascadeDeletion(client, deleting, KINDS, FINALIZERS, options);
  assert.equal(pass.waiting, true);
  assert.equal(await state("Secret", namespace, "credentials"), "deleting");
  deleting = (await client.get({ namespace, name: "app" }))!;
  assert.match(
    findCondition(deleting.status?.conditions, "Ready")?.message ?? "",
    /Secret\/credentials/,
  );
  // Held by its own finalizer: still waited for, however often the pass runs.
  pass = await cascadeDeletion(client, deleting, KINDS, FINALIZERS, options);
  assert.equal(pass.waiting, true);
  assert.ok(await client.get({ namespace, name: "app" }), "the owner outlives its children");

  await release("Secret", namespace, "credentials");
  deleting = (await client.get({ namespace, name: "app" }))!;
  pass = await cascadeDeletion(client, deleting, KINDS, FINALIZERS, options);
  assert.equal(pass.waiting, false);
  assert.equal(await client.get({ namespace, name: "app" }), undefined, "the owner went last");
  assert.equal(
    await state("ConfigMap", namespace, "kept"),
    "live",
    "a child it does not control stays",
  );
});

test("background: every delete in one pass; the cascade finalizer goes, the operator's own stays", async () => {
  const namespace = await plane.createNamespace("cascade-background");
  const owner = await stack(namespace, [OWN_FINALIZER, FINALIZERS.background]);
  await child("Secret", namespace, "credentials", owner, [HOLD]);
  await child("ConfigMap", namespace, "settings", owner);
  const pass = await cascadeDeletion(
    client,
    await deleteStack(namespace),
    KINDS,
    FINALIZERS,
    options,
  );
  assert.equal(pass.waiting, false);
  assert.equal(await state("ConfigMap", namespace, "settings"), "gone");
  assert.equal(await state("Secret", namespace, "credentials"), "deleting", "sent, not waited for");
  assert.deepEqual(!pass.waiting && pass.obj.metadata?.finalizers, [OWN_FINALIZER]);
  await release("Secret", namespace, "credentials");
});

test("a cascade finalizer removed by hand mid-cascade stops the cascade: nothing more is deleted", async () => {
  const namespace = await plane.createNamespace("cascade-stopped");
  const owner = await stack(namespace, [OWN_FINALIZER, FINALIZERS.foreground]);
  await child("Secret", namespace, "credentials", owner);
  await child("ConfigMap", namespace, "settings", owner);
  let deleting = await deleteStack(namespace);
  assert.equal((await cascadeDeletion(client, deleting, KINDS, FINALIZERS, options)).waiting, true);
  assert.equal(await state("ConfigMap", namespace, "settings"), "gone");
  deleting = (await client.get({ namespace, name: "app" }))!;
  deleting = await client.setFinalizers(deleting, [OWN_FINALIZER]); // the user's way out
  const pass = await cascadeDeletion(client, deleting, KINDS, FINALIZERS, options);
  assert.equal(pass.waiting, false);
  assert.equal(
    await state("Secret", namespace, "credentials"),
    "live",
    "left to the garbage collector",
  );
  await client.setFinalizers(deleting, []);
});

test("without a cascade finalizer nothing is deleted; one added after deletion began is refused", async () => {
  const namespace = await plane.createNamespace("cascade-none");
  const owner = await stack(namespace, [OWN_FINALIZER]);
  await child("ConfigMap", namespace, "settings", owner);
  const deleting = await deleteStack(namespace);
  const pass = await cascadeDeletion(client, deleting, KINDS, FINALIZERS, options);
  assert.deepEqual(pass, { waiting: false, obj: deleting }, "no request, no write");
  assert.equal(
    await state("ConfigMap", namespace, "settings"),
    "live",
    "left to the garbage collector",
  );
  await assert.rejects(
    client.setFinalizers(deleting, [OWN_FINALIZER, FINALIZERS.foreground]),
    (err: unknown) => statusCode(err) === 422,
  );
  await client.setFinalizers(deleting, []);
});
