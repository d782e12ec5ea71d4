// The CRD of a spec with several versions: every version listed as the spec says (served, storage,
// deprecation), and a one-version spec exactly as before.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { parse } from "yaml";
import { buildModel } from "../../model/build-model.ts";
import { renderCrd } from "./crd.ts";
import { documentsOf } from "./testing/fixtures.ts";

const source = readFileSync(join(import.meta.dirname, "../../../examples/database.yaml"), "utf8");

function crdWith(versions: unknown[]) {
  const data = parse(source) as { api: { versions: unknown[] } };
  data.api.versions = versions;
  const [crd] = documentsOf(renderCrd(buildModel(data, source)));
  return crd!;
}

test("each version keeps served, storage and its deprecation", () => {
  const crd = crdWith([
    { name: "v1alpha1", served: false },
    { name: "v1beta1", deprecated: true, deprecationWarning: "db.example.com/v1beta1 is going" },
    { name: "v1", storage: true },
  ]);
  assert.deepEqual(
    crd.spec.versions.map((v: Record<string, unknown>) => [
      v.name,
      v.served,
      v.storage,
      v.deprecated,
      v.deprecationWarning,
    ]),
    [
      ["v1alpha1", false, false, undefined, undefined],
      ["v1beta1", true, false, true, "db.example.com/v1beta1 is going"],
      ["v1", true, true, undefined, undefined],
    ],
  );
});

test("the only version is served and stored, with no deprecation keys", () => {
  const [version] = crdWith([{ name: "v1alpha1" }]).spec.versions;
  assert.equal(version.served, true);
  assert.equal(version.storage, true);
  assert.equal("deprecated" in version, false);
});

test("evolved fields: each version has its own schema, and the webhook converts", () => {
  const evolved = readFileSync(
    join(import.meta.dirname, "../../../examples/database-v1beta1.yaml"),
    "utf8",
  );
  const model = buildModel(parse(evolved), evolved);
  const [crd] = documentsOf(renderCrd(model));
  const [alpha, beta] = crd!.spec.versions;
  const specOf = (version: { schema: { openAPIV3Schema: any } }) =>
    version.schema.openAPIV3Schema.properties.spec;
  assert.ok(specOf(alpha).properties.instanceClass);
  assert.equal(specOf(alpha).properties.size, undefined);
  assert.equal(specOf(alpha).properties.maintenanceWindow, undefined);
  assert.equal(specOf(alpha).default.instanceClass, "small");
  assert.ok(specOf(beta).properties.size && specOf(beta).properties.maintenanceWindow);
  // Equal selectable fields in every version with differing schemas: the API server refuses it.
  // The newest version that is not stored goes without; the storage version keeps them.
  assert.equal(alpha.selectableFields, undefined);
  assert.deepEqual(beta.selectableFields, [{ jsonPath: ".spec.engine" }]);
  assert.deepEqual(crd!.spec.conversion, {
    strategy: "Webhook",
    webhook: {
      conversionReviewVersions: ["v1"],
      clientConfig: {
        service: {
          namespace: model.namespace,
          name: "database-v1beta1-operator-webhook",
          path: "/convert",
          port: 443,
        },
      },
    },
  });
  // The operator works on the storage version.
  assert.equal(model.api.version, "v1beta1");
  assert.ok(model.spec.fields.some((f) => f.name === "maintenanceWindow"));
  assert.deepEqual(model.conversion!.spokes, [
    {
      version: "v1alpha1",
      copy: model.conversion!.spokes[0]!.copy,
      hubOnly: ["spec.maintenanceWindow"],
      versionOnly: [],
      hooked: [],
    },
  ]);
  assert.deepEqual(
    model.conversion!.spokes[0]!.copy.find((c) => c.hub === "spec.size"),
    { hub: "spec.size", version: "spec.instanceClass", object: false },
  );
});

test("several versions with identical schemas need no webhook", () => {
  const crd = crdWith([{ name: "v1beta1" }, { name: "v1", storage: true }]);
  assert.equal(crd.spec.conversion, undefined);
});
