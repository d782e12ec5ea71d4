// An optional object whose members default stays absent when it is left out (issue 21, finding
// 7): real CRDs tell "absent" from "present with defaults", and a one-of object must not grow a
// second member from a default nobody asked for. Judged on the generated CRD alone.

import assert from "node:assert/strict";
import { test } from "node:test";
import { loadSpec } from "../../pipeline.ts";
import { judgeSpec } from "../self-check/spec-judge.ts";
import { prunedAndDefaulted } from "../self-check/schema-oracle.ts";
import { buildCrd } from "./crd.ts";

const SPEC = `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata:
  name: image-operator
api:
  group: images.example.com
  kind: ImagePolicy
  versions:
    - name: v1
spec:
  fields:
    image:
      type: string
      required: true
    verify:
      type: object
      fields:
        provider:
          type: string
          default: cosign
        keyless:
          type: boolean
          default: true
    rewrite:
      type: object
      maxProperties: 1
      fields:
        prefix:
          type: object
          fields:
            value:
              type: string
              default: /
        regexp:
          type: object
          fields:
            source:
              type: string
              required: true
            flags:
              type: string
              default: g
status:
  conditions:
    - type: Ready
`;

const crd = buildCrd(loadSpec(SPEC, "operator.yaml").model!);
const specSchema = crd.spec.versions[0]!.schema.openAPIV3Schema.properties!.spec!;

test("an optional object left out is stored without it, not as its members' defaults", () => {
  assert.deepEqual(prunedAndDefaulted(specSchema, { image: "nginx" }), { image: "nginx" });
});

test("an object that is sent gets its members' defaults", () => {
  assert.deepEqual(prunedAndDefaulted(specSchema, { image: "nginx", verify: {} }), {
    image: "nginx",
    verify: { provider: "cosign", keyless: true },
  });
});

test("a one-of object holding one alternative is accepted", () => {
  const spec = { image: "nginx", rewrite: { regexp: { source: "x" } } };
  assert.deepEqual(judgeSpec(crd, spec).violations, []);
});
