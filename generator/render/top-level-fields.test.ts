// Fields beside spec and status (topLevel.fields) reach the CRD's root schema, the object's
// TypeScript type and the sample. Their acceptance by the API server is the generated contract
// suite's (the sample is created there).

import assert from "node:assert/strict";
import { test } from "node:test";
import { parse } from "yaml";
import { loadSpec } from "../pipeline.ts";
import { renderProject } from "./render-project.ts";

const SPEC = `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata: { name: bundle-operator }
api: { group: bundles.example.com, kind: Bundle, versions: [{ name: v1 }] }
spec: { fields: { size: { type: integer, minimum: 1, maximum: 8, default: 2 } } }
status: {}
topLevel:
  fields:
    data:
      type: map
      description: Entries published with the bundle.
      maxProperties: 16
      values: { type: string, maxLength: 256 }
      examples: [{ greeting: hello }]
    source:
      type: object
      fields:
        url: { type: string, maxLength: 200 }
`;

test("top-level fields are in the CRD's root schema, beside spec and status", async () => {
  const files = await renderProject(loadSpec(SPEC, "operator.yaml").model);
  const crd = parse(files.get("config/crd/bases/bundles.example.com_bundles.yaml")!.content);
  const root = crd.spec.versions[0].schema.openAPIV3Schema;
  assert.deepEqual(Object.keys(root.properties), [
    "apiVersion",
    "kind",
    "metadata",
    "spec",
    "status",
    "data",
    "source",
  ]);
  assert.equal(root.properties.data.type, "object");
  assert.deepEqual(root.properties.data.additionalProperties, { type: "string", maxLength: 256 });
  assert.equal(root.properties.source.properties.url.maxLength, 200);
  assert.deepEqual(root.required, undefined, "optional: no object must carry them");
});

test("the object's type extends an interface of its top-level fields, all optional", async () => {
  const files = await renderProject(loadSpec(SPEC, "operator.yaml").model);
  const types = files.get("src/api/v1/bundle-types.ts")!.content;
  assert.match(types, /export interface Bundle extends BundleRoot \{/);
  assert.match(
    types,
    /export interface BundleRoot \{[^}]*data\?: Record<string, string>;[^}]*source\?: BundleRootSource;/s,
  );
});

test("the sample shows a top-level field's first example, and leaves the others out", async () => {
  const files = await renderProject(loadSpec(SPEC, "operator.yaml").model);
  const sample = parse(files.get("config/samples/bundles.example.com_v1_bundle.yaml")!.content);
  assert.deepEqual(sample.data, { greeting: "hello" });
  assert.equal(sample.source, undefined);
});
