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
