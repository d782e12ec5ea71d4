// The arithmetic behind the watch-health bounds: the real-server tests (the generated project's
// test/faults/watch-health.test.ts) run the default idle bound once and shorten the grace period;
// these prove what the defaults promise.

import assert from "node:assert/strict";
import { test } from "node:test";
import { backoffDelay } from "../src/backoff.ts";
import { INFORMER_BACKOFF } from "../src/informer.ts";
import {
  cachesReady,
  SERVER_BOOKMARK_INTERVAL_MS,
  UNREACHABLE_GRACE_MS,
  WATCH_IDLE_TIMEOUT_MS,
} from "../src/watch-health.ts";

const highestDraw = () => 0.999_999;

test("a quiet but healthy watch is never cut: the idle bound is past the server's bookmark interval", () => {
  assert.ok(WATCH_IDLE_TIMEOUT_MS > SERVER_BOOKMARK_INTERVAL_MS);
  assert.equal(SERVER_BOOKMARK_INTERVAL_MS, 60_000, "k8s.io/apiserver defaultBookmarkFrequency");
});

test("a dead watch is renewed well under a minute past the bookmark interval, and within 90 s", () => {
  assert.ok(WATCH_IDLE_TIMEOUT_MS - SERVER_BOOKMARK_INTERVAL_MS <= 15_000);
  // Worst case: the connection dies right after its last byte. The stall is noticed one idle
  // bound later; the renewal waits one first-failure backoff at most; 10 s are left for the
  // renewed watch to deliver the change and for the pass.
  const renewedBy = WATCH_IDLE_TIMEOUT_MS + backoffDelay(1, INFORMER_BACKOFF, highestDraw);
  assert.ok(renewedBy + 10_000 <= 90_000, `renewed ${renewedBy} ms after the last byte`);
});

test("the unreachable grace period outlasts the informers' first five retries", () => {
  const ceilings = [1, 2, 3, 4, 5].map((failure) =>
    backoffDelay(failure, INFORMER_BACKOFF, highestDraw),
  );
  const fiveRetries = ceilings.reduce((sum, delay) => sum + delay, 0);
  assert.ok(fiveRetries < UNREACHABLE_GRACE_MS, `${fiveRetries} ms`);
  assert.equal(UNREACHABLE_GRACE_MS, 30_000);
});

test("cachesReady: synced, and none out of reach for longer than the grace period", () => {
  const now = 1_000_000;
  const reachable = { synced: true, unreachableSince: undefined };
  const blip = { synced: true, unreachableSince: now - (UNREACHABLE_GRACE_MS - 1) };
  const outage = { synced: true, unreachableSince: now - UNREACHABLE_GRACE_MS };
  assert.equal(cachesReady([reachable, blip], undefined, now), true);
  assert.equal(cachesReady([reachable, outage], undefined, now), false);
  assert.equal(
    cachesReady([{ synced: false, unreachableSince: undefined }], undefined, now),
    false,
  );
  assert.equal(cachesReady([outage], UNREACHABLE_GRACE_MS + 1, now), true, "grace configurable");
  assert.equal(cachesReady([], undefined, now), true);
});
