// mapType becomes x-kubernetes-map-type on the node it is declared on (objects, maps, free-form
// fields, in spec and status, at any depth) and nowhere else; list types stay on every array.

import assert from "node:assert/strict";
import { test } from "node:test";
import { parse } from "yaml";
import { loadSpec } from "../../pipeline.ts";
import { renderProject } from "../render-project.ts";
import { structuralProblems } from "./testing/structural.ts";

const FIELDS = `
    ref:
      type: object
      mapType: atomic
      fields:
        name: { type: string, maxLength: 63 }
    labels: { type: map, mapType: granular, values: { type: string, maxLength: 63 } }
    config: { type: free-form, mapType: atomic }
    plain: { type: object, fields: { a: { type: string, maxLength: 8 } } }
    byZone:
      type: map
      values:
        type: array
        listType: map
        listMapKeys: [zone]
        items:
          type: object
          mapType: atomic
          fields:
            zone: { type: string, maxLength: 20, required: true }`;

async function schemas() {
  const source = `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata: { name: widget-operator }
api: { group: widgets.example.com, kind: Widget, versions: [{ name: v1 }] }
spec:
  fields:${FIELDS}
status:
  fields:${FIELDS}
`;
  const files = await renderProject(loadSpec(source, "operator.yaml").model);
  const crd = parse(files.get("config/crd/bases/widgets.example.com_widgets.yaml")!.content);
  const root = crd.spec.versions[0].schema.openAPIV3Schema;
  return { root, spec: root.properties.spec, status: root.properties.status };
}

test("x-kubernetes-map-type where declared, in spec and status; absent elsewhere", async () => {
  const { root, spec, status } = await schemas();
  assert.deepEqual(structuralProblems(root), []);
  for (const side of [spec, status]) {
    const p = side.properties;
    assert.equal(p.ref["x-kubernetes-map-type"], "atomic");
    assert.equal(p.labels["x-kubernetes-map-type"], "granular");
    assert.equal(p.labels.type, "object");
    assert.equal(p.config["x-kubernetes-map-type"], "atomic");
    assert.equal(p.config["x-kubernetes-preserve-unknown-fields"], true);
    assert.equal("x-kubernetes-map-type" in p.plain, false);
    const zoned = p.byZone.additionalProperties;
    assert.equal(zoned.items["x-kubernetes-map-type"], "atomic");
    assert.equal(zoned["x-kubernetes-list-type"], "map");
    assert.deepEqual(zoned["x-kubernetes-list-map-keys"], ["zone"]);
  }
  assert.equal("x-kubernetes-map-type" in spec, false);
});
