import assert from "node:assert/strict";
import { test } from "node:test";
import { CONFLICT_INITIAL_MS, RateLimiter } from "../src/rate-limiter.ts";

const backoff = { initialMs: 1_000, maxMs: 300_000 };

test("per key: initial, then doubling up to max; jitter only adds", () => {
  const low = new RateLimiter({ backoff, random: () => 0 });
  assert.deepEqual(
    [1, 2, 3, 4].map(() => low.when("a")),
    [1_000, 2_000, 4_000, 8_000],
  );
  const high = new RateLimiter({ backoff, random: () => 0.999 });
  const delays = [1, 2, 3].map(() => high.when("a"));
  assert.ok(delays[0]! > 1_000 && delays[0]! < 1_100, `jittered ${delays[0]}`);
  for (let i = 0; i < 30; i++) high.when("a");
  assert.equal(high.when("a"), 300_000, "capped at max");
});

test("a fast-failing key makes at most 4 passes in 10 s with backoff 1 s", () => {
  const limiter = new RateLimiter({ backoff });
  let t = 0;
  let passes = 1;
  for (;;) {
    t += limiter.when("stuck");
    if (t > 10_000) break;
    passes++;
  }
  assert.ok(passes <= 4, `${passes} passes`);
});

test("keys back off independently; forget starts over; conflicts start at 5 ms", () => {
  const limiter = new RateLimiter({ backoff, random: () => 0 });
  limiter.when("a");
  limiter.when("a");
  assert.equal(limiter.when("b"), 1_000);
  assert.equal(limiter.retries("a"), 2);
  limiter.forget("a");
  assert.equal(limiter.retries("a"), 0);
  assert.equal(limiter.when("c", CONFLICT_INITIAL_MS), 5);
  assert.equal(limiter.when("c", CONFLICT_INITIAL_MS), 10);
});

test("the overall bucket: a burst passes at once, then retries are spread at qps", () => {
  let now = 0;
  const limiter = new RateLimiter({
    backoff: { initialMs: 1, maxMs: 1_000 },
    qps: 10,
    burst: 3,
    random: () => 0,
    now: () => now,
  });
  const delays = ["a", "b", "c", "d", "e"].map((key) => limiter.when(key));
  assert.deepEqual(delays.slice(0, 3), [1, 1, 1], "the burst is spent on per-key delays");
  assert.equal(Math.round(delays[3]!), 100, "then one retry per 1/qps");
  assert.equal(Math.round(delays[4]!), 200);
  now = 10_000;
  assert.equal(limiter.when("f"), 1, "refilled after a quiet period");
});
