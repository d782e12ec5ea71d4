import assert from "node:assert/strict";
import { test } from "node:test";
import type { KubernetesObject } from "@kubernetes/client-node";
import { OwnWrites } from "../src/own-writes.ts";

const at = (resourceVersion: string, name = "a"): KubernetesObject => ({
  metadata: { name, namespace: "ns", resourceVersion },
});

test("the echo of our own write is skipped, anyone else's change is not", () => {
  const own = new OwnWrites();
  own.record(at("10"));
  assert.equal(own.shouldEnqueue(at("10")), false, "our write's echo");
  assert.equal(own.shouldEnqueue(at("11")), true, "a later change by someone else");
  assert.equal(own.shouldEnqueue(at("10", "b")), true, "the same version of another object");
});

test("a version is remembered only until its echo arrives, with every earlier one", () => {
  const own = new OwnWrites();
  own.record(at("10")); // the finalizer patch
  own.record(at("12")); // the status write of the same pass
  own.record(at("20", "b"));
  assert.equal(own.remembered, 3);
  // The watch delivers a key's versions in order: once 12 is seen, 10 cannot come any more.
  assert.equal(own.shouldEnqueue(at("12")), false);
  assert.equal(own.remembered, 1, "10 and 12 forgotten, b's 20 kept");
  assert.equal(own.shouldEnqueue(at("20", "b")), false);
  assert.equal(own.remembered, 0, "steady state holds nothing");
});

test("an echo that arrives during the key's own pass is decided when the pass ends", () => {
  const own = new OwnWrites();
  own.passStarted("ns/a");
  // The watch shows the write before its response has been recorded.
  assert.equal(own.shouldEnqueue(at("30")), false, "held while the pass runs");
  own.record(at("30"));
  assert.equal(own.passEnded("ns/a"), false, "it was our write: no other pass");
  assert.equal(own.remembered, 0);
  own.passStarted("ns/a");
  assert.equal(own.shouldEnqueue(at("31")), false, "held");
  assert.equal(own.passEnded("ns/a"), true, "someone else's change during the pass: again");
});
