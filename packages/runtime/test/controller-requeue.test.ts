// What the controller does with a pass's result, whatever the informer: a stand-in cache with one
// object feeds it (the real informer is tested on a real API server in test/integration).

import assert from "node:assert/strict";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import type { KubernetesObject } from "@kubernetes/client-node";
import { Controller, type ReconcileResult } from "../src/controller.ts";
import type { Informer } from "../src/informer.ts";
import { silentLogger } from "../src/logger.ts";

/** An informer that has listed one object and never changes. */
function oneObjectInformer(obj: KubernetesObject): Informer<KubernetesObject> {
  const stand = {
    path: "/apis/example.com/v1/things",
    synced: true,
    on: () => {},
    start: () => {},
    whenSynced: async () => {},
    list: () => [obj].values(),
    stop: async () => {},
  };
  return stand as unknown as Informer<KubernetesObject>;
}

/** Polls until `check` holds, at most 10 s (only how soon a count is reached depends on load). */
async function until(what: string, check: () => boolean): Promise<void> {
  const deadline = performance.now() + 10_000;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

function controllerReturning(result: () => ReconcileResult) {
  let passes = 0;
  const controller = new Controller<KubernetesObject>({
    informers: [oneObjectInformer({ metadata: { name: "a", namespace: "ns" } })],
    reconciler: {
      reconcile: async () => {
        passes++;
        return result();
      },
    },
    concurrency: 1,
    resyncPeriodMs: 3_600_000,
    backoff: { initialMs: 50, maxMs: 1_000 },
    logger: silentLogger,
  });
  return { controller, passes: () => passes };
}

for (const requeueAfterMs of [0, Number.NaN]) {
  test(`requeueAfterMs ${requeueAfterMs} is controller-runtime's Requeue: rate-limited, no hot loop`, async () => {
    const { controller, passes } = controllerReturning(() => ({ requeueAfterMs }));
    await controller.start();
    controller.setLeading(true);
    const started = performance.now();
    await until("the requeued pass", () => passes() >= 2);
    await sleep(500 - (performance.now() - started));
    const counted = passes();
    await controller.stop();
    // Backoff 50, 100, 200 ms (plus jitter): 4 passes in 500 ms; at once every time: thousands.
    assert.ok(counted <= 6, `${counted} passes in 500 ms`);
  });
}

test("requeueAfterMs > 0 waits that long, never less", async () => {
  const { controller, passes } = controllerReturning(() => ({ requeueAfterMs: 100 }));
  await controller.start();
  const started = performance.now();
  controller.setLeading(true);
  await until("three passes", () => passes() >= 3);
  const elapsed = performance.now() - started;
  await controller.stop();
  assert.ok(elapsed >= 200, `three passes after ${elapsed.toFixed(0)} ms; 100 ms apart at least`);
});
