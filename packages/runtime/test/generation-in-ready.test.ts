// status.observedGeneration: false: the wrapper stores no status.observedGeneration, reads it back
// from the Ready condition, and a settled status is not written again.

import assert from "node:assert/strict";
import { test } from "node:test";
import type { KubernetesObject } from "@kubernetes/client-node";
import type { Condition } from "../src/conditions.ts";
import { generationInReady, observedGenerationOf } from "../src/generation-in-ready.ts";
import { writeStatusIfChanged } from "../src/status.ts";
import { FakeResourceClient } from "../src/testing/fake-resource-client.ts";

interface App extends KubernetesObject {
  status?: { observedGeneration?: number; conditions?: Condition[]; phase?: string };
}

const ready = (status: Condition["status"], observedGeneration: number): Condition => ({
  type: "Ready",
  status,
  reason: status === "True" ? "Reconciled" : "ProviderError",
  message: "",
  lastTransitionTime: "2025-01-01T00:00:00Z",
  observedGeneration,
});

function setup() {
  const raw = new FakeResourceClient<App>();
  const created = raw.create({ apiVersion: "x/v1", kind: "App", metadata: { name: "a" } });
  return { raw, client: generationInReady(raw), key: { name: "a" }, created };
}

test("a status write stores no observedGeneration; a read takes it from the Ready condition", async () => {
  const { raw, client, key, created } = setup();
  const status = { observedGeneration: 1, phase: "Synced", conditions: [ready("True", 1)] };
  const returned = await client.replaceStatus({ ...created, status });
  assert.equal((await raw.get(key))!.status!.observedGeneration, undefined, "not stored");
  assert.equal(
    returned.status!.observedGeneration,
    1,
    "the stored object as the reconciler sees it",
  );
  assert.equal((await client.get(key))!.status!.observedGeneration, 1);
  assert.equal((await client.getFromServer(key))!.status!.observedGeneration, 1);
});

test("a settled status compares equal to the stored one: no second write", async () => {
  const { raw, client, key, created } = setup();
  const status = { observedGeneration: 1, phase: "Synced", conditions: [ready("True", 1)] };
  await writeStatusIfChanged(client, created, status);
  const writes = raw.writes.status;
  const read = (await client.get(key))!;
  await writeStatusIfChanged(client, read, { ...read.status, ...status });
  assert.equal(raw.writes.status, writes, "compare-before-write sees no change");
});

test("without a Ready condition nothing answers for a generation", async () => {
  const { raw, client, key, created } = setup();
  await raw.replaceStatus({ ...created, status: { phase: "Synced" } });
  assert.equal((await client.get(key))!.status!.observedGeneration, undefined);
  assert.equal(observedGenerationOf({ phase: "Synced" }), undefined);
  assert.equal(observedGenerationOf({ conditions: [ready("False", 3)] }), 3);
  assert.equal(observedGenerationOf({ observedGeneration: 2, conditions: [ready("False", 3)] }), 2);
});
