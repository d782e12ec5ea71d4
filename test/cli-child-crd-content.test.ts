// A child served by another project's CRD whose schema admits no object the generator can build
// (a required value no example satisfies): `new` and `validate` both refuse it with a located
// SEM186 at the child's crd, exit 1, nothing written; never an internal error (exit 70).

import assert from "node:assert/strict";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { runCli, tempDir } from "./support.ts";

const CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  names: { kind: Widget, plural: widgets, singular: widget, listKind: WidgetList }
  scope: Namespaced
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              required: [size]
              properties:
                size: { type: integer, minimum: 5, maximum: 1 }
`;

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
    size:
      type: integer
children:
  - apiVersion: example.com/v1
    kind: Widget
    crd: widgets.yaml
`;

test("a child CRD whose required values cannot be built: SEM186 at children[0].crd, exit 1", () => {
  const dir = tempDir("child-crd-content");
  writeFileSync(join(dir, "widgets.yaml"), CRD);
  const spec = join(dir, "operator.yaml");
  writeFileSync(spec, SPEC);
  const target = join(dir, "out");
  for (const args of [
    ["new", target, "--spec", spec],
    ["validate", spec],
  ]) {
    const result = runCli(args);
    const output = `${result.stdout}${result.stderr}`;
    assert.equal(result.status, 1, `${args[0]}: ${output}`);
    assert.match(
      output,
      /operator\.yaml:17:10 error SEM186 children\[0\]\.crd: widgets\.yaml has no Widget the generator can build: spec\.size: 5 > maximum 1/,
      output,
    );
    assert.doesNotMatch(output, /internal error/);
  }
  assert.equal(existsSync(target), false);
});
