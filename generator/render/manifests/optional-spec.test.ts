// A spec document without `spec:` is a kind with no spec at all: the CRD declares none (the API
// server drops one that is sent), the sample has none, the TypeScript Spec type admits nothing,
// and the contract tests send objects without spec. `spec: { fields: {} }` keeps an empty spec.

import assert from "node:assert/strict";
import { test } from "node:test";
import { parse } from "yaml";
import { loadSpec } from "../../pipeline.ts";
import { renderProject } from "../render-project.ts";
import { structuralProblems } from "./testing/structural.ts";

const HEAD = `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata: { name: probe-operator }
api: { group: probes.example.com, kind: Probe, versions: [{ name: v1 }] }
`;
const STATUS = `status:
  fields:
    endpoint: { type: string }
`;

async function render(source: string) {
  const files = await renderProject(loadSpec(source, "operator.yaml").model);
  const text = (path: string) => files.get(path)!.content;
  const crd = parse(text("config/crd/bases/probes.example.com_probes.yaml"));
  return {
    schema: crd.spec.versions[0].schema.openAPIV3Schema,
    sample: parse(text("config/samples/probes.example.com_v1_probe.yaml")),
    types: text("src/api/v1/probe-types.ts"),
    cases: JSON.parse(text("test/contract/cases.json")),
  };
}

test("no spec: the CRD, the sample and the contract tables have none; the Spec type admits nothing", async () => {
  const { schema, sample, types, cases } = await render(HEAD + STATUS);
  assert.deepEqual(structuralProblems(schema), []);
  assert.deepEqual(Object.keys(schema.properties), ["apiVersion", "kind", "metadata", "status"]);
  assert.equal(schema.required, undefined);
  assert.equal(schema.properties.status.properties.endpoint.type, "string");
  assert.equal("spec" in sample, false);
  assert.match(types, /^export type ProbeSpec = Record<string, never>;$/m);
  assert.match(types, /has no spec: its CRD declares none/);
  assert.match(types, /^ {2}spec\?: ProbeSpec;$/m);
  assert.equal(cases.minimalSpec, null);
  assert.equal(cases.storedMinimalSpec, null);
  assert.deepEqual(cases.schemaCases, [
    { name: "an object without spec is accepted", spec: null, expect: "accepted" },
  ]);
  assert.deepEqual(cases.pruningCases, [
    {
      name: "a spec sent anyway is dropped: Probe declares none",
      spec: { unknownField: "pruned" },
      stored: null,
    },
  ]);
  assert.equal(cases.changedSpec, null);
});

test("no spec and no status fields: a kind with conditions only still renders", async () => {
  const { schema, types } = await render(HEAD);
  assert.deepEqual(Object.keys(schema.properties), ["apiVersion", "kind", "metadata", "status"]);
  assert.match(types, /^export type ProbeSpec = Record<string, never>;$/m);
});

test("spec with empty fields keeps an empty spec object, as before", async () => {
  const { schema, sample, types, cases } = await render(`${HEAD}spec: { fields: {} }\n${STATUS}`);
  assert.deepEqual(schema.properties.spec, { type: "object" });
  assert.deepEqual(sample.spec, {});
  assert.match(types, /^export interface ProbeSpec \{\s*\}$/m);
  assert.deepEqual(cases.minimalSpec, {});
});

// Real CRDs decide spec's presence apart from its fields: KEDA's TriggerAuthentication and
// Contour's HTTPProxy require spec with no required field in it; others require a field only
// when spec is there.
const FIELDS = `    mode: { type: string, enum: [fast, slow], default: fast }
    owner: { type: string, maxLength: 63 }
`;
const presenceCase = (cases: { schemaCases: Array<{ name: string; spec: unknown }> }) =>
  cases.schemaCases.filter((c) => c.spec === null);

test("spec.required: true with no required field: the CRD requires spec, gives it no default, and the contract expects an object without spec refused", async () => {
  const { schema, types, cases } = await render(
    `${HEAD}spec:\n  required: true\n  fields:\n${FIELDS}${STATUS}`,
  );
  assert.deepEqual(structuralProblems(schema), []);
  assert.deepEqual(schema.required, ["spec"]);
  assert.equal(schema.properties.spec.default, undefined, "a default would satisfy required");
  assert.match(types, /^ {2}spec: ProbeSpec;$/m);
  assert.deepEqual(presenceCase(cases), [
    {
      name: "spec: leaving it out is rejected (spec is required)",
      spec: null,
      expect: { field: "spec", reason: "FieldValueRequired", message: "Required value" },
    },
  ]);
});

test("spec.required: false with a required field: spec may be left out, its type is optional, and the contract expects that accepted", async () => {
  const { schema, types, cases } = await render(
    `${HEAD}spec:\n  required: false\n  fields:\n${FIELDS}    name: { type: string, maxLength: 63, required: true }\n${STATUS}`,
  );
  assert.equal(schema.required, undefined);
  assert.deepEqual(schema.properties.spec.required, ["name"]);
  assert.equal(schema.properties.spec.default, undefined);
  assert.match(types, /^ {2}spec\?: ProbeSpec;$/m);
  assert.deepEqual(presenceCase(cases), [
    {
      name: "an object without spec is accepted (spec is optional)",
      spec: null,
      expect: "accepted",
    },
  ]);
});

test("spec.required left out: required exactly when a field is (controller-gen's rule)", async () => {
  const withRequired = await render(
    `${HEAD}spec:\n  fields:\n    name: { type: string, maxLength: 63, required: true }\n${STATUS}`,
  );
  assert.deepEqual(withRequired.schema.required, ["spec"]);
  const without = await render(`${HEAD}spec:\n  fields:\n${FIELDS}${STATUS}`);
  assert.equal(without.schema.required, undefined);
  assert.deepEqual(without.schema.properties.spec.default, { mode: "fast" });
});
