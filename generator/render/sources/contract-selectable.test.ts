// The contract case per selectable field: an object with a known value at the selected path.

import assert from "node:assert/strict";
import { test } from "node:test";
import { loadSpec } from "../../pipeline.ts";
import type { SelectableCase } from "./contract-selectable.ts";
import { buildContractView } from "./contract-view.ts";

function cases(selectable: string[]): SelectableCase[] {
  const source = `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata: { name: widget-operator }
api: { group: widgets.example.com, kind: Widget, versions: [{ name: v1 }] }
spec:
  fields:
    color: { type: string, enum: [red, blue], default: red }
    placement:
      type: object
      fields:
        zone: { type: string, maxLength: 10 }
status:
  fields:
    source:
      type: object
      mapType: atomic
      fields:
        class: { type: string, enum: [gold, silver] }
        ready: { type: boolean, required: true }
selectableFields:
${selectable.map((p) => `  - jsonPath: ${p}\n`).join("")}`;
  return JSON.parse(buildContractView(loadSpec(source, "operator.yaml").model).selectableCases);
}

test("a selected optional field gets a value: nested in spec, and in status beside the required ones", () => {
  const [zone, klass, generation] = cases([
    ".spec.placement.zone",
    ".status.source.class",
    ".status.observedGeneration",
  ]);
  assert.equal(zone!.field, "spec.placement.zone");
  assert.deepEqual(zone!.spec.placement, { zone: zone!.value });
  assert.equal(klass!.field, "status.source.class");
  assert.equal(klass!.value, "gold");
  assert.deepEqual(klass!.status.source, { ready: false, class: "gold" });
  assert.equal(generation!.value, "1");
  assert.deepEqual(generation!.status.source, { ready: false }, "the sample as it was");
});
