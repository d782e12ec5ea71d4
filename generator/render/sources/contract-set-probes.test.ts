import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { FieldModel } from "../../model/types.ts";
import { field, fixtureModel } from "../manifests/testing/fixtures.ts";
import type { SpecCase } from "../../../templates/project/test/contract/contract-cases.ts";
import { expand } from "../../../templates/project/test/contract/contract-cases.ts";
import { buildContractView } from "./contract-view.ts";

// The server refuses duplicates in a listType: set list, which the local schema check does not
// see: every list a contract case expects accepted must hold distinct items, and a count of
// distinct items the items cannot reach is not probed as accepted at all.
function acceptedLists(list: FieldModel): unknown[][] {
  const model = fixtureModel();
  model.spec.fields = [list];
  const cases = JSON.parse(buildContractView(model).schemaCases) as SpecCase[];
  return cases
    .filter((c) => c.expect === "accepted")
    .map((c) => (expand(c.spec) as Record<string, unknown>)[list.name])
    .filter((v): v is unknown[] => Array.isArray(v));
}

const distinct = (values: unknown[]) =>
  new Set(values.map((v) => JSON.stringify(v))).size === values.length;

describe("set lists whose items have few valid values", () => {
  it("an enum of one: only single-item lists are expected accepted", () => {
    const lists = acceptedLists(
      field("modes", "array", {
        listType: "set",
        maxItems: 4,
        items: field("modes", "string", { path: "modes[]", enum: ["fast"] }),
      }),
    );
    assert.ok(lists.length > 0);
    for (const list of lists) assert.ok(distinct(list), JSON.stringify(list));
  });

  it("integers bounded to three values: distinct pairs, and no list of maxItems 5 accepted", () => {
    const lists = acceptedLists(
      field("slots", "array", {
        listType: "set",
        maxItems: 5,
        items: field("slots", "integer", { path: "slots[]", minimum: 0, maximum: 2 }),
      }),
    );
    for (const list of lists) assert.ok(distinct(list), JSON.stringify(list));
    assert.ok(lists.some((l) => l.length === 2));
    assert.ok(!lists.some((l) => l.length > 3));
  });

  it("booleans: both values, never a repeat", () => {
    const lists = acceptedLists(
      field("flags", "array", {
        listType: "set",
        items: field("flags", "boolean", { path: "flags[]" }),
      }),
    );
    for (const list of lists) assert.ok(distinct(list), JSON.stringify(list));
    assert.ok(lists.some((l) => l.length === 2));
  });
});
