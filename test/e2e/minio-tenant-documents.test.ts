// The examples written from public CRDs, held against what those projects document: the CRD the
// generator makes from examples/minio-tenant.yaml must accept the Tenants MinIO's own examples
// apply (test/e2e/documents/minio-tenant.yaml, from minio/operator v5.0.18) and reject what MinIO's
// CRD rejects, on a real kube-apiserver. Where the generated CRD is stricter than MinIO's (the
// bounds that keep child names valid), the test says so and shows the server's reason.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { parseAllDocuments } from "yaml";
import { findAssets } from "../../generator/envtest/find-assets.ts";
import { readPinnedVersions } from "../../generator/envtest/versions.ts";
import { checkSpec } from "../../generator/check/check-spec.ts";
import { buildModel } from "../../generator/model/build-model.ts";
import { buildCrd } from "../../generator/render/manifests/crd.ts";
import { parseSpec } from "../../generator/parse/parse-spec.ts";
import type { ApiAnswer } from "../../generator/server-check/api-client.ts";
import {
  startControlPlane,
  type RunningControlPlane,
} from "../../generator/server-check/control-plane.ts";
import { servedOrWhy } from "../../generator/server-check/crd-served.ts";
import { examplePath, REPO_ROOT } from "../support.ts";

const assets = findAssets({ env: process.env, versions: readPinnedVersions(REPO_ROOT) });
assert.ok(assets, "these tests need kube-apiserver and etcd: run `npm run envtest` first");

type Tenant = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; resourceVersion?: string };
  spec: { pools: Array<Record<string, unknown>> } & Record<string, unknown>;
};

const DOCUMENTS = parseAllDocuments(
  readFileSync(join(REPO_ROOT, "test/e2e/documents/minio-tenant.yaml"), "utf8"),
).map((d) => d.toJS() as Tenant);
const COLLECTION = "/apis/minio.min.io/v2/namespaces/default/tenants";

let plane: RunningControlPlane;
let serial = 0;

before(async () => {
  plane = await startControlPlane({
    kubeApiserver: join(assets.path, "kube-apiserver"),
    etcd: join(assets.path, "etcd"),
  });
  const parsed = parseSpec(readFileSync(examplePath("minio-tenant"), "utf8"), "operator.yaml");
  assert.ok(parsed.ok);
  assert.deepEqual(checkSpec(parsed.spec), []);
  const model = buildModel(parsed.spec.data, parsed.spec.source);
  const created = await plane.call(
    "POST",
    "/apis/apiextensions.k8s.io/v1/customresourcedefinitions",
    buildCrd(model),
  );
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.equal(await servedOrWhy(plane.call, model, 30_000), undefined);
});
after(() => plane?.stop());

/** `doc` under a fresh name in the default namespace (MinIO's examples use minio-tenant). */
function fresh(doc: Tenant, name = `myminio-${++serial}`): Tenant {
  const copy = structuredClone(doc);
  copy.metadata = { name };
  return copy;
}

async function create(obj: Tenant): Promise<ApiAnswer> {
  return plane.call("POST", COLLECTION, obj);
}

function reason(answer: ApiAnswer): string {
  return (answer.body as { message?: string }).message ?? JSON.stringify(answer.body);
}

async function rejected(obj: Tenant, pattern: RegExp): Promise<void> {
  const answer = await create(obj);
  assert.equal(answer.status, 422, `expected 422, got ${answer.status}: ${reason(answer)}`);
  assert.match(reason(answer), pattern);
}

test("accepts the Tenants MinIO's examples apply (base, tenant-lite, tenant-tiny)", async () => {
  assert.equal(DOCUMENTS.length, 3);
  for (const doc of DOCUMENTS) {
    const answer = await create(fresh(doc));
    assert.equal(answer.status, 201, reason(answer));
    const stored = answer.body as Tenant;
    assert.deepEqual(
      stored.spec.pools.map((p) => [p.name, p.servers, p.volumesPerServer]),
      doc.spec.pools.map((p) => [p.name, p.servers, p.volumesPerServer]),
    );
    assert.deepEqual(
      stored.spec.pools[0]!.volumeClaimTemplate,
      doc.spec.pools[0]!.volumeClaimTemplate,
    );
  }
});

test("accepts a second pool added to a Tenant, as MinIO's expansion does", async () => {
  const obj = fresh(DOCUMENTS[0]!);
  obj.spec.pools.push({ ...structuredClone(obj.spec.pools[0]!), name: "pool-1" });
  const answer = await create(obj);
  assert.equal(answer.status, 201, reason(answer));
});

test("rejects what MinIO's CRD rejects: no pools, a pool without its required fields, an empty pool name", async () => {
  const noPools = fresh(DOCUMENTS[1]!);
  delete (noPools.spec as Record<string, unknown>).pools;
  await rejected(noPools, /spec\.pools: Required value/);
  for (const field of ["servers", "volumesPerServer", "volumeClaimTemplate", "name"]) {
    const obj = fresh(DOCUMENTS[1]!);
    delete obj.spec.pools[0]![field];
    await rejected(obj, new RegExp(`spec\\.pools\\[0\\]\\.${field}: Required value`));
  }
  const empty = fresh(DOCUMENTS[1]!);
  empty.spec.pools[0]!.name = "";
  await rejected(empty, /spec\.pools\[0\]\.name/);
});

test("rejects what MinIO's CRD rejects: two pools with one name (a map list keyed on name)", async () => {
  const obj = fresh(DOCUMENTS[1]!);
  obj.spec.pools.push(structuredClone(obj.spec.pools[0]!));
  await rejected(obj, /spec\.pools\[1\]: Duplicate value/);
});

test("rejects what MinIO's CRD rejects: a pool's servers or volumesPerServer changed", async () => {
  const created = await create(fresh(DOCUMENTS[1]!));
  assert.equal(created.status, 201, reason(created));
  const stored = created.body as Tenant;
  for (const [field, message] of [
    ["servers", "servers is immutable"],
    ["volumesPerServer", "volumesPerServer is immutable"],
  ] as const) {
    const changed = structuredClone(stored);
    changed.spec.pools[0]![field] = (stored.spec.pools[0]![field] as number) + 1;
    const answer = await plane.call("PUT", `${COLLECTION}/${stored.metadata.name}`, changed);
    assert.equal(answer.status, 422, reason(answer));
    assert.match(reason(answer), new RegExp(message));
  }
});

test("stricter than MinIO's CRD, so every child name is valid: pool names are DNS labels of at most 20, Tenant names at most 31", async () => {
  const upper = fresh(DOCUMENTS[1]!);
  upper.spec.pools[0]!.name = "Pool_0";
  await rejected(upper, /spec\.pools\[0\]\.name: Invalid value: "Pool_0": .*should match/);
  const longPool = fresh(DOCUMENTS[1]!);
  longPool.spec.pools[0]!.name = "p".repeat(21);
  await rejected(longPool, /spec\.pools\[0\]\.name: Too long/);
  // <tenant>-<pool> is a StatefulSet name: 31 + 1 + 20 = 52 characters at most.
  await rejected(
    fresh(DOCUMENTS[1]!, "t".repeat(32)),
    /metadata\.name must be at most 31 characters/,
  );
  const longest = await create(fresh(DOCUMENTS[1]!, "t".repeat(31)));
  assert.equal(longest.status, 201, reason(longest));
});
