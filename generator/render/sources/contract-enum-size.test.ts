// Generated test data grows linearly with the spec (issue 22, finding 8): a 5,000-value enum
// once wrote a 170 MB cases.json, each of its 5,000 accepted cases labelled with all 5,000
// values. A large enum is sampled (both ends and evenly between) and named by its size.

import assert from "node:assert/strict";
import { test } from "node:test";
import { field, fixtureModel } from "../manifests/testing/fixtures.ts";
import { buildContractView } from "./contract-view.ts";

const enumValues = (n: number) => Array.from({ length: n }, (_, i) => `value-${i}`);

function casesBytes(values: number): number {
  const base = fixtureModel();
  const size = field("size", "string", { enum: enumValues(values), default: "value-0" });
  const model = { ...base, spec: { ...base.spec, fields: [...base.spec.fields, size] } };
  const view = buildContractView(model);
  return Object.values(view)
    .filter((v): v is string => typeof v === "string")
    .reduce((sum, json) => sum + json.length, 0);
}

test("the contract cases of a large enum stay small and grow at most linearly", () => {
  const small = casesBytes(500);
  const large = casesBytes(5_000);
  assert.ok(large < 1_000_000, `5,000 enum values give ${large} bytes of cases`);
  assert.ok(large / small < 10.5, `10x the values give ${(large / small).toFixed(1)}x the bytes`);
});

test("a large enum's cases still accept both ends and refuse a value outside it", () => {
  const base = fixtureModel();
  const values = enumValues(1_000);
  const size = field("size", "string", { enum: values, default: "value-0" });
  const model = { ...base, spec: { ...base.spec, fields: [...base.spec.fields, size] } };
  const cases = JSON.parse(buildContractView(model).schemaCases) as {
    name: string;
    spec: Record<string, unknown>;
    expect: unknown;
  }[];
  const sizes = cases.filter((c) => c.expect === "accepted").map((c) => c.spec.size);
  assert.ok(sizes.includes("value-0") && sizes.includes("value-999"), "both ends accepted");
  assert.ok(
    cases.some(
      (c) =>
        c.expect !== "accepted" &&
        typeof c.spec.size === "string" &&
        !values.includes(c.spec.size as string),
    ),
    "a value outside the enum is refused",
  );
});
