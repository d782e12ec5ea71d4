// withCallLimits against a server that accepts and never answers: the deadline and the caller's
// signal both end a client-node call, with the reason the caller can tell apart.

import { CoreV1Api, KubeConfig } from "@kubernetes/client-node";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { after, test } from "node:test";
import { withCallLimits } from "../src/request-options.ts";
import { TimeoutError } from "../src/timeout.ts";

const silent = createServer(() => {});
await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
after(() => {
  silent.closeAllConnections();
  silent.close();
});
const config = new KubeConfig();
config.loadFromOptions({
  clusters: [
    {
      name: "silent",
      server: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      skipTLSVerify: true,
    },
  ],
  users: [{ name: "nobody" }],
  contexts: [{ name: "silent", cluster: "silent", user: "nobody" }],
  currentContext: "silent",
});
const api = config.makeApiClient(CoreV1Api);

test("the deadline rejects a call the server never answers, with a TimeoutError naming it", async () => {
  const started = performance.now();
  await assert.rejects(
    withCallLimits("read namespace x", { timeoutMs: 150 }, (o) =>
      api.readNamespace({ name: "x" }, o),
    ),
    (err) =>
      err instanceof TimeoutError &&
      /read namespace x did not finish within 150 ms/.test(err.message),
  );
  const elapsed = performance.now() - started;
  assert.ok(elapsed >= 145 && elapsed < 1_500, `${elapsed.toFixed(0)} ms`);
});

test("the caller's signal cancels the call with its own reason", async () => {
  const controller = new AbortController();
  setTimeout(() => controller.abort(new Error("stopping")), 50);
  await assert.rejects(
    withCallLimits("list", { signal: controller.signal, timeoutMs: 30_000 }, (o) =>
      api.listNamespace(undefined, o),
    ),
    /stopping/,
  );
  // Without a deadline the signal alone still cancels.
  const second = new AbortController();
  setTimeout(() => second.abort(new Error("gone")), 50);
  await assert.rejects(
    withCallLimits("list", { signal: second.signal }, (o) => api.listNamespace(undefined, o)),
    /gone/,
  );
});

test("an already aborted signal never sends the call", async () => {
  const controller = new AbortController();
  controller.abort(new Error("too late"));
  let sent = false;
  await assert.rejects(
    withCallLimits("x", { signal: controller.signal, timeoutMs: 1_000 }, async () => {
      sent = true;
    }),
    /too late/,
  );
  assert.equal(sent, false);
});

test("no limits: the call runs with no options at all", async () => {
  assert.equal(await withCallLimits("x", {}, async (options) => options), undefined);
});
