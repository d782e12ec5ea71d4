import assert from "node:assert/strict";
import { test } from "node:test";
import { inlinedSchema } from "../../base/kubernetes-types/catalog.ts";
import { loadSpec } from "../../pipeline.ts";
import { renderProject } from "../render-project.ts";
import { documentsOf, fileAt } from "./testing/fixtures.ts";

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
    resources:
      type: core/v1.ResourceRequirements
      description: Requests and limits of the shop's pods.
    tolerations:
      type: array
      items:
        type: core/v1.Toleration
    size:
      type: Quantity
      default: 1Gi
    claim:
      type: core/v1.ResourceClaim
status:
  conditions:
    - type: Ready
`;

const files = [...(await renderProject(loadSpec(SPEC, "operator.yaml").model)).values()];
const crd = documentsOf(fileAt(files, "config/crd/bases/shop.example.com_shops.yaml"))[0]!;
const spec = crd.spec.versions[0].schema.openAPIV3Schema.properties.spec.properties;

test("an embedded type's CRD schema is the upstream one, documented by the field", () => {
  assert.deepEqual(spec.resources, {
    ...inlinedSchema("core/v1.ResourceRequirements"),
    description: "Requests and limits of the shop's pods.",
  });
  // Without a description of its own, the type's documentation stays.
  assert.deepEqual(spec.claim, inlinedSchema("core/v1.ResourceClaim"));
});

test("list items of an embedded type, and a Quantity with its default", () => {
  assert.equal(spec.tolerations["x-kubernetes-list-type"], "atomic");
  assert.deepEqual(spec.tolerations.items, inlinedSchema("core/v1.Toleration"));
  assert.deepEqual(spec.size, { ...inlinedSchema("Quantity"), default: "1Gi" });
});

test("the API types use @kubernetes/client-node's models", () => {
  const types = fileAt(files, "src/api/v1/shop-types.ts").content;
  assert.match(
    types,
    /import type \{\s*CoreV1ResourceClaim,\s*V1ObjectMeta,\s*V1ResourceRequirements,\s*V1Toleration,?\s*\} from "@kubernetes\/client-node";/,
  );
  assert.match(types, /resources\?: V1ResourceRequirements;/);
  assert.match(types, /tolerations\?: V1Toleration\[\];/);
  assert.match(types, /size\?: number \| string;/);
});

test("the contract tests probe the embedded schema on the server", () => {
  const cases = JSON.parse(fileAt(files, "test/contract/cases.json").content) as {
    schemaCases: { name: string; expect: unknown }[];
  };
  const rejected = (field: string) =>
    cases.schemaCases.filter(
      (c) => typeof c.expect === "object" && (c.expect as { field: string }).field === field,
    );
  assert.equal(rejected("spec.size").length, 2, "type and pattern of Quantity");
  assert.equal(rejected("spec.tolerations[0].tolerationSeconds").length, 1);
  assert.equal(rejected("spec.resources.limits.cpu").length, 1);
});
