import assert from "node:assert/strict";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { MAX_TIMER_DELAY_MS, timerDelay } from "../src/timer-delay.ts";
import { WorkQueue } from "../src/work-queue.ts";

test("delays beyond Node's timer limit are capped, never turned into 1 ms", () => {
  assert.equal(MAX_TIMER_DELAY_MS, 2 ** 31 - 1);
  assert.equal(timerDelay(600 * 3_600_000), MAX_TIMER_DELAY_MS);
  assert.equal(timerDelay(Number.POSITIVE_INFINITY), MAX_TIMER_DELAY_MS);
  assert.equal(timerDelay(MAX_TIMER_DELAY_MS), MAX_TIMER_DELAY_MS);
});

test("fractional delays round up to whole milliseconds; negative and NaN delays are 0", () => {
  assert.equal(timerDelay(0.000001), 1);
  assert.equal(timerDelay(1.5), 2);
  assert.equal(timerDelay(-5), 0);
  assert.equal(timerDelay(Number.NaN), 0);
});

test("a work-queue requeue of 600h does not fire within 50 ms", async () => {
  const seen: string[] = [];
  const queue = new WorkQueue({ concurrency: 1, process: async (key) => void seen.push(key) });
  queue.addAfter("far", 600 * 3_600_000);
  await sleep(50);
  assert.deepEqual(seen, []);
  await queue.stop();
});
