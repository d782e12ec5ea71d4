// The fault proxy against the real API server, driven by client-node the way the runtime drives
// it: each fault is seen by the client as it would see it from a misbehaving cluster, and
// requests that no rule matches pass through unchanged, as the identity the proxy was given.

import { ApiException, CoreV1Api, Watch, type KubeConfig } from "@kubernetes/client-node";
import assert from "node:assert/strict";
import { connect } from "node:net";
import { after, afterEach, test } from "node:test";
import { statusCode, TimeoutError, withCallLimits } from "@create-operator/runtime";
import { sharedControlPlane } from "../src/control-plane.ts";
import { FaultProxy } from "../src/fault-proxy.ts";

// Run on its own this file needs no CRDs (the template repository has none to install).
const plane = await sharedControlPlane({ crdDirectory: null });
const namespace = await plane.createNamespace("fault-proxy");
const proxy = await FaultProxy.start(plane.admin);
after(() => proxy.stop());
// Whatever a test asserts, no fault outlives it: a rule left behind (a hang on namespace reads,
// say) would fail the next test for a reason that is not its own.
afterEach(() => proxy.clearFaults());
const core = proxy.kubeConfig().makeApiClient(CoreV1Api);
const direct = plane.admin.makeApiClient(CoreV1Api);

let serial = 0;
const configMap = (data: Record<string, string> = {}) => ({
  metadata: { name: `cm-${++serial}`, namespace },
  data,
});

async function until(what: string, check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

test("requests no rule matches pass through as the proxy's identity, counted by verb and resource", async () => {
  proxy.resetCounts();
  const stranger = await FaultProxy.start(await plane.userConfig("fault-proxy-stranger"));
  try {
    const denied = await stranger
      .kubeConfig()
      .makeApiClient(CoreV1Api)
      .listNamespace()
      .catch((err: unknown) => err);
    assert.equal(
      statusCode(denied),
      403,
      "a user without bindings stays forbidden behind the proxy",
    );
    assert.equal(stranger.count("list", "namespaces"), 1);
  } finally {
    await stranger.stop();
  }
  const created = await core.createNamespacedConfigMap({ namespace, body: configMap({ a: "1" }) });
  const read = await core.readNamespacedConfigMap({ name: created.metadata!.name!, namespace });
  assert.deepEqual(read.data, { a: "1" });
  assert.deepEqual(proxy.counts(), { "create configmaps": 1, "get configmaps": 1 });
});

test(
  "hang: the request is accepted and never answered; the caller's deadline ends it",
  { timeout: 60_000 },
  async (t) => {
    const fault = proxy.inject({ verb: "get", resource: "namespaces", fault: { type: "hang" } });
    // The caller's deadline runs on a mocked clock, so it cannot end the call before the request
    // reaches the proxy however loaded the machine is: the deadline passes only when the test says
    // so, after the proxy is seen holding the request. (A real 400 ms deadline raced the two.)
    t.mock.timers.enable({ apis: ["setTimeout"] });
    const deadlineMs = 30_000;
    let settled = false;
    const call = withCallLimits("read namespace", { timeoutMs: deadlineMs }, (options) =>
      core.readNamespace({ name: namespace }, options),
    ).finally(() => (settled = true));
    await everyTurnUntil("the proxy to hold the request", () => proxy.hanging === 1);
    assert.equal(fault.hits, 1);
    t.mock.timers.tick(deadlineMs - 1);
    await everyTurnUntil("the call to stay open", () => true, 50);
    assert.equal(settled, false, "the proxy answered a hung request");
    t.mock.timers.tick(1);
    await assert.rejects(call, TimeoutError);
    t.mock.timers.reset();
    await until("the client to give up its connection", () => proxy.hanging === 0);
    fault.remove();
    assert.equal((await core.readNamespace({ name: namespace })).metadata?.name, namespace);
  },
);

/**
 * Waits for `check` turning the event loop with setImmediate, which a test mocking setTimeout
 * leaves real; `turns` at least, so a settled promise shows. No deadline of its own: the test's
 * generous timeout ends a wait that never succeeds.
 */
async function everyTurnUntil(what: string, check: () => boolean, turns = 1): Promise<void> {
  for (let turn = 0; turn < turns || !check(); turn++)
    await new Promise((resolve) => setImmediate(resolve));
  assert.ok(check(), what);
}

test("hang: an AbortSignal of the caller's cancels the call with its reason", async () => {
  const fault = proxy.inject({ verb: "list", resource: "configmaps", fault: { type: "hang" } });
  const controller = new AbortController();
  const call = withCallLimits("list", { signal: controller.signal, timeoutMs: 60_000 }, (o) =>
    core.listNamespacedConfigMap({ namespace }, o),
  );
  await until("the request to hang", () => proxy.hanging === 1);
  controller.abort(new Error("shutting down"));
  await assert.rejects(call, /shutting down/);
  fault.remove();
});

test("429 with Retry-After, N times, then the request goes through", async () => {
  const fault = proxy.inject({
    verb: "get",
    resource: "namespaces",
    times: 2,
    fault: { type: "status", code: 429, retryAfterSeconds: 7 },
  });
  for (let attempt = 1; attempt <= 2; attempt++) {
    const err = await core.readNamespace({ name: namespace }).catch((e: unknown) => e);
    assert.ok(err instanceof ApiException, `attempt ${attempt}: ${String(err)}`);
    assert.equal(err.code, 429);
    assert.equal(err.headers["retry-after"], "7");
  }
  assert.equal((await core.readNamespace({ name: namespace })).metadata?.name, namespace);
  assert.equal(fault.hits, 2);
  fault.remove();
});

test("500 on a write: nothing reaches the server", async () => {
  const body = configMap();
  const fault = proxy.inject({
    verb: "create",
    resource: "configmaps",
    times: 1,
    fault: { type: "status", code: 500 },
  });
  assert.equal(
    statusCode(await core.createNamespacedConfigMap({ namespace, body }).catch((e: unknown) => e)),
    500,
  );
  const stored = await direct
    .readNamespacedConfigMap({ name: body.metadata.name, namespace })
    .catch((e: unknown) => e);
  assert.equal(statusCode(stored), 404);
  await core.createNamespacedConfigMap({ namespace, body });
  fault.remove();
});

test("reset after forward: the write lands, its answer is lost", async () => {
  const body = configMap({ landed: "yes" });
  const fault = proxy.inject({
    verb: "create",
    resource: "configmaps",
    fault: { type: "reset-after-forward" },
  });
  const err = await core.createNamespacedConfigMap({ namespace, body }).catch((e: unknown) => e);
  fault.remove();
  assert.ok(
    err instanceof Error && !(err instanceof ApiException),
    `the client saw ${String(err)}`,
  );
  const stored = await direct.readNamespacedConfigMap({ name: body.metadata.name, namespace });
  assert.deepEqual(stored.data, { landed: "yes" });
});

test("latency: the answer comes, late", async () => {
  const fault = proxy.inject({
    verb: "get",
    resource: "namespaces",
    fault: { type: "latency", ms: 300 },
  });
  const started = performance.now();
  await core.readNamespace({ name: namespace });
  const elapsed = performance.now() - started;
  fault.remove();
  assert.ok(elapsed >= 295, `answered after ${elapsed.toFixed(0)} ms`);
});

/** Opens a watch on the namespace's ConfigMaps through the proxy; resolves when it ends. */
function watchConfigMaps(
  config: KubeConfig,
  events: string[],
): Promise<{ err: unknown; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const ended = (err: unknown) => resolve({ err, ms: performance.now() - started });
    // watch() rejects only when it cannot start (no cluster, failed authentication): that ends it too.
    new Watch(config)
      .watch(
        `/api/v1/namespaces/${namespace}/configmaps`,
        {},
        (type, object: { metadata?: { name?: string }; code?: number }) =>
          events.push(`${type} ${object.metadata?.name ?? object.code}`),
        ended,
      )
      .catch(ended);
  });
}

for (const how of ["end", "destroy"] as const) {
  test(`cut watch (${how}): events flow until the stream is cut`, async () => {
    const fault = proxy.inject({
      verb: "watch",
      resource: "configmaps",
      fault: { type: "cut-watch", afterMs: 700, how },
    });
    const events: string[] = [];
    const ended = watchConfigMaps(proxy.kubeConfig(), events);
    await until("the watch to open", () => proxy.openWatches === 1);
    const body = configMap();
    await direct.createNamespacedConfigMap({ namespace, body });
    const { err, ms } = await ended;
    fault.remove();
    assert.ok(events.includes(`ADDED ${body.metadata.name}`), events.join(", "));
    assert.ok(ms >= 650 && ms < 5_000, `cut after ${ms.toFixed(0)} ms`);
    if (how === "destroy")
      assert.ok(err instanceof Error, `a reset reaches the client as an error, got ${String(err)}`);
    assert.equal(proxy.openWatches, 0);
  });
}

test("watch-gone: the watch gets an ERROR event with 410 Expired", async () => {
  const fault = proxy.inject({ watch: true, fault: { type: "watch-gone" }, times: 1 });
  const events: string[] = [];
  await watchConfigMaps(proxy.kubeConfig(), events);
  fault.remove();
  assert.deepEqual(events, ["ERROR 410"]);
});

test("cutWatches ends every open watch at once", async () => {
  const ended = [watchConfigMaps(proxy.kubeConfig(), []), watchConfigMaps(proxy.kubeConfig(), [])];
  await until("both watches to open", () => proxy.openWatches === 2);
  assert.equal(proxy.cutWatches(), 2);
  await Promise.all(ended);
  assert.equal(proxy.openWatches, 0);
});

test("blackholeWatches: an open watch gets nothing more and stays open until its client gives up; new requests pass", async () => {
  const events: string[] = [];
  const watch = await new Watch(proxy.kubeConfig()).watch(
    `/api/v1/namespaces/${namespace}/configmaps`,
    {},
    (type, object: { metadata?: { name?: string } }) =>
      events.push(`${type} ${object.metadata?.name}`),
    () => events.push("ended"),
  );
  await until("the watch to open", () => proxy.openWatches === 1);
  assert.equal(proxy.blackholeWatches(), 1);
  const body = configMap();
  // A new request goes through at once, on another connection.
  await core.createNamespacedConfigMap({ namespace, body });
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  // (The watch started without a resourceVersion: the ConfigMaps of earlier tests came first.)
  assert.ok(!events.includes(`ADDED ${body.metadata.name}`), "the new ConfigMap never arrived");
  assert.ok(!events.includes("ended"), "nor did the watch's end");
  assert.equal(proxy.hanging, 1);
  watch.abort();
  await until("the client to give up its connection", () => proxy.hanging === 0);
});

test("reset: the connection is dropped without an answer, as from a server that cannot be reached", async () => {
  const fault = proxy.inject({ verb: "get", resource: "namespaces", fault: { type: "reset" } });
  const failed = await core.readNamespace({ name: namespace }).catch((err: unknown) => err);
  fault.remove();
  assert.equal(fault.hits, 1);
  assert.ok(failed instanceof Error && statusCode(failed) === undefined, String(failed));
  assert.equal((await core.readNamespace({ name: namespace })).metadata?.name, namespace);
});

test("stop() closes every connection at once, one still in its TLS handshake included", async () => {
  const stopping = await FaultProxy.start(plane.admin);
  // A client that has connected and not finished its handshake: it sends nothing at all.
  const socket = connect(Number(new URL(stopping.url).port), "127.0.0.1");
  await new Promise<void>((resolve, reject) =>
    socket.once("connect", resolve).once("error", reject),
  );
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.on("error", () => {});
  const started = performance.now();
  const outcome = await Promise.race([
    stopping.stop().then(() => "stopped"),
    new Promise((resolve) => setTimeout(() => resolve("still stopping"), 2_000)),
  ]);
  assert.equal(outcome, "stopped", "stop() waited on a connection it could have closed");
  await closed;
  assert.ok(performance.now() - started < 2_000);
});
