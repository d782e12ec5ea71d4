import assert from "node:assert/strict";
import { getEventListeners } from "node:events";
import { test } from "node:test";
import { abortableSleep } from "../src/abortable-sleep.ts";

test("waits on a long-lived signal leave no listener behind", async () => {
  const stop = new AbortController();
  for (let i = 0; i < 50; i++) await abortableSleep(1, stop.signal);
  assert.equal(getEventListeners(stop.signal, "abort").length, 0);
});

test("an abort ends the wait at once", async () => {
  const stop = new AbortController();
  const started = performance.now();
  const waiting = abortableSleep(60_000, stop.signal);
  stop.abort(new Error("stopped"));
  await waiting;
  assert.ok(performance.now() - started < 1_000);
  assert.equal(getEventListeners(stop.signal, "abort").length, 0);
  await abortableSleep(60_000, stop.signal); // already aborted: no wait at all
});
