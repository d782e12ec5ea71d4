// The operator's own writes (the status PUT and the finalizer merge patch) answer with the whole
// stored object, and a tenant may have put 256 KiB into its annotations: parsed whole, 800 such
// responses in a 30 s convergence pushed the operator to its Deployment's memory limit (issue 24).
// On a real kube-apiserver, KubeResourceClient given the cache's kept annotations returns objects
// shaped like the cache's (the tenant's annotation gone, a kept one intact), leaves the stored
// annotations alone, and still maps 404 and 409 as the reconciler expects, for a namespaced and a
// cluster-scoped kind.

import assert from "node:assert/strict";
import { test } from "node:test";
import {
  ApiextensionsV1Api,
  CustomObjectsApi,
  type KubernetesObject,
} from "@kubernetes/client-node";
import { pollUntil, sharedControlPlane } from "@create-operator/envtest";
import { ConflictError, describeApiError, isNotFound, statusCode } from "../../src/errors.ts";
import { KubeResourceClient, type CustomResourceRef } from "../../src/kube-resource-client.ts";
import { KubeTransport, type RequestOutcome } from "../../src/transport.ts";

const plane = await sharedControlPlane({ crdDirectory: null });
const extensions = plane.admin.makeApiClient(ApiextensionsV1Api);
const custom = plane.admin.makeApiClient(CustomObjectsApi);
const GROUP = "writes.runtime.test";
const FIELD_MANAGER = "write-responses-test";
const TENANT = "tenant.example.com/notes";
const KEPT = "runtime.example.com/kept";

type Note = KubernetesObject & { spec?: unknown; status?: { phase?: string } };

async function defineKind(plural: string, kind: string, namespaced: boolean) {
  await extensions
    .createCustomResourceDefinition({
      body: {
        apiVersion: "apiextensions.k8s.io/v1",
        kind: "CustomResourceDefinition",
        metadata: { name: `${plural}.${GROUP}` },
        spec: {
          group: GROUP,
          scope: namespaced ? "Namespaced" : "Cluster",
          names: { plural, singular: kind.toLowerCase(), kind, listKind: `${kind}List` },
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
                    spec: { type: "object" },
                    status: { type: "object", properties: { phase: { type: "string" } } },
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
        .listClusterCustomObject({ group: GROUP, version: "v1", plural })
        .then(() => true)
        .catch(() => undefined),
    () => `the ${kind} CRD was never served`,
  );
}

for (const namespaced of [true, false]) {
  const scope = namespaced ? "namespaced" : "cluster-scoped";
  test(`${scope}: status and finalizer writes return no tenant annotation, keep the stored one, and map 404 and 409`, async (t) => {
    const plural = namespaced ? "notes" : "clusternotes";
    const kind = namespaced ? "Note" : "ClusterNote";
    await defineKind(plural, kind, namespaced);
    const namespace = namespaced ? await plane.createNamespace("write-responses") : undefined;
    const name = `n-${process.pid}-${Date.now()}`;
    const ref: CustomResourceRef = { group: GROUP, version: "v1", plural, namespaced };
    const at = { group: GROUP, version: "v1", plural, name };
    t.after(() =>
      (namespaced
        ? custom.deleteNamespacedCustomObject({ ...at, namespace: namespace! })
        : custom.deleteClusterCustomObject(at)
      ).catch(() => {}),
    );
    const notes = "x".repeat(200 * 1024);
    const body = {
      apiVersion: `${GROUP}/v1`,
      kind,
      metadata: { name, annotations: { [TENANT]: notes, [KEPT]: "yes" } },
      spec: {},
    };
    const created = (
      namespaced
        ? await custom.createNamespacedCustomObject({ ...at, namespace: namespace!, body })
        : await custom.createClusterCustomObject({ ...at, body })
    ) as Note;
    const stored = async () =>
      (namespaced
        ? await custom.getNamespacedCustomObject({ ...at, namespace: namespace! })
        : await custom.getClusterCustomObject(at)) as Note;

    const client = new KubeResourceClient<Note>(plane.admin, ref, FIELD_MANAGER, {
      keptAnnotations: [KEPT],
    });
    const outcomes: RequestOutcome[] = [];
    KubeTransport.for(plane.admin).observe((outcome) => outcomes.push(outcome));

    const finalized = await client.setFinalizers(created, ["runtime.example.com/cleanup"]);
    assert.deepEqual(finalized.metadata?.finalizers, ["runtime.example.com/cleanup"]);
    // Compared by key: a failure must not print the tenant's 200 KiB.
    assert.deepEqual(
      Object.entries(finalized.metadata?.annotations ?? {}).map(([k, v]) => `${k}=${v.length}`),
      [`${KEPT}=3`],
      "the finalizer patch's response holds the kept annotation alone",
    );
    const updated = await client.replaceStatus({ ...finalized, status: { phase: "Ready" } });
    assert.equal(updated.status?.phase, "Ready");
    assert.notEqual(updated.metadata?.resourceVersion, finalized.metadata?.resourceVersion);
    assert.deepEqual(
      Object.entries(updated.metadata?.annotations ?? {}).map(([k, v]) => `${k}=${v.length}`),
      [`${KEPT}=3`],
      "the status write's response holds the kept annotation alone",
    );
    assert.equal(updated.metadata?.annotations?.[KEPT], "yes");
    // Writing from the shaped object changed nothing else: the tenant's annotation is stored as is.
    const after = await stored();
    assert.ok(after.metadata?.annotations?.[TENANT] === notes, "the tenant's annotation is stored");
    assert.equal(after.metadata?.annotations?.[KEPT], "yes");
    assert.deepEqual(after.metadata?.finalizers, ["runtime.example.com/cleanup"]);
    assert.equal(after.status?.phase, "Ready");
    const managers = (after.metadata?.managedFields ?? [])
      .filter((entry) => entry.manager === FIELD_MANAGER)
      .map((entry) => entry.subresource ?? "");
    assert.deepEqual(managers.sort(), ["", "status"], "both writes carry the field manager");
    const writes = outcomes.filter((o) => o.method === "PUT" || o.method === "PATCH");
    assert.deepEqual(
      writes.map((o) => `${o.method} ${o.code}`),
      ["PATCH 200", "PUT 200"],
      "the transport's observers (rest_client metrics) see each write",
    );

    // A stale resourceVersion is a ConflictError around the server's 409, for both writes.
    const stale = { ...finalized, status: { phase: "Stale" } };
    const conflict = await client.replaceStatus(stale).then(
      () => assert.fail("a stale status write succeeded"),
      (err: unknown) => err,
    );
    assert.ok(conflict instanceof ConflictError, `a ConflictError, not ${String(conflict)}`);
    assert.equal(statusCode(conflict.cause), 409);
    assert.equal(describeApiError(conflict.cause)?.reason, "Conflict");
    await assert.rejects(client.setFinalizers(finalized, []), ConflictError);

    // A missing object is the server's 404, which the cache-backed client maps to NotFound.
    const missing = { ...updated, metadata: { ...updated.metadata, name: `${name}-gone` } };
    for (const write of [
      () => client.replaceStatus(missing),
      () => client.setFinalizers(missing, []),
    ]) {
      const err = await write().then(
        () => assert.fail("a write of a missing object succeeded"),
        (e: unknown) => e,
      );
      assert.ok(isNotFound(err), `404, not ${String(err)}`);
      assert.equal(describeApiError(err)?.reason, "NotFound");
    }
    // The deadline's signal cancels a write.
    const reason = new Error("deadline");
    await assert.rejects(
      client.replaceStatus(updated, { signal: AbortSignal.abort(reason) }),
      (err) => err === reason,
    );
  });
}
