import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { PrinterColumn } from "../../model/types.ts";
import { fixtureModel } from "../manifests/testing/fixtures.ts";
import { printerColumnChecks } from "./contract-status.ts";

// The apiextensions table convertor prints a `string` column's value as JSONPath text (8080 becomes
// "8080") and gives other types a cell only when the value has that type (null otherwise).
describe("printer column cells as the server's Table converts them", () => {
  const cells = (type: PrinterColumn["type"], jsonPath: string, spec: Record<string, unknown>) => {
    const model = fixtureModel();
    model.printerColumns = [{ name: "C", type, jsonPath }];
    return printerColumnChecks(model, spec, { conditions: [] })[1];
  };

  it("a string column over a number or a boolean shows its text", () => {
    assert.deepEqual(cells("string", ".spec.port", { port: 8080 }), { name: "C", value: "8080" });
    assert.deepEqual(cells("string", ".spec.ratio", { ratio: 0.5 }), { name: "C", value: "0.5" });
    assert.deepEqual(cells("string", ".spec.on", { on: true }), { name: "C", value: "true" });
    assert.deepEqual(cells("string", ".spec.zone", { zone: "a-1" }), { name: "C", value: "a-1" });
  });

  it("a typed column over a value of another type is an empty cell", () => {
    assert.deepEqual(cells("integer", ".spec.port", { port: "http" }), { name: "C", value: null });
    assert.deepEqual(cells("boolean", ".spec.on", { on: "yes" }), { name: "C", value: null });
    assert.deepEqual(cells("number", ".spec.n", { n: "1" }), { name: "C", value: null });
  });

  it("an integer column truncates a fractional number; a number column keeps an integer", () => {
    assert.deepEqual(cells("integer", ".spec.n", { n: 2.75 }), { name: "C", value: 2 });
    assert.deepEqual(cells("number", ".spec.n", { n: 3 }), { name: "C", value: 3 });
    assert.deepEqual(cells("integer", ".spec.n", { n: 3 }), { name: "C", value: 3 });
  });

  it("a column over a spec or status field the object leaves out is an empty cell", () => {
    // The real CRD's Default column over the optional spec.default (examples/backup-storage-location).
    assert.deepEqual(cells("boolean", ".spec.default", {}), { name: "C", value: null });
    assert.deepEqual(cells("string", ".status.message", {}), { name: "C", value: null });
    // Metadata is not part of the sample: only its presence can be checked.
    assert.deepEqual(cells("string", ".metadata.name", {}), { name: "C" });
  });

  it("a number whose Go text differs from JavaScript's is only checked for presence", () => {
    assert.deepEqual(cells("string", ".spec.n", { n: 0.00001 }), { name: "C" });
  });
});
