// The estimator on rules whose cost follows by hand from cel-go's checker/cost.go and the
// Kubernetes size estimates; test/e2e/cel-cost.test.ts checks the verdicts on a real API server.

import assert from "node:assert/strict";
import { test } from "node:test";
import { compileRule } from "../cel-compile.ts";
import { estimateCost } from "../cel-cost.ts";
import { declTypeOf } from "../cel-decl-type.ts";
import type { RawObject } from "../raw-spec.ts";

function cost(rule: string, def: RawObject): number {
  const self = declTypeOf(def, ["spec", "fields", "x"]);
  const compiled = compileRule(rule, self);
  assert.equal(compiled.status, "ok", rule);
  return estimateCost((compiled as { ast: Parameters<typeof estimateCost>[0] }).ast, self).max;
}

const obj = (fields: Record<string, RawObject>): RawObject => ({ type: "object", fields });
const UNBOUNDED_STRING = 3 * 1024 * 1024 - 2;

test("selects and constants: self.port > 0 costs 3 (two selects and the call)", () => {
  assert.equal(cost("self.port > 0", obj({ port: { type: "integer" } })), 3);
});

test("has() is free but for its operand, as Kubernetes configures it", () => {
  assert.equal(cost("has(self.name)", obj({ name: { type: "string" } })), 1);
});

test("string equality traverses the shorter side at 0.1 per byte", () => {
  assert.equal(cost("self == oldSelf", { type: "string" }), Math.ceil(UNBOUNDED_STRING * 0.1) + 2);
  assert.equal(cost("self == oldSelf", { type: "string", maxLength: 10 }), 4 + 2);
  assert.equal(cost("self.name != 'admin'", obj({ name: { type: "string" } })), 1 + 2);
});

test("a map without maxProperties holds what fits in a request: (3 MiB - 2) / (1 + 6) entries", () => {
  const entries = Math.floor(UNBOUNDED_STRING / 7);
  assert.equal(
    cost("self == oldSelf", { type: "map", values: { type: "integer" } }),
    Math.ceil(entries * 0.1) + 2,
  );
});

test("matches: (size + 1) * 0.1 times the pattern length * 0.25", () => {
  const name = obj({ name: { type: "string" } });
  assert.equal(
    cost("self.name.matches('^a.*$')", name),
    Math.ceil((UNBOUNDED_STRING + 1) * 0.1) * Math.ceil(6 * 0.25) + 2,
  );
});

test("all() runs its predicate once per element, plus the loop's own 3 per step", () => {
  const def = {
    type: "array",
    maxItems: 10,
    items: { type: "string", maxLength: 5 },
  };
  // Per element: 2 (loop condition) + 1 (the && with the accumulator) + the predicate.
  const predicate = Math.ceil((20 + 1) * 0.1) * Math.ceil(8 * 0.25) + 1; // the pattern is 8 characters
  assert.equal(cost("self.all(t, t.matches('^[a-z]+$'))", def), 1 + 1 + 10 * (3 + predicate));
});
