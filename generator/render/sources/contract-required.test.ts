import assert from "node:assert/strict";
import { test } from "node:test";
import { field } from "../manifests/testing/fixtures.ts";
import { requiredCases } from "./contract-constraints.ts";
import { requiredDefaultCases } from "./contract-storage-cases.ts";

test("a required field with a default gets no 'leaving it out is rejected' case", () => {
  // The API server defaults before it validates, so leaving such a field out is accepted; check
  // warns of the combination (WARN112) and the contract suite must not promise the opposite.
  const fields = [
    field("size", "integer", { required: true, default: 3 }),
    field("name", "string", { required: true }),
  ];
  const names = requiredCases("spec", fields, (v) => v).map((c) => c.name);
  assert.deepEqual(names, ["spec.name: leaving it out is rejected (required)"]);
});

test("a required field with a default left out is accepted and stored with its default", () => {
  // What the API server does with the pair (WARN112): it defaults before it validates.
  const fields = [
    field("size", "integer", { required: true, default: 3, hasDefault: true }),
    field("name", "string", { required: true }),
  ];
  const minimal = { size: 3, name: "a" };
  const slots = [
    {
      field: fields[0]!,
      path: "spec.size",
      fieldPath: "spec.size",
      correlated: true,
      place: (v: unknown) => ({ ...minimal, size: v }),
      remove: () => ({ name: "a" }),
    },
    {
      field: fields[1]!,
      path: "spec.name",
      fieldPath: "spec.name",
      correlated: true,
      place: (v: unknown) => ({ ...minimal, name: v }),
      remove: () => ({ size: 3 }),
    },
  ];
  const cases = requiredDefaultCases(fields, slots, () => true);
  assert.deepEqual(cases, [
    {
      name: "spec.size: leaving it out is accepted and stored as its default (required, with a default)",
      spec: { name: "a" },
      stored: { name: "a", size: 3 },
    },
  ]);
  assert.deepEqual(
    requiredDefaultCases(fields, slots, () => false),
    [],
    "a spec the rules refuse is no case",
  );
});
