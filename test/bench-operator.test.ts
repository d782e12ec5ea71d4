// The pure parts of `npm run bench:operator` (scripts/bench-operator/): what it reads from the
// audit log, the generated manifest and the environment, and how it turns samples into numbers.
// The whole bench runs two operators on real control planes for minutes; it is run by hand.

import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import {
  categoryOf,
  countByKey,
  isWrite,
  readRequests,
  waitUntilQuiet,
  within,
} from "../scripts/bench-operator/audit-log.ts";
import { convergeCounts, steadyCounts } from "../scripts/bench-operator/request-counts.ts";
import { table, verdicts, type ReportedRun } from "../scripts/bench-operator/report.ts";
import { deploymentLimits, requireGo } from "../scripts/bench-operator/operators.ts";
import { exitReason } from "../scripts/bench-operator/exit-reason.ts";
import { readOptions } from "../scripts/bench-operator/options.ts";
import { histogramQuantile, percentile } from "../scripts/bench-operator/reconcile-time.ts";
import { cpuSeconds, openSockets, rssMiB } from "../scripts/bench-operator/sampler.ts";
import { REPO_ROOT, tempDir } from "./support.ts";

const OPERATOR = "system:serviceaccount:ns:op";

function event(
  id: string,
  stage: string,
  verb: string,
  uri: string,
  resource: string,
  extra: object = {},
) {
  return JSON.stringify({
    auditID: id,
    stage,
    verb,
    requestURI: uri,
    user: { username: OPERATOR },
    objectRef: { resource, ...extra },
    responseStatus: { code: 200 },
    requestReceivedTimestamp: `2026-01-01T00:00:0${id}.000000Z`,
    stageTimestamp: `2026-01-01T00:00:0${id}.100000Z`,
  });
}

test("audit log: one request per audit ID, the operator's only, server-side apply told from merge patch", () => {
  const path = join(tempDir("bench-audit"), "audit.log");
  const lines = [
    event(
      "1",
      "ResponseStarted",
      "watch",
      "/apis/db.example.com/v1alpha1/databases?watch=true",
      "databases",
    ),
    event(
      "1",
      "ResponseComplete",
      "watch",
      "/apis/db.example.com/v1alpha1/databases?watch=true",
      "databases",
    ),
    event(
      "2",
      "ResponseComplete",
      "patch",
      "/apis/db.example.com/v1alpha1/namespaces/a/databases/x?fieldManager=m",
      "databases",
    ),
    event(
      "3",
      "ResponseComplete",
      "patch",
      "/api/v1/namespaces/a/secrets/x?fieldManager=m&force=true",
      "secrets",
    ),
    event(
      "4",
      "ResponseComplete",
      "update",
      "/apis/db.example.com/v1alpha1/namespaces/a/databases/x/status",
      "databases",
      {
        subresource: "status",
      },
    ),
    JSON.stringify({
      ...JSON.parse(event("5", "ResponseComplete", "create", "/api/v1/namespaces", "namespaces")),
      user: { username: "admin" },
    }),
  ];
  writeFileSync(path, lines.join("\n") + "\n");
  const requests = readRequests(path, OPERATOR);
  assert.deepEqual(
    requests.map((r) => r.key),
    ["watch databases", "patch databases", "apply secrets", "update databases/status"],
  );
  assert.deepEqual(
    requests.filter(isWrite).map((r) => r.verb),
    ["patch", "apply", "update"],
  );
  const t2 = Date.parse("2026-01-01T00:00:02Z");
  assert.deepEqual(
    within(requests, t2, t2 + 2000).map((r) => r.key),
    ["patch databases", "apply secrets"],
  );
  assert.deepEqual(countByKey(requests, 2), {
    "apply secrets": 0.5,
    "patch databases": 0.5,
    "update databases/status": 0.5,
    "watch databases": 0.5,
  });
});

/** One audited request of the operator's, as readRequests builds it. */
function request(verb: string, resource: string, apiGroup: string, code = 200) {
  return {
    key: `${verb} ${resource}`,
    verb,
    resource,
    apiGroup,
    name: "x",
    receivedMs: 0,
    doneMs: 0,
    code,
  };
}

test("audit log: the API group is read, core-group resources have none", () => {
  const path = join(tempDir("bench-audit-group"), "audit.log");
  const line = (id: string, resource: string, apiGroup?: string) =>
    JSON.stringify({
      ...JSON.parse(event(id, "ResponseComplete", "create", "/x", resource)),
      objectRef: { resource, ...(apiGroup ? { apiGroup } : {}) },
    });
  writeFileSync(
    path,
    [
      line("1", "leases", "coordination.k8s.io"),
      line("2", "events", "events.k8s.io"),
      line("3", "events"),
    ].join("\n") + "\n",
  );
  assert.deepEqual(
    readRequests(path, OPERATOR).map((r) => [r.resource, r.apiGroup, categoryOf(r)]),
    [
      ["leases", "coordination.k8s.io", "leaderElection"],
      ["events", "events.k8s.io", "events"],
      ["events", "", "events"],
    ],
  );
});

test("categories: only Leases are leader election, Events of either API are their own, the rest is work", () => {
  assert.equal(categoryOf(request("update", "leases", "coordination.k8s.io")), "leaderElection");
  assert.equal(categoryOf(request("create", "events", "events.k8s.io")), "events");
  assert.equal(categoryOf(request("patch", "events", "events.k8s.io")), "events");
  assert.equal(categoryOf(request("create", "events", "")), "events");
  // Same resource names in another group are not what the bench means by them.
  assert.equal(categoryOf(request("update", "leases", "example.com")), "work");
  assert.equal(categoryOf(request("create", "events", "db.example.com")), "work");
  assert.equal(categoryOf(request("apply", "secrets", "")), "work");
  assert.equal(categoryOf(request("update", "databases/status", "db.example.com")), "work");
});

test("writes per object count the objects, status and children; Events are counted beside them, not as leader election", () => {
  const db = "db.example.com";
  // Two objects to Ready: finalizer, one status write, the Secret's create each, and one Event
  // each for its first Ready (one of them refused); Lease renewals throughout.
  const converge = [
    request("get", "leases", "coordination.k8s.io"),
    request("update", "leases", "coordination.k8s.io"),
    ...["a", "b"].flatMap(() => [
      request("patch", "databases", db),
      request("update", "databases/status", db),
      request("apply", "secrets", ""),
    ]),
    request("create", "events", "events.k8s.io"),
    request("create", "events", "events.k8s.io", 403),
    request("update", "leases", "coordination.k8s.io"),
  ];
  const counts = convergeCounts(converge, 2);
  assert.equal(counts.writesPerObject, 3);
  assert.equal(counts.getsPerObject, 0);
  assert.deepEqual(counts.requestsPerObject, {
    "apply secrets": 1,
    "patch databases": 1,
    "update databases/status": 1,
  });
  assert.deepEqual(counts.errorsDuringConverge, {});
  assert.deepEqual(counts.events, {
    writes: 2,
    writesPerObject: 1,
    requests: { "create events": 2 },
    errors: { "create events": 1 },
  });
  assert.deepEqual(counts.leaderElectionDuringConverge, { "get leases": 1, "update leases": 2 });
  // An operator that records no Events (the peer may not) reports zero, not a missing number.
  assert.equal(
    convergeCounts(
      converge.filter((r) => r.resource !== "events"),
      2,
    ).events.writes,
    0,
  );

  const steady = steadyCounts([
    request("update", "leases", "coordination.k8s.io"),
    request("get", "leases", "coordination.k8s.io"),
    request("patch", "events", "events.k8s.io"),
    request("update", "databases/status", db),
    request("list", "databases", db),
  ]);
  assert.deepEqual(
    { ...steady, requests: undefined },
    {
      writes: 3,
      leaseWrites: 1,
      eventWrites: 1,
      workWrites: { "update databases/status": 1 },
      requests: undefined,
    },
  );
});

test("the table judges writes per object without Events and steady writes with them, Leases apart", () => {
  const result = (
    operator: "ours" | "peer",
    eventsPerObject: number,
    steadyEvents: number,
  ): ReportedRun => ({
    operator,
    converge: { totalS: 10, p50S: 5, p99S: 9 },
    reconcile: { p99Ms: 10, passesPerObject: 2 },
    writesPerObject: 3,
    getsPerObject: 0,
    events: { writesPerObject: eventsPerObject },
    steady: { writes: 12 + steadyEvents, leaseWrites: 12, eventWrites: steadyEvents },
    rssMiB: { idle: 100, peak: 150, afterSteady: 120, growthPerThousandObjects: 2 },
    sockets: { peak: 3, afterSteady: 2 },
    cpuSeconds: { converge: 5, apiserverConverge: 10 },
  });
  const quiet = verdicts([result("ours", 1, 0), result("peer", 0, 0)]);
  const writes = quiet.find((v) => v.label.startsWith("writes per object"))!;
  assert.deepEqual([writes.ours, writes.pass], [3, true]);
  const steady = quiet.find((v) => v.label.startsWith("steady writes"))!;
  assert.deepEqual([steady.ours, steady.pass], [0, true]);
  const noisy = verdicts([result("ours", 1, 2), result("peer", 0, 0)]);
  const steadyNoisy = noisy.find((v) => v.label.startsWith("steady writes"))!;
  assert.deepEqual([steadyNoisy.ours, steadyNoisy.pass], [2, false]);
  const text = table([result("ours", 1, 2), result("peer", 0, 0)]);
  assert.match(text, /^Event writes per object +1 +0 +- *$/m);
  assert.match(text, /^steady Event writes +2 +0 +- *$/m);
  assert.match(text, /^steady Lease writes +12 +12 +1\.00x *$/m);
});

test("the generated manager Deployment's Node flags and memory limit", () => {
  const limits = deploymentLimits(
    join(REPO_ROOT, "test/golden/database/config/manager/manager.yaml"),
  );
  assert.match(limits.nodeOptions, /^--max-old-space-size=\d+/);
  assert.ok(limits.memoryLimitMiB >= 64, `limit ${limits.memoryLimitMiB} MiB`);
  const path = join(tempDir("bench-manifest"), "manager.yaml");
  writeFileSync(path, "apiVersion: v1\nkind: Namespace\nmetadata: {name: x}\n");
  assert.throws(() => deploymentLimits(path), /no Deployment/);
});

test("options: defaults, 10k mode and refusals", () => {
  const defaults = readOptions({});
  assert.equal(defaults.objects, 1000);
  assert.equal(defaults.runs, 1);
  assert.equal(defaults.concurrency, 4);
  assert.equal(defaults.steadySeconds, 120);
  assert.deepEqual(defaults.operators, ["ours", "peer"]);
  const tenK = readOptions({ BENCH_10K: "1" });
  assert.equal(tenK.objects, 10_000);
  assert.deepEqual(tenK.operators, ["ours"]);
  assert.equal(readOptions({ BENCH_STEADY_S: "0" }).steadySeconds, 0);
  assert.throws(() => readOptions({ BENCH_N: "0" }), /BENCH_N must be a positive integer/);
  assert.throws(() => readOptions({ BENCH_OPERATORS: "ours,go" }), /"go" is neither/);
});

test("quantiles: nearest rank over samples, histogram_quantile over buckets", () => {
  const values = Array.from({ length: 100 }, (_, i) => i + 1);
  assert.equal(percentile(values, 0.5), 50);
  assert.equal(percentile(values, 0.99), 99);
  assert.equal(percentile([7], 0.99), 7);
  // 100 observations: 50 at most 0.1 s, 90 at most 0.2 s, all at most 0.4 s.
  const buckets = [
    { le: 0.1, count: 50 },
    { le: 0.2, count: 90 },
    { le: 0.4, count: 100 },
    { le: Infinity, count: 100 },
  ];
  assert.equal(histogramQuantile(0.5, buckets), 0.1);
  assert.ok(Math.abs(histogramQuantile(0.99, buckets) - 0.38) < 1e-9);
});

test("process samples of this very process from /proc", () => {
  assert.ok(rssMiB(process.pid) > 10);
  assert.ok(cpuSeconds(process.pid) >= 0);
  assert.ok(openSockets(process.pid) >= 0);
  assert.throws(() => rssMiB(2 ** 22 + 7));
});

test("without Go on PATH the bench stops at once and says what to do", () => {
  const path = process.env.PATH;
  process.env.PATH = tempDir("bench-no-go");
  try {
    assert.throws(() => requireGo(), /needs Go \(1\.26 or later\) on PATH.*BENCH_OPERATORS=ours/);
  } finally {
    process.env.PATH = path;
  }
});

test("quiet: Lease renewals and watches do not count as activity; Events and other requests do", async () => {
  const path = join(tempDir("bench-quiet"), "audit.log");
  const at = (ms: number) => new Date(ms).toISOString();
  const line = (id: string, verb: string, resource: string, ms: number, apiGroup?: string) =>
    JSON.stringify({
      auditID: id,
      stage: "ResponseComplete",
      verb,
      requestURI: "/x",
      user: { username: OPERATOR },
      objectRef: { resource, ...(apiGroup ? { apiGroup } : {}) },
      requestReceivedTimestamp: at(ms),
      stageTimestamp: at(ms),
    });
  const now = Date.now();
  writeFileSync(
    path,
    [
      line("a", "update", "leases", now + 5_000, "coordination.k8s.io"),
      line("b", "watch", "databases", now + 5_000),
    ].join("\n") + "\n",
  );
  let started = Date.now();
  await waitUntilQuiet(path, OPERATOR, 300, 10_000);
  assert.ok(Date.now() - started < 2_000, "leases and watches kept it busy");
  writeFileSync(path, line("c", "apply", "secrets", Date.now() + 1_000) + "\n");
  started = Date.now();
  await waitUntilQuiet(path, OPERATOR, 300, 10_000);
  assert.ok(Date.now() - started >= 1_200, "a request in the future was not waited for");
  // An Event written after the last pass is the operator's work too: steady state starts after it.
  writeFileSync(path, line("e", "create", "events", Date.now() + 1_000, "events.k8s.io") + "\n");
  started = Date.now();
  await waitUntilQuiet(path, OPERATOR, 300, 10_000);
  assert.ok(Date.now() - started >= 1_200, "an Event was not waited for");
  writeFileSync(path, line("d", "apply", "secrets", Date.now() + 60_000) + "\n");
  await assert.rejects(waitUntilQuiet(path, OPERATOR, 300, 500), /still busy/);
});

test("the harness's ready watch lists again when the server ends its watch or answers ERROR", async () => {
  const { createServer, Agent } = await import("node:http");
  const { ReadyWatch } = await import("../scripts/bench-operator/ready-watch.ts");
  const db = (name: string, ready: boolean) => ({
    metadata: { name, generation: 2 },
    status: {
      conditions: [{ type: "Ready", status: ready ? "True" : "False", observedGeneration: 2 }],
    },
  });
  let lists = 0;
  let watches = 0;
  const server = createServer((req, res) => {
    const watching = req.url!.includes("watch=1");
    if (!watching) {
      lists++;
      const items =
        lists === 1 ? [db("a", false)] : [db("a", true), db("b", lists >= 3), db("c", false)];
      res.end(JSON.stringify({ metadata: { resourceVersion: String(lists) }, items }));
      return;
    }
    watches++;
    res.writeHead(200, { "content-type": "application/json" });
    if (watches === 1) {
      // Ready at an older generation does not count; then the server closes the watch.
      const stale = { ...db("c", true), metadata: { name: "c", generation: 3 } };
      res.end(JSON.stringify({ type: "MODIFIED", object: stale }) + "\n");
    } else if (watches === 2) {
      res.write(JSON.stringify({ type: "ERROR", object: { code: 410 } }) + "\n");
    } else {
      res.write(JSON.stringify({ type: "MODIFIED", object: db("c", true) }) + "\n");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const agent = new Agent({ keepAlive: true });
  const ready: string[] = [];
  const watch = new ReadyWatch({ server: `http://127.0.0.1:${port}`, agent }, "ns", (name) =>
    ready.push(name),
  );
  try {
    await watch.start();
    const deadline = Date.now() + 5_000;
    while (!ready.includes("c") && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    watch.check();
    assert.deepEqual([...new Set(ready)].sort(), ["a", "b", "c"]);
    assert.ok(
      ready.indexOf("c") > ready.indexOf("b"),
      `c counted at its stale generation: ${ready}`,
    );
    assert.equal(watch.restarts, 2);
    assert.equal(lists, 3);
  } finally {
    watch.stop();
    agent.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

test("why an operator exited, from its log: Node's last words after the last JSON line, else the last error line", () => {
  const info = JSON.stringify({ level: "info", msg: "reconciled", key: "ns/a" });
  const lost = JSON.stringify({ level: "error", msg: "lost leadership, exiting" });
  const crash = JSON.stringify({
    level: "error",
    msg: "unhandled rejection, exiting",
    err: { name: "Error", message: "socket hang up", stack: "Error: socket hang up\n    at x" },
  });
  assert.equal(exitReason([info, lost, info, ""].join("\n")), "lost leadership, exiting");
  assert.equal(
    exitReason([info, crash].join("\n")),
    "unhandled rejection, exiting: socket hang up",
  );
  assert.equal(
    exitReason(
      [
        info,
        "node:internal/process/promises:394",
        "    triggerUncaughtException(err, true /* fromPromise */);",
        "Error: socket hang up",
        "    at Socket.onclose (file:///dist/main.js:1:2)",
        "Node.js v24.21.0",
      ].join("\n"),
    ),
    "node:internal/process/promises:394 | triggerUncaughtException(err, true /* fromPromise */); | Error: socket hang up | at Socket.onclose (file:///dist/main.js:1:2) | Node.js v24.21.0",
  );
  assert.equal(exitReason([info, info].join("\n")), undefined);
});
