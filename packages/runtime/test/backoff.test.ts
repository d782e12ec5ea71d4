import assert from "node:assert/strict";
import { test } from "node:test";
import { backoffDelay } from "../src/backoff.ts";

const settings = { initialMs: 1_000, maxMs: 60_000 };

test("the ceiling doubles per failure", () => {
  const top = () => 0.999_999;
  assert.equal(backoffDelay(1, settings, top), 1_000);
  assert.equal(backoffDelay(2, settings, top), 1_999);
  assert.equal(backoffDelay(3, settings, top), 3_999);
  assert.equal(backoffDelay(20, settings, top), 59_999);
});

test("delays stay within [initial, max] for any failure count and draw", () => {
  for (const failures of [0, 1, 2, 5, 10, 50, 1_000]) {
    for (const draw of [0, 0.25, 0.5, 0.999]) {
      const delay = backoffDelay(failures, settings, () => draw);
      assert.ok(delay >= settings.initialMs, `failures=${failures} draw=${draw} gave ${delay}`);
      assert.ok(delay <= settings.maxMs, `failures=${failures} draw=${draw} gave ${delay}`);
    }
  }
});

test("jitter spreads retries: different draws give different delays at the same failure count", () => {
  const low = backoffDelay(8, settings, () => 0.1);
  const high = backoffDelay(8, settings, () => 0.9);
  assert.ok(high > low);
});
