// The end-to-end sample CI runs: the same for a seed, a true subset in the original order, and
// everything under the full run.

import assert from "node:assert/strict";
import { test } from "node:test";
import { ciSample } from "./e2e/ci-sample.ts";

const NAMES = ["a", "b", "c", "d", "e", "f"];

test("a sample is count distinct items in their order, the same for the same seed", () => {
  for (let seed = 0; seed < 200; seed += 1) {
    const sample = ciSample(NAMES, 2, { seed, full: false });
    assert.equal(sample.length, 2);
    assert.equal(new Set(sample).size, 2);
    assert.deepEqual(
      sample,
      [...sample].sort((x, y) => NAMES.indexOf(x) - NAMES.indexOf(y)),
    );
    assert.deepEqual(ciSample(NAMES, 2, { seed, full: false }), sample);
  }
});

test("over many seeds every item is chosen, so no example is never sampled", () => {
  const seen = new Set<string>();
  for (let seed = 0; seed < 200; seed += 1)
    for (const name of ciSample(NAMES, 2, { seed, full: false })) seen.add(name);
  assert.deepEqual([...seen].sort(), NAMES);
});

test("the full run and a count of at least the whole take everything", () => {
  assert.deepEqual(ciSample(NAMES, 2, { seed: 1, full: true }), NAMES);
  assert.deepEqual(ciSample(NAMES, 9, { seed: 1, full: false }), NAMES);
});
