// type: any, a value of any JSON type (x-kubernetes-preserve-unknown-fields without a type, what
// controller-gen makes of apiextensionsv1.JSON): free-form holds only objects. The CRD, the
// TypeScript type and the contract cases that prove on the server that a string and a list are
// stored as sent.

import assert from "node:assert/strict";
import { test } from "node:test";
import { parse } from "yaml";
import { loadSpec } from "../../pipeline.ts";
import { renderProject } from "../render-project.ts";

const SPEC = `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata: { name: widget-operator }
api: { group: widgets.example.com, kind: Widget, versions: [{ name: v1 }] }
spec:
  fields:
    size: { type: string }
    value: { type: any, description: "The parameter's value, of any JSON type." }
`;

test("type: any is a typeless field that keeps any JSON value", async () => {
  const files = await renderProject(loadSpec(SPEC, "operator.yaml").model);
  const crd = parse(files.get("config/crd/bases/widgets.example.com_widgets.yaml")!.content);
  const spec = crd.spec.versions[0].schema.openAPIV3Schema.properties.spec;
  assert.deepEqual(spec.properties.value, {
    description: "The parameter's value, of any JSON type.",
    "x-kubernetes-preserve-unknown-fields": true,
  });
  const types = files.get("src/api/v1/widget-types.ts")!.content;
  assert.match(types, /value\?: unknown;/);
  const cases = JSON.parse(files.get("test/contract/cases.json")!.content) as {
    pruningCases: Array<{ name: string; spec: Record<string, unknown>; stored: unknown }>;
  };
  const kept = cases.pruningCases.filter((c) => c.name.startsWith("any spec.value keeps"));
  assert.deepEqual(
    kept.map((c) => [c.name, c.spec.value]),
    [
      ["any spec.value keeps a string as sent", "text"],
      ["any spec.value keeps a list as sent", [1, "two", { three: true }]],
    ],
  );
});
