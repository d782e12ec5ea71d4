import assert from "node:assert/strict";
import { test } from "node:test";
import { raceAbort } from "../src/abort.ts";
import { TimeoutError, withTimeout } from "../src/timeout.ts";

test("withTimeout cancels what it races: the work's signal aborts at the timeout", async () => {
  let seen: AbortSignal | undefined;
  const work = (signal: AbortSignal) => {
    seen = signal;
    return new Promise<string>((_, reject) =>
      signal.addEventListener("abort", () => reject(signal.reason)),
    );
  };
  await assert.rejects(withTimeout(work, 20, "hung call"), TimeoutError);
  assert.equal(seen?.aborted, true, "the hung call was told to stop");
});

test("withTimeout rejects at the timeout even when the work ignores its signal", async () => {
  const started = Date.now();
  await assert.rejects(
    withTimeout(() => new Promise(() => {}), 20, "deaf call"),
    /deaf call did not finish within 20 ms/,
  );
  assert.ok(Date.now() - started < 1_000);
});

test("withTimeout follows its parent signal: the reconcile's deadline cuts a cleanup step", async () => {
  const parent = new AbortController();
  const pending = withTimeout(
    (signal) =>
      new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason))),
    60_000,
    "step",
    parent.signal,
  );
  parent.abort(new Error("reconcile deadline"));
  await assert.rejects(pending, /reconcile deadline/);
});

test("withTimeout returns the work's value and aborts its signal afterwards", async () => {
  let seen: AbortSignal | undefined;
  const value = await withTimeout(
    async (signal) => {
      seen = signal;
      return 42;
    },
    1_000,
    "quick call",
  );
  assert.equal(value, 42);
  assert.equal(seen?.aborted, true, "nothing of it is left running");
});

test("raceAbort settles with the signal and drops a late outcome", async () => {
  const controller = new AbortController();
  let resolveLate: (v: string) => void = () => {};
  const late = new Promise<string>((resolve) => (resolveLate = resolve));
  const raced = raceAbort(late, controller.signal);
  controller.abort(new Error("deadline"));
  await assert.rejects(raced, /deadline/);
  resolveLate("too late");
  assert.equal(
    await raceAbort(Promise.resolve("on time"), new AbortController().signal),
    "on time",
  );
});
