import assert from "node:assert/strict";
import { test } from "node:test";
import type { KubernetesObject } from "@kubernetes/client-node";
import type { Condition, ConditionUpdate } from "../src/conditions.ts";
import type { EventRecord } from "../src/events.ts";
import { keyOf } from "../src/resource-client.ts";
import { withTransitionEvents } from "../src/transition-events.ts";
import { FakeResourceClient } from "../src/testing/fake-resource-client.ts";

interface Widget extends KubernetesObject {
  status?: { conditions?: Condition[] };
}

function setup() {
  const fake = new FakeResourceClient<Widget>();
  const recorded: EventRecord[] = [];
  const client = withTransitionEvents(fake, { record: (e) => recorded.push(e) });
  const created = fake.create({
    apiVersion: "example.com/v1",
    kind: "Widget",
    metadata: { name: "w", namespace: "ns" },
  });
  return { fake, client, recorded, key: keyOf(created) };
}

function withReady(obj: Widget, ready: ConditionUpdate): Widget {
  const condition: Condition = { ...ready, lastTransitionTime: "2030-01-01T00:00:00Z" };
  return { ...obj, status: { conditions: [condition] } };
}

test("each change of Ready's status or reason is one Event; an unchanged Ready is none", async () => {
  const { client, recorded, key } = setup();
  let obj = (await client.get(key))!;
  const ready = (status: "True" | "False", reason: string, message = reason) => ({
    type: "Ready",
    status,
    reason,
    message,
  });
  obj = await client.replaceStatus(withReady(obj, ready("False", "Reconciling")));
  obj = await client.replaceStatus(withReady(obj, ready("False", "Reconciling", "other text")));
  obj = await client.replaceStatus(withReady(obj, ready("True", "Reconciled", "all good")));
  obj = await client.replaceStatus(withReady(obj, ready("False", "InvalidSpec", "size too big")));
  assert.deepEqual(
    recorded.map((e) => [e.type, e.reason, e.action, e.note]),
    [
      ["Normal", "Reconciling", "Reconcile", "Ready=False: Reconciling"],
      ["Normal", "Reconciled", "Reconcile", "Ready=True: all good"],
      ["Warning", "InvalidSpec", "Reconcile", "Ready=False: size too big"],
    ],
  );
  assert.deepEqual(recorded[0]!.regarding, {
    apiVersion: "example.com/v1",
    kind: "Widget",
    name: "w",
    namespace: "ns",
    uid: obj.metadata!.uid,
  });
});

test("a Ready already seen by a read is not reported again after a restart; deletion is Finalize", async () => {
  const { fake, client, recorded, key } = setup();
  const stored = fake.update(key, (o) => {
    o.metadata = { ...o.metadata, finalizers: ["example.com/cleanup"] };
    o.status = withReady(o, {
      type: "Ready",
      status: "True",
      reason: "Reconciled",
      message: "ok",
    }).status;
  });
  assert.ok(stored);
  let obj = (await client.get(key))!;
  obj = await client.replaceStatus({ ...obj });
  assert.equal(recorded.length, 0, "the same Ready as read");
  fake.delete(key);
  obj = (await client.get(key))!;
  const failing = {
    type: "Ready",
    status: "False" as const,
    reason: "CleanupFailed",
    message: "no",
  };
  await client.replaceStatus(withReady(obj, failing));
  assert.deepEqual(
    recorded.map((e) => [e.type, e.reason, e.action]),
    [["Warning", "CleanupFailed", "Finalize"]],
  );
});
