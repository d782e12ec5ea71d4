// The collector's quiet spell runs on node:test's mocked setTimeout: time moves only when a test
// says so, so the assertions hold on a machine of any load (real 30-60 ms timers did not: a
// clean-clone run at load 16 saw a collection 60 ms "after the first drain").

import assert from "node:assert/strict";
import { test, type TestContext } from "node:test";
import { IdleCollector } from "../src/idle-collector.ts";
import { WorkQueue } from "../src/work-queue.ts";

/** A queue whose drains feed a collector, as the Controller wires them. */
function queueWithCollector(afterMs: number, work: (key: string) => Promise<void>) {
  let collections = 0;
  let queue!: WorkQueue;
  const collector = new IdleCollector({
    collect: () => collections++,
    isIdle: () => queue.length === 0 && queue.activeCount === 0,
    afterMs,
  });
  queue = new WorkQueue({ concurrency: 2, process: work, onDrained: () => collector.drained() });
  return { queue, collector, collections: () => collections };
}

const done = async (): Promise<void> => {};

function mockTime(t: TestContext): (ms: number) => void {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  return (ms) => t.mock.timers.tick(ms);
}

test("one collection after a burst of work, once the queue has stayed idle", async (t) => {
  const pass = mockTime(t);
  const { queue, collections } = queueWithCollector(40, done);
  for (let i = 0; i < 10; i++) queue.add(`key-${i}`);
  await queue.idle();
  pass(39);
  assert.equal(collections(), 0, "not while the quiet spell is still short");
  pass(1);
  assert.equal(collections(), 1);
  pass(1_000);
  assert.equal(collections(), 1, "an idle process is not collected again and again");
});

test("work that comes back within the quiet spell postpones the collection", async (t) => {
  const pass = mockTime(t);
  const { queue, collections } = queueWithCollector(60, done);
  queue.add("a");
  await queue.idle();
  pass(30);
  queue.add("b");
  await queue.idle();
  pass(40);
  assert.equal(collections(), 0, "60 ms have passed since the first drain, not since the last");
  pass(20);
  assert.equal(collections(), 1);
});

test("work still running when the quiet spell ends is not interrupted by a collection", async (t) => {
  const pass = mockTime(t);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const { queue, collections } = queueWithCollector(30, (key) => (key === "slow" ? gate : done()));
  queue.add("quick");
  await queue.idle();
  queue.add("slow"); // starts without a drain in between: the armed timer finds it running
  pass(60);
  assert.equal(collections(), 0);
  release();
  await queue.idle();
  pass(29);
  assert.equal(collections(), 0);
  pass(1);
  assert.equal(collections(), 1, "the drain after it re-arms the collection");
});

test("stop() cancels a pending collection", async (t) => {
  const pass = mockTime(t);
  const { queue, collector, collections } = queueWithCollector(30, done);
  queue.add("a");
  await queue.idle();
  collector.stop();
  pass(60);
  assert.equal(collections(), 0);
});
