import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ExternalResourceModel, FieldModel } from "../../model/types.ts";
import { fieldViolations } from "../manifests/field-violations.ts";
import { field, fixtureModel } from "../manifests/testing/fixtures.ts";
import { bindingView } from "./binding-view.ts";

function binding(outputs: FieldModel[]): ExternalResourceModel {
  return {
    name: "bucket",
    typeName: "Bucket",
    fileName: "bucket",
    description: "A storage bucket.",
    inputs: [],
    outputs,
    deletionPolicy: "Delete",
    driftPolicy: "Enforce",
    conditionType: "BucketReady",
    identity: { kind: "uid" },
  };
}

/** The value a fake expression yields for a provider ID like the in-memory provider's. */
function evaluate(expression: string): unknown {
  return new Function("id", `return ${expression};`)("mem-bucket-12");
}

describe("the in-memory provider's outputs", () => {
  const outputs = [
    field("location", "object", {
      fields: [
        field("region", "string", { required: true, pattern: "^[a-z]{2}-[a-z]+-[0-9]$" }),
        field("tier", "string", { required: true, enum: ["Standard", "Archive"] }),
        field("replicas", "integer", { required: true, minimum: 3, maximum: 5 }),
        field("note", "string"),
      ],
    }),
    field("arn", "string", { pattern: "^arn:aws:s3:::[a-z0-9.-]+$" }),
    field("createdAt", "string", { format: "date-time" }),
    field("shortId", "string", { maxLength: 8 }),
    field("objectCount", "integer", { minimum: 10 }),
    field("endpoints", "array", {
      minItems: 2,
      items: field("endpoint", "string", { format: "uri" }),
    }),
    field("url", "string"),
    field("primaryEndpoint", "string"),
    field("readerHost", "string", { maxLength: 20 }),
    field("label", "string"),
  ];

  it("satisfy each output's whole schema: required sub-fields, enums, patterns, formats, bounds", () => {
    const view = bindingView(binding(outputs), fixtureModel(), false, []);
    for (const [i, output] of view.outputs.entries()) {
      const value = evaluate(output.fakeExpression);
      assert.deepEqual(fieldViolations(outputs[i]!, value), [], output.fakeExpression);
    }
  });

  it("an unconstrained string carries the provider ID, so two resources report different values", () => {
    const view = bindingView(binding(outputs), fixtureModel(), false, []);
    const url = view.outputs.find((o) => o.name === "url")!;
    assert.equal(evaluate(url.fakeExpression), "https://mem-bucket-12.memory.invalid/");
    const label = view.outputs.find((o) => o.name === "label")!;
    assert.equal(evaluate(label.fakeExpression), "mem-bucket-12-label");
  });

  it("an endpoint, host or address is a DNS name in the reserved .invalid domain (issue 23)", () => {
    const view = bindingView(binding(outputs), fixtureModel(), false, []);
    const endpoint = view.outputs.find((o) => o.name === "primaryEndpoint")!;
    assert.equal(
      evaluate(endpoint.fakeExpression),
      "mem-bucket-12-primary-endpoint.memory.invalid",
    );
    // Too long for its maxLength as a DNS name: the ID-based value, still within bounds.
    const host = view.outputs.find((o) => o.name === "readerHost")!;
    assert.deepEqual(
      fieldViolations(
        outputs.find((f) => f.name === "readerHost")!,
        evaluate(host.fakeExpression),
      ),
      [],
    );
  });
});
