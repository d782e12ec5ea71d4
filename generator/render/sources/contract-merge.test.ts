// Which atomic fields get a server-side apply contract case, and the values it sends.

import assert from "node:assert/strict";
import { test } from "node:test";
import { loadSpec } from "../../pipeline.ts";
import { buildContractView } from "./contract-view.ts";
import type { MergeCase } from "./contract-merge.ts";

function cases(fields: string, rules = ""): MergeCase[] {
  const source = `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata: { name: widget-operator }
api: { group: widgets.example.com, kind: Widget, versions: [{ name: v1 }] }
spec:
  fields:
${fields.replace(/^/gm, "    ")}
${rules}`;
  return JSON.parse(buildContractView(loadSpec(source, "operator.yaml").model).mergeCases);
}

const REF = `ref:
  type: object
  mapType: atomic
  fields:
    name: { type: string, maxLength: 63, required: true }
    namespace: { type: string, maxLength: 63 }`;

test("an atomic object: the first manager sets every field, the second only the required ones", () => {
  const [c, ...rest] = cases(REF);
  assert.equal(rest.length, 0);
  assert.deepEqual(c, {
    field: "spec.ref",
    path: ["ref"],
    first: { ref: { name: "example", namespace: "example" } },
    second: { name: "example-1" },
    stored: { name: "example-1" },
  });
});

test("atomic maps and free-form fields nested in granular objects, with defaults in what is stored", () => {
  const found = cases(`placement:
  type: object
  required: true
  fields:
    zone: { type: string, maxLength: 10, required: true }
    labels:
      type: map
      mapType: atomic
      minProperties: 2
      values:
        type: object
        fields:
          v: { type: string, maxLength: 9, required: true }
          weight: { type: integer, default: 1 }
    extra: { type: free-form, mapType: atomic }`);
  assert.deepEqual(
    found.map((c) => c.field),
    ["spec.placement.labels", "spec.placement.extra"],
  );
  const labels = found[0]!;
  assert.deepEqual(Object.keys(labels.second as object), ["second-0", "second-1"]);
  assert.deepEqual(Object.keys((labels.first.placement as any).labels), ["first-0", "first-1"]);
  for (const value of Object.values(labels.stored as Record<string, { weight: number }>))
    assert.equal(value.weight, 1);
});

test("no case where the difference cannot show or another rule could refuse the second apply", () => {
  // Every field required: both values have the same keys.
  assert.deepEqual(
    cases(
      "ref:\n  type: object\n  mapType: atomic\n  fields:\n    name: { type: string, required: true }",
    ),
    [],
  );
  // Granular (said or not), and atomic under an atomic parent: only the parent has a case.
  assert.deepEqual(
    cases(`outer:
  type: object
  mapType: atomic
  fields:
    inner: { type: free-form, mapType: atomic }
    plain: { type: map, mapType: granular, values: { type: string } }`).map((c) => c.field),
    ["spec.outer"],
  );
  // An immutable field or a transition rule anywhere.
  assert.deepEqual(cases(`${REF}\nzone: { type: string, maxLength: 5, immutable: true }`), []);
  assert.deepEqual(
    cases(
      REF,
      '  rules:\n    - rule: "!has(oldSelf.ref) || has(self.ref)"\n      message: ref stays\n',
    ),
    [],
  );
});
