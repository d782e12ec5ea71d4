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
