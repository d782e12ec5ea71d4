// The bookkeeping behind operator_stale_generation_* and operator_*deletion*: which objects lag
// and since when, from the informer's events alone (the real-server test is in the generated
// project's test/faults/lag-metrics.test.ts).

import assert from "node:assert/strict";
import { test } from "node:test";
import type { KubernetesObject } from "@kubernetes/client-node";
import type { InformerHandlers } from "../src/informer.ts";
import { ObjectLag } from "../src/object-lag.ts";
import { specHash, specReconciled } from "../src/spec-hash.ts";

type Obj = KubernetesObject & { status?: { observedGeneration?: number } };

function source() {
  const handlers: InformerHandlers<Obj>[] = [];
  return { on: (h: InformerHandlers<Obj>) => void handlers.push(h), handlers };
}

function obj(uid: string, generation: number, observed?: number, extra: object = {}): Obj {
  return {
    metadata: { uid, generation, creationTimestamp: new Date(1_000) as never, ...extra },
    ...(observed === undefined ? {} : { status: { observedGeneration: observed } }),
  };
}

test("a lag is timed from creation for a never-observed object, else from when it was seen; it ends when status catches up", () => {
  let now = 10_000;
  const informer = source();
  const lag = new ObjectLag([informer], { stuckDeletionAfterMs: 60_000, now: () => now });
  const [h] = informer.handlers;
  h!.add!(obj("new", 1));
  h!.add!(obj("fine", 3, 3));
  h!.add!(obj("behind", 4, 3));
  now = 12_000;
  assert.deepEqual(lag.snapshot(), {
    staleGenerations: 2,
    oldestStaleSeconds: 11,
    deleting: 0,
    stuckDeletions: 0,
    oldestDeletionSeconds: 0,
  });
  // A further spec change while behind does not restart the clock.
  h!.update!(obj("behind", 5, 3), obj("behind", 4, 3));
  h!.update!(obj("new", 1, 1), obj("new", 1));
  now = 15_000;
  assert.equal(lag.snapshot().staleGenerations, 1);
  assert.equal(lag.snapshot().oldestStaleSeconds, 5);
  h!.delete!(obj("behind", 5, 3));
  assert.equal(lag.snapshot().staleGenerations, 0);
  assert.equal(lag.snapshot().oldestStaleSeconds, 0);
});

test("a deletion is aged from its deletionTimestamp and stuck past the threshold", () => {
  let now = Date.parse("2026-01-01T00:10:00Z");
  const informer = source();
  const lag = new ObjectLag([informer], { stuckDeletionAfterMs: 5 * 60_000, now: () => now });
  const [h] = informer.handlers;
  h!.add!(obj("old", 2, 1, { deletionTimestamp: "2026-01-01T00:00:00Z" }));
  h!.add!(obj("recent", 1, 1, { deletionTimestamp: "2026-01-01T00:09:00Z" }));
  let snapshot = lag.snapshot();
  assert.equal(snapshot.deleting, 2);
  assert.equal(snapshot.stuckDeletions, 1);
  assert.equal(snapshot.oldestDeletionSeconds, 600);
  assert.equal(snapshot.staleGenerations, 0, "an object being deleted is not a stale generation");
  now += 5 * 60_000;
  assert.equal(lag.snapshot().stuckDeletions, 2);
  h!.delete!(obj("old", 2, 1));
  snapshot = lag.snapshot();
  assert.equal(snapshot.deleting, 1);
  assert.equal(snapshot.oldestDeletionSeconds, 360);
});

test("without the status subresource the spec hash, not the generation, says whether status is current", () => {
  const informer = source();
  const lag = new ObjectLag([informer], {
    stuckDeletionAfterMs: 60_000,
    now: () => 10_000,
    statusIsCurrent: (o) => specReconciled(o),
  });
  const [h] = informer.handlers;
  const spec = { size: "small" };
  const hashed = (s: object) => specHash({ spec: s } as KubernetesObject);
  // The operator's own status write moved metadata.generation to 2 past observedGeneration 1.
  h!.add!({
    ...obj("written", 2),
    spec,
    status: { observedGeneration: 1, observedSpecHash: hashed(spec) },
  } as Obj);
  h!.add!({
    ...obj("changed", 3),
    spec: { size: "large" },
    status: { observedGeneration: 1, observedSpecHash: hashed(spec) },
  } as Obj);
  assert.equal(lag.snapshot().staleGenerations, 1, "only the object whose spec changed lags");
});

test("observedGeneration: false: the Ready condition's observedGeneration says which generation was seen", () => {
  const informer = source();
  const lag = new ObjectLag([informer], {
    stuckDeletionAfterMs: 60_000,
    observedGeneration: "ready-condition",
  });
  const [h] = informer.handlers;
  const seenAt = (generation: number, observed: number): Obj =>
    ({
      metadata: { uid: `u${generation}`, generation },
      status: { conditions: [{ type: "Ready", status: "True", observedGeneration: observed }] },
    }) as Obj;
  h!.add!(seenAt(2, 2));
  h!.add!(seenAt(3, 2));
  assert.equal(
    lag.snapshot().staleGenerations,
    1,
    "only the object whose Ready answers for an older generation",
  );
});
