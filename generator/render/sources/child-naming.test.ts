// Children named from the spec, rendered: the generated instance functions (count, a spec field,
// a fixed name), delete RBAC for exactly the pruned kinds, and the CRD bounds that keep every
// child name valid (a DNS-label pattern on the fields read, the owner name's length).

import assert from "node:assert/strict";
import { test } from "node:test";
import { checkSpec } from "../../check/check-spec.ts";
import { buildModel } from "../../model/build-model.ts";
import { parseSpec } from "../../parse/parse-spec.ts";
import { renderManifests } from "../manifests/index.ts";
import { documentsOf, fileAt } from "../manifests/testing/fixtures.ts";
import { renderSources } from "./index.ts";

const SPEC = `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata:
  name: shop-operator
api:
  group: shop.example.com
  kind: Shop
  versions:
    - name: v1
spec:
  fields:
    region:
      type: string
      required: true
      maxLength: 8
    replicas:
      type: integer
      minimum: 0
      maximum: 12
status:
  conditions:
    - type: Ready
children:
  - apiVersion: apps/v1
    kind: Deployment
    count: replicas
    name: "{metadata.name}-{spec.region}-{index}"
  - apiVersion: v1
    kind: ConfigMap
    name: "{metadata.name}-settings"
  - apiVersion: v1
    kind: Service
  - apiVersion: v1
    kind: Secret
    name: shop-credentials
`;

function model() {
  const parsed = parseSpec(SPEC, "operator.yaml");
  assert.ok(parsed.ok);
  assert.deepEqual(checkSpec(parsed.spec), []);
  return buildModel(parsed.spec.data, SPEC);
}

test("the instance functions name each object from the owner, the spec and the index", () => {
  const index = renderSources(model()).rendered.find((f) => f.path === "src/children/index.ts")!;
  const text = index.content;
  assert.match(
    text,
    /return countIndexes\(obj\.spec\.replicas\)\.map\(\(index\) => \(\{\s*name: `\$\{obj\.metadata\.name\}-\$\{obj\.spec\.region\}-\$\{index\}`,\s*labels: \{ "shop\.example\.com\/instance": String\(index\) \},/,
  );
  assert.match(text, /name: `\$\{obj\.metadata\.name\}-settings`, labels: \{\}/);
  assert.match(text, /name: `shop-credentials`, labels: \{\}/);
  // The Service keeps its default name and builder.
  assert.match(text, /^\s+desiredService\(obj\),$/m);
  assert.match(
    text,
    /\.\.\.deploymentInstances\(obj\)\.map\(\(instance\) => desiredDeployment\(obj, instance\)\)/,
  );
});

test("RBAC grants delete for exactly the kinds named from the spec", () => {
  // The operator's own role; the editor and viewer roles are the users'.
  const role = fileAt(renderManifests(model()), "config/rbac/role.yaml");
  const rules = documentsOf(role).flatMap((d) => d.rules ?? []);
  const deletable = rules
    .filter((r: any) => r.verbs.includes("delete"))
    .flatMap((r: any) => r.resources as string[])
    .sort();
  assert.deepEqual(deletable, ["configmaps", "deployments", "secrets"]);
});

test("the CRD bounds what names read: a DNS-label pattern on the field, the owner name's length", () => {
  const m = model();
  const crd = documentsOf(
    fileAt(renderManifests(m), `config/crd/bases/shop.example.com_shops.yaml`),
  )[0]!;
  const schema = crd.spec.versions[0].schema.openAPIV3Schema;
  assert.equal(schema.properties.spec.properties.region.pattern, "^[a-z0-9]([-a-z0-9]*[a-z0-9])?$");
  // 63 = owner + "-" + 8 (region) + "-" + 2 (index up to 11): the owner keeps 51.
  const rules = schema["x-kubernetes-validations"].map((r: any) => r.rule);
  assert.ok(rules.includes("self.metadata.name.size() <= 51"), rules.join("; "));
  assert.ok(rules.includes("self.metadata.name.matches('^[a-z]([-a-z0-9]*[a-z0-9])?$')"));
});
