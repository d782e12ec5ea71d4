// Examples written from public CRDs, against the real API server: the CRD the generator makes
// from each one accepts the objects of that project's documentation and rejects what the
// project's own CRD rejects (test/e2e/documented/<example>.yaml holds both, with their sources).
// Objects are sent as kubectl sends them (fieldValidation=Strict, so an unknown field is an
// error) and with dryRun=All, so nothing is stored.

import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { parse } from "yaml";
import { findAssets } from "../../generator/envtest/find-assets.ts";
import { readPinnedVersions } from "../../generator/envtest/versions.ts";
import { causesOf, isAccepted, type ApiAnswer } from "../../generator/server-check/api-client.ts";
import {
  startControlPlane,
  type RunningControlPlane,
} from "../../generator/server-check/control-plane.ts";
import { servedOrWhy } from "../../generator/server-check/crd-served.ts";
import { loadSpec } from "../../generator/pipeline.ts";
import { buildCrd } from "../../generator/render/manifests/crd.ts";
import { examplePath, exampleNames, REPO_ROOT } from "../support.ts";

interface Documented {
  accepted: Array<{ name: string; object: Record<string, any> }>;
  rejected: Array<{ name: string; reason: string; object: Record<string, any> }>;
}

const assets = findAssets({ env: process.env, versions: readPinnedVersions(REPO_ROOT) });
assert.ok(assets, "these tests need kube-apiserver and etcd: run `npm run envtest` first");

const DOCUMENTED = exampleNames().filter((name) =>
  existsSync(join(import.meta.dirname, "documented", `${name}.yaml`)),
);

let plane: RunningControlPlane;
before(async () => {
  plane = await startControlPlane({
    kubeApiserver: join(assets.path, "kube-apiserver"),
    etcd: join(assets.path, "etcd"),
  });
});
after(() => plane?.stop());

test("the examples written from public CRDs have documented objects", () => {
  assert.ok(DOCUMENTED.includes("backup-storage-location"), DOCUMENTED.join(", "));
});

for (const name of DOCUMENTED) {
  test(`examples/${name}.yaml: its CRD accepts the documented objects and rejects what the real CRD rejects`, async () => {
    const { model } = loadSpec(readFileSync(examplePath(name), "utf8"), examplePath(name));
    const documented = parse(
      readFileSync(join(import.meta.dirname, "documented", `${name}.yaml`), "utf8"),
    ) as Documented;
    const call = plane.call;
    const created = await call(
      "POST",
      "/apis/apiextensions.k8s.io/v1/customresourcedefinitions",
      buildCrd(model),
    );
    assert.ok(isAccepted(created), JSON.stringify(created.body));
    assert.equal(await servedOrWhy(call, model, 30_000), undefined);
    const namespaces = new Set(
      [...documented.accepted, ...documented.rejected].map((c) => c.object.metadata.namespace),
    );
    for (const namespace of namespaces) {
      const made = await call("POST", "/api/v1/namespaces", {
        apiVersion: "v1",
        kind: "Namespace",
        metadata: { name: namespace },
      });
      assert.ok(isAccepted(made) || made.status === 409, JSON.stringify(made.body));
    }
    const send = (object: Record<string, any>): Promise<ApiAnswer> =>
      call(
        "POST",
        `/apis/${model.api.group}/${model.api.version}/namespaces/${object.metadata.namespace}/${model.api.plural}?dryRun=All&fieldValidation=Strict`,
        object,
      );
    for (const { name: what, object } of documented.accepted) {
      const answer = await send(object);
      assert.ok(isAccepted(answer), `${what}: ${JSON.stringify(answer.body)}`);
      // Nothing the documentation sets is pruned away.
      assert.deepEqual((answer.body as any).spec, object.spec, what);
    }
    for (const { name: what, reason, object } of documented.rejected) {
      const answer = await send(object);
      assert.equal(answer.status, 422, `${what} was not rejected: ${JSON.stringify(answer.body)}`);
      const fields = causesOf(answer).map((c) => c.field ?? c.message ?? "");
      assert.ok(
        fields.some((f) => f.includes(reason)),
        `${what}: rejected, but not for ${reason}: ${fields.join("; ")}`,
      );
    }
  });
}
