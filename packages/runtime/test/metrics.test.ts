// The metrics the work queue and the controller report, read back from the Prometheus text a
// scraper gets: controller-runtime's names, labels, buckets and outcome classification.

import assert from "node:assert/strict";
import { test } from "node:test";
import { TerminalError } from "../src/errors.ts";
import { OperatorMetrics, RECONCILE_TIME_BUCKETS } from "../src/metrics.ts";
import { WorkQueue } from "../src/work-queue.ts";

/** The value of the one sample `name{labels}`, labels written exactly as prom-client sorts them. */
function sample(body: string, name: string, labels: string): number | undefined {
  const line = body.split("\n").find((l) => l.startsWith(`${name}{${labels}} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(" ") + 1));
}

async function text(metrics: OperatorMetrics): Promise<string> {
  return (await metrics.exposition()).body;
}

test("a new controller's series exist at zero, with its concurrency, before any reconcile", async () => {
  const metrics = new OperatorMetrics({ processMetrics: false });
  metrics.controller("widget", 4);
  const body = await text(metrics);
  assert.equal(
    sample(body, "controller_runtime_reconcile_total", 'controller="widget",result="success"'),
    0,
  );
  assert.equal(sample(body, "controller_runtime_reconcile_errors_total", 'controller="widget"'), 0);
  assert.equal(
    sample(body, "controller_runtime_terminal_reconcile_errors_total", 'controller="widget"'),
    0,
  );
  assert.equal(
    sample(body, "controller_runtime_max_concurrent_reconciles", 'controller="widget"'),
    4,
  );
  assert.equal(sample(body, "controller_runtime_active_workers", 'controller="widget"'), 0);
  assert.equal(sample(body, "workqueue_depth", 'name="widget",controller="widget",priority=""'), 0);
  assert.equal(sample(body, "workqueue_adds_total", 'name="widget",controller="widget"'), 0);
  assert.equal(sample(body, "workqueue_retries_total", 'name="widget",controller="widget"'), 0);
});

test("outcomes are classified as controller-runtime does: success, requeue, requeue_after, error, terminal", async () => {
  const metrics = new OperatorMetrics({ processMetrics: false });
  const controller = metrics.controller("widget", 1);
  await controller.reconcile(async () => ({}));
  await controller.reconcile(async () => ({ requeueAfterMs: 1_000 }));
  await controller.reconcile(async () => ({ requeueAfterMs: 0 }));
  await assert.rejects(controller.reconcile(async () => Promise.reject(new Error("boom"))));
  await assert.rejects(
    controller.reconcile(async () => Promise.reject(new TerminalError("Invalid", "never"))),
  );
  const body = await text(metrics);
  const total = (result: string) =>
    sample(body, "controller_runtime_reconcile_total", `controller="widget",result="${result}"`);
  assert.equal(total("success"), 1);
  assert.equal(total("requeue_after"), 1);
  assert.equal(total("requeue"), 1);
  assert.equal(total("error"), 2);
  assert.equal(sample(body, "controller_runtime_reconcile_errors_total", 'controller="widget"'), 2);
  assert.equal(
    sample(body, "controller_runtime_terminal_reconcile_errors_total", 'controller="widget"'),
    1,
  );
  assert.equal(
    sample(body, "controller_runtime_reconcile_time_seconds_count", 'controller="widget"'),
    5,
  );
  assert.equal(sample(body, "controller_runtime_active_workers", 'controller="widget"'), 0);
});

test("reconcile time uses controller-runtime's buckets exactly", async () => {
  const metrics = new OperatorMetrics({ processMetrics: false });
  await metrics.controller("widget", 1).reconcile(async () => ({}));
  const body = await text(metrics);
  const buckets = body
    .split("\n")
    .filter((l) => l.startsWith("controller_runtime_reconcile_time_seconds_bucket{"))
    .map((l) => /le="([^"]+)"/.exec(l)![1]!)
    .filter((le) => le !== "+Inf")
    .map(Number);
  assert.deepEqual(buckets, RECONCILE_TIME_BUCKETS);
  assert.equal(RECONCILE_TIME_BUCKETS.length, 40);
  assert.equal(RECONCILE_TIME_BUCKETS[0], 0.005);
  assert.equal(RECONCILE_TIME_BUCKETS.at(-1), 60);
  const queueBuckets = (await text(metrics)).includes(
    'workqueue_work_duration_seconds_bucket{le="1e-8"',
  );
  assert.equal(queueBuckets, false, "no work-queue samples before the queue did any work");
});

test("the work queue reports depth, adds, waits, work, retries and work in progress", async () => {
  const metrics = new OperatorMetrics({ processMetrics: false });
  const controller = metrics.controller("widget", 1);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const queue = new WorkQueue({
    concurrency: 1,
    metrics: controller.queue,
    process: async (key) => {
      if (key === "blocker") await gate;
    },
  });
  const labels = 'name="widget",controller="widget"';
  queue.add("blocker");
  queue.add("a");
  queue.add("a"); // coalesced: one add
  queue.add("b");
  queue.addAfter("c", 60_000);
  await new Promise((resolve) => setTimeout(resolve, 20));
  let body = await text(metrics);
  assert.equal(sample(body, "workqueue_depth", `${labels},priority=""`), 2, "a and b wait");
  assert.equal(sample(body, "workqueue_adds_total", labels), 3);
  assert.equal(sample(body, "workqueue_retries_total", labels), 1);
  const unfinished = sample(body, "workqueue_unfinished_work_seconds", labels)!;
  const longest = sample(body, "workqueue_longest_running_processor_seconds", labels)!;
  assert.ok(unfinished >= 0.015, `the blocker has been running ~20 ms: ${unfinished}`);
  // One processor: the longest running one is all the unfinished work (read a moment apart).
  assert.ok(Math.abs(longest - unfinished) < 0.01, `longest ${longest}, unfinished ${unfinished}`);
  release();
  await queue.idle();
  await queue.stop();
  body = await text(metrics);
  assert.equal(sample(body, "workqueue_depth", `${labels},priority=""`), 0);
  assert.equal(sample(body, "workqueue_queue_duration_seconds_count", labels), 3);
  assert.equal(sample(body, "workqueue_work_duration_seconds_count", labels), 3);
  assert.equal(sample(body, "workqueue_unfinished_work_seconds", labels), 0);
  assert.ok(
    sample(body, "workqueue_queue_duration_seconds_sum", labels)! >= 0.015,
    "a and b waited",
  );
});

test("leader_election_master_status follows leadership of the named lease", async () => {
  const metrics = new OperatorMetrics({ processMetrics: false });
  const leader = metrics.leaderElection("widget-leader");
  assert.equal(
    sample(await text(metrics), "leader_election_master_status", 'name="widget-leader"'),
    0,
  );
  leader.setLeading(true);
  assert.equal(
    sample(await text(metrics), "leader_election_master_status", 'name="widget-leader"'),
    1,
  );
  leader.setLeading(false);
  assert.equal(
    sample(await text(metrics), "leader_election_master_status", 'name="widget-leader"'),
    0,
  );
});

test("process metrics are exposed by default", async () => {
  const body = await text(new OperatorMetrics());
  assert.match(body, /\nprocess_resident_memory_bytes \d+/);
  assert.match(body, /\nnodejs_eventloop_lag_seconds /);
});
