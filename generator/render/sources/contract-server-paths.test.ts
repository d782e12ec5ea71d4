import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { CelRule } from "../../model/types.ts";
import { field, fixtureModel } from "../manifests/testing/fixtures.ts";
import type { SpecCase } from "./contract-case-types.ts";
import { buildContractView } from "./contract-view.ts";

// The causes below are what kube-apiserver 1.36 answers for these values (seen on the real
// server). Schema checks (kube-openapi) join map keys with dots; CEL rules and list-type checks
// report field.Path, which puts map keys in brackets; a Duplicate rule drops the rule's message.

const rule = (r: CelRule): CelRule => r;

function model() {
  const m = fixtureModel();
  const set = field("names", "array", {
    listType: "set",
    maxItems: 3,
    items: field("item", "string", { maxLength: 8 }),
  });
  const backend = field("backend", "object", {
    fields: [
      field("port", "integer", { required: true, minimum: 1, maximum: 65535 }),
      field("hosts", "array", {
        listType: "set",
        items: field("item", "string", { maxLength: 9 }),
      }),
    ],
    rules: [
      rule({
        rule: "self.port != 22",
        message: "port 22 is reserved",
        reason: "FieldValueForbidden",
        examples: { valid: [{ port: 80 }], invalid: [{ port: 22 }] },
      }),
    ],
  });
  m.spec.rules = [
    rule({
      rule: "!has(self.labels) || !('x' in self.labels)",
      message: "no label x",
      fieldPath: ".labels.x",
      examples: { valid: [{ labels: { y: "a" } }], invalid: [{ labels: { x: "a" } }] },
    }),
    rule({
      rule: "!has(self.second) || has(self.first)",
      message: "second needs first",
      reason: "FieldValueRequired",
      fieldPath: ".first",
      examples: { valid: [{ first: "a" }], invalid: [{ second: "b" }] },
    }),
  ];
  m.spec.fields = [
    field("nameUrl", "map", {
      items: set,
      rules: [
        rule({
          rule: "!('bad' in self)",
          message: "no bad key",
          fieldPath: "['bad']",
          examples: { valid: [{ good: ["a"] }], invalid: [{ bad: ["a"] }] },
        }),
      ],
    }),
    field("labels", "map", {
      items: field("value", "string", {
        minLength: 1,
        maxLength: 5,
        rules: [
          rule({
            rule: "self != 'bad'",
            message: "must not be bad",
            examples: { valid: ["good"], invalid: ["bad"] },
          }),
        ],
      }),
    }),
    field("backends", "map", { items: backend }),
    field("first", "string", { maxLength: 10 }),
    field("second", "string", { maxLength: 10 }),
    field("count", "integer", {
      minimum: 0,
      maximum: 10,
      rules: [
        rule({
          rule: "self != 7",
          message: "seven is a duplicate",
          reason: "FieldValueDuplicate",
          examples: { valid: [1], invalid: [7] },
        }),
      ],
    }),
  ];
  return m;
}

function expectations(json: string): Map<string, SpecCase["expect"]> {
  return new Map((JSON.parse(json) as SpecCase[]).map((c) => [c.name, c.expect]));
}

describe("contract causes as the API server reports them", () => {
  const view = buildContractView(model());
  const schema = expectations(view.schemaCases);
  const cel = expectations(view.celCases);
  const find = (table: Map<string, SpecCase["expect"]>, start: string, label: string) => {
    const hit = [...table].find(
      ([name]) => name.startsWith(start) && name.includes(" is rejected (") && name.includes(label),
    );
    assert.ok(hit, `no case ${start} … ${label} among ${[...table.keys()].join("\n")}`);
    return hit[1];
  };

  it("list-type duplicates inside map values: map keys in brackets, at any depth", () => {
    assert.deepEqual(find(schema, "spec.nameUrl", "(list-type set)"), {
      field: "spec.nameUrl[key-1][1]",
      reason: "FieldValueDuplicate",
      message: "Duplicate value",
    });
    assert.deepEqual(find(schema, "spec.backends", "(list-type set)"), {
      field: "spec.backends[key-1].hosts[1]",
      reason: "FieldValueDuplicate",
      message: "Duplicate value",
    });
  });

  it("OpenAPI schema checks inside map values keep kube-openapi's dotted keys", () => {
    assert.equal(
      (find(schema, "spec.labels", "(maxLength 5)") as { field: string }).field,
      "spec.labels.key-1",
    );
    assert.equal(
      (find(schema, "spec.nameUrl", "(maxItems 3)") as { field: string }).field,
      "spec.nameUrl.key-1",
    );
    assert.equal(
      (find(schema, "spec.backends", "(required)") as { field: string }).field,
      "spec.backends.key-1.port",
    );
  });

  it("CEL rules inside map values: map keys in brackets; a bracketed fieldPath as the server joins it", () => {
    assert.deepEqual(find(cel, "spec.labels", "must not be bad"), {
      field: "spec.labels[key-1]",
      reason: "FieldValueInvalid",
      message: "must not be bad",
    });
    assert.deepEqual(find(cel, "spec:", "no label x"), {
      field: "spec.labels[x]",
      reason: "FieldValueInvalid",
      message: "no label x",
    });
    assert.deepEqual(find(cel, "spec.nameUrl", "no bad key"), {
      field: "spec.nameUrl.[bad]",
      reason: "FieldValueInvalid",
      message: "no bad key",
    });
  });

  it("each rule reason's message is the one its field.Error renders", () => {
    assert.deepEqual(find(cel, "spec.count", "seven is a duplicate"), {
      field: "spec.count",
      reason: "FieldValueDuplicate",
      message: "Duplicate value",
    });
    assert.deepEqual(find(cel, "spec.backends", "port 22 is reserved"), {
      field: "spec.backends[key-1]",
      reason: "FieldValueForbidden",
      message: "Forbidden: port 22 is reserved",
    });
    assert.deepEqual(find(cel, "spec:", "second needs first"), {
      field: "spec.first",
      reason: "FieldValueRequired",
      message: "Required value: second needs first",
    });
  });
});
