// Durations become Node.js timer delays in the generated operator: setTimeout silently turns
// anything above 2^31-1 ms into 1 ms (a hot loop) and truncates fractions of a millisecond.

import assert from "node:assert/strict";
import { test } from "node:test";
import { parseDurationMs } from "../durations.ts";
import { check, expectOne, MINIMAL, posOf } from "./helpers.ts";

test("SEM149 durations beyond Node's timer limit", () => {
  const src = `${MINIMAL}operator:\n  resyncPeriod: 600h\n`;
  const d = expectOne(src, "SEM149", posOf(src, "600h"), '"600h" is longer than 596h31m23.647s');
  assert.match(d.hint!, /2147483647 ms/);
  const max = `${MINIMAL}operator:\n  backoff:\n    max: 99999999999999999999999h\n`;
  expectOne(max, "SEM149", posOf(max, "9999"), "is longer than 596h31m23.647s");
  // The limit itself is accepted.
  assert.deepEqual(check(`${MINIMAL}operator:\n  resyncPeriod: 596h31m23.647s\n`), []);
});

test("SEM149 a resync period under a second", () => {
  const src = `${MINIMAL}operator:\n  resyncPeriod: 100ms\n`;
  expectOne(src, "SEM149", posOf(src, "100ms"), '"100ms" is shorter than 1s');
});

test("SEM150 durations that are not whole milliseconds", () => {
  const src = `${MINIMAL}operator:\n  backoff:\n    initial: 1ns\n`;
  expectOne(src, "SEM150", posOf(src, "1ns"), '"1ns" is not a whole number of milliseconds');
  const frac = `${MINIMAL}operator:\n  backoff:\n    initial: 1.5ms\n`;
  expectOne(frac, "SEM150", posOf(frac, "1.5ms"), '"1.5ms"');
  assert.deepEqual(check(`${MINIMAL}operator:\n  backoff:\n    initial: 1000000ns\n`), []);
});

test("parseDurationMs is exact where floating point is not", () => {
  assert.equal(parseDurationMs("1.1s"), 1100);
  assert.equal(parseDurationMs("0.3s"), 300);
  assert.equal(parseDurationMs("1h30m"), 5_400_000);
  assert.equal(parseDurationMs("1.000001s"), 1000.001);
  assert.equal(parseDurationMs("10 minutes"), undefined);
});

test("SEM055 a given backoff bound is compared with the other's default", () => {
  const src = `${MINIMAL}operator:\n  backoff:\n    initial: 10m\n`;
  expectOne(
    src,
    "SEM055",
    posOf(src, "10m"),
    "backoff initial 10m is longer than max 5m (the default)",
  );
  const max = `${MINIMAL}operator:\n  backoff:\n    max: 500ms\n`;
  expectOne(
    max,
    "SEM055",
    posOf(max, "500ms"),
    "backoff initial 1s (the default) is longer than max 500ms",
  );
});
