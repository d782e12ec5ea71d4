import assert from "node:assert/strict";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
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

test("one collection after a burst of work, once the queue has stayed idle", async () => {
  const { queue, collections } = queueWithCollector(40, () => sleep(2));
  for (let i = 0; i < 10; i++) queue.add(`key-${i}`);
  await queue.idle();
  assert.equal(collections(), 0, "not while the quiet spell is still short");
  await sleep(80);
  assert.equal(collections(), 1);
  await sleep(80);
  assert.equal(collections(), 1, "an idle process is not collected again and again");
});

test("work that comes back within the quiet spell postpones the collection", async () => {
  const { queue, collections } = queueWithCollector(60, () => sleep(1));
  queue.add("a");
  await queue.idle();
  await sleep(30);
  queue.add("b");
  await queue.idle();
  await sleep(40);
  assert.equal(collections(), 0, "60 ms have passed since the first drain, not since the last");
  await sleep(60);
  assert.equal(collections(), 1);
});

test("work still running when the quiet spell ends is not interrupted by a collection", async () => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const { queue, collections } = queueWithCollector(30, (key) =>
    key === "slow" ? gate : sleep(1),
  );
  queue.add("quick");
  await queue.idle();
  queue.add("slow"); // starts without a drain in between: the armed timer finds it running
  await sleep(60);
  assert.equal(collections(), 0);
  release();
  await queue.idle();
  await sleep(60);
  assert.equal(collections(), 1, "the drain after it re-arms the collection");
});

test("stop() cancels a pending collection", async () => {
  const { queue, collector, collections } = queueWithCollector(30, () => sleep(1));
  queue.add("a");
  await queue.idle();
  collector.stop();
  await sleep(60);
  assert.equal(collections(), 0);
});
