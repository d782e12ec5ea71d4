import assert from "node:assert/strict";
import { test } from "node:test";
import { field } from "../manifests/testing/fixtures.ts";
import { requiredCases } from "./contract-constraints.ts";

test("a required field with a default gets no 'leaving it out is rejected' case", () => {
  // The API server defaults before it validates, so leaving such a field out is accepted; check
  // refuses the combination (SEM153) and the contract suite must not promise the opposite.
  const fields = [
    field("size", "integer", { required: true, default: 3 }),
    field("name", "string", { required: true }),
  ];
  const names = requiredCases("spec", fields, (v) => v).map((c) => c.name);
  assert.deepEqual(names, ["spec.name: leaving it out is rejected (required)"]);
});
