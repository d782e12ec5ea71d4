import assert from "node:assert/strict";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { WorkQueue } from "../src/work-queue.ts";

test("a key added many times while waiting is processed once", async () => {
  const seen: string[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const queue = new WorkQueue({
    concurrency: 1,
    process: async (key) => {
      seen.push(key);
      if (key === "blocker") await gate;
    },
  });
  queue.add("blocker");
  queue.add("a");
  queue.add("a");
  queue.add("a");
  assert.equal(queue.length, 1);
  release();
  await queue.idle();
  assert.deepEqual(seen, ["blocker", "a"]);
});

test("the same key never runs concurrently; an add during processing runs it again afterwards", async () => {
  let running = 0;
  let maxRunning = 0;
  let runs = 0;
  const queue = new WorkQueue({
    concurrency: 4,
    process: async () => {
      running++;
      runs++;
      maxRunning = Math.max(maxRunning, running);
      await sleep(5);
      running--;
    },
  });
  queue.add("k");
  await sleep(1);
  queue.add("k");
  queue.add("k");
  await queue.idle();
  assert.equal(maxRunning, 1);
  assert.equal(runs, 2);
});

test("different keys run in parallel up to the concurrency bound", async () => {
  let running = 0;
  let maxRunning = 0;
  const queue = new WorkQueue({
    concurrency: 3,
    process: async () => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      await sleep(5);
      running--;
    },
  });
  for (const key of ["a", "b", "c", "d", "e", "f"]) queue.add(key);
  await queue.idle();
  assert.equal(maxRunning, 3);
});

test("addAfter delays the key and the earlier of two requeues wins", async () => {
  const seen: Array<{ key: string; at: number }> = [];
  const start = Date.now();
  const queue = new WorkQueue({
    concurrency: 1,
    process: async (key) => void seen.push({ key, at: Date.now() - start }),
  });
  queue.addAfter("k", 200);
  queue.addAfter("k", 20);
  await sleep(5);
  assert.equal(seen.length, 0);
  await sleep(60);
  assert.equal(seen.length, 1);
  await sleep(200);
  assert.equal(seen.length, 1, "the later requeue was replaced, not added");
  await queue.stop();
});

test("failure counts grow per key with addRateLimited and reset on forget", async () => {
  const queue = new WorkQueue({ concurrency: 1, process: async () => {} });
  const first = queue.addRateLimited("a");
  const second = queue.addRateLimited("a");
  queue.addRateLimited("b");
  assert.ok(second > first, `the second retry waits longer (${first} ms, then ${second} ms)`);
  assert.equal(queue.failures("a"), 2);
  queue.forget("a");
  assert.equal(queue.failures("a"), 0);
  assert.equal(queue.failures("b"), 1);
  assert.ok(queue.addRateLimited("c", { atLeastMs: 5_000 }) >= 5_000, "a Retry-After is honoured");
  await queue.stop();
});

test("a key held by a server's Retry-After is not run early by adds in the meantime", async () => {
  const seen: number[] = [];
  const start = Date.now();
  const queue = new WorkQueue({
    concurrency: 1,
    process: async () => void seen.push(Date.now() - start),
  });
  queue.addRateLimited("k", { atLeastMs: 150 });
  queue.add("k"); // e.g. a watch event of a child
  await sleep(50);
  queue.add("k");
  await sleep(30);
  assert.deepEqual(seen, [], "nothing ran during the hold");
  await sleep(150);
  assert.equal(seen.length, 1, "it ran once, after the hold");
  assert.ok(seen[0]! >= 145, `ran at ${seen[0]} ms`);
  queue.forget("k");
  queue.add("k");
  await sleep(20);
  assert.equal(seen.length, 2, "after forget, an add runs at once");
  await queue.stop();
});

test("stop drops delayed keys and waits for in-flight work", async () => {
  const seen: string[] = [];
  const queue = new WorkQueue({
    concurrency: 1,
    process: async (key) => {
      await sleep(10);
      seen.push(key);
    },
  });
  queue.add("now");
  queue.addAfter("later", 20);
  await sleep(1);
  await queue.stop();
  assert.deepEqual(seen, ["now"]);
  queue.add("after-stop");
  await sleep(40);
  assert.deepEqual(seen, ["now"]);
});

test("a throwing processor is reported and does not wedge the key", async () => {
  const errors: string[] = [];
  let calls = 0;
  const queue = new WorkQueue({
    concurrency: 1,
    process: async () => {
      calls++;
      if (calls === 1) throw new Error("boom");
    },
    onError: (key) => errors.push(key),
  });
  queue.add("k");
  await queue.idle();
  queue.add("k");
  await queue.idle();
  assert.deepEqual(errors, ["k"]);
  assert.equal(calls, 2);
});

// A pass that needs no I/O (everything from the caches, an in-memory provider) and asks for
// itself again at once must still let timers and I/O run between passes: a queue that re-runs it
// in the same microtask checkpoint starves every timer (a test's timeout included) and, since
// nothing a WeakRef holds is released before the checkpoint ends, grows without bound.
test("a key that requeues itself at once every pass does not starve timers", async () => {
  const cap = 100_000;
  let passes = 0;
  let passesWhenTimerFired: number | undefined;
  setTimeout(() => (passesWhenTimerFired = passes), 1);
  const queue = new WorkQueue({
    concurrency: 1,
    process: async (key) => {
      passes++;
      if (passes < cap) queue.addAfter(key, 0);
    },
  });
  queue.add("k");
  await queue.idle();
  while (passesWhenTimerFired === undefined) await sleep(1);
  assert.ok(
    passesWhenTimerFired < 10_000,
    `a 1 ms timer fired only after ${passesWhenTimerFired} of ${cap} passes`,
  );
});

test("a failing onError or onDrained never becomes an unhandled rejection; the queue goes on", async () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on("unhandledRejection", onUnhandled);
  try {
    const seen: string[] = [];
    const queue = new WorkQueue({
      concurrency: 1,
      process: async (key) => {
        seen.push(key);
        if (key === "fails") throw new Error("pass failed");
      },
      onError: () => {
        throw new Error("the error handler failed too");
      },
      onDrained: () => {
        throw new Error("the drained hook failed");
      },
    });
    queue.add("fails");
    queue.add("next");
    await queue.idle();
    await sleep(10);
    assert.deepEqual(seen, ["fails", "next"]);
    assert.deepEqual(unhandled, []);
  } finally {
    process.off("unhandledRejection", onUnhandled);
  }
});
