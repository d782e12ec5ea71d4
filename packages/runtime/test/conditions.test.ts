import assert from "node:assert/strict";
import { test } from "node:test";
import {
  findCondition,
  isConditionTrue,
  setCondition,
  type ObservedCondition,
  type OpenCondition,
} from "../src/conditions.ts";

const t0 = new Date("2025-01-01T00:00:00Z");
const t1 = new Date("2025-01-01T00:05:00Z");

test("a new condition gets the current time as lastTransitionTime", () => {
  const list = setCondition(
    [],
    { type: "Ready", status: "False", reason: "Reconciling", message: "", observedGeneration: 1 },
    t0,
  );
  assert.equal(list.length, 1);
  assert.equal(list[0]?.lastTransitionTime, t0.toISOString());
  assert.equal(list[0]?.observedGeneration, 1);
});

test("lastTransitionTime stays when only reason, message or generation change", () => {
  const first = setCondition(
    [],
    { type: "Ready", status: "False", reason: "Reconciling", message: "a", observedGeneration: 1 },
    t0,
  );
  const second = setCondition(
    first,
    { type: "Ready", status: "False", reason: "Provisioning", message: "b", observedGeneration: 2 },
    t1,
  );
  assert.equal(second[0]?.lastTransitionTime, t0.toISOString());
  assert.equal(second[0]?.reason, "Provisioning");
  assert.equal(second[0]?.observedGeneration, 2);
});

test("lastTransitionTime moves when the status changes", () => {
  const first = setCondition(
    [],
    { type: "Ready", status: "False", reason: "Reconciling", message: "" },
    t0,
  );
  const second = setCondition(
    first,
    { type: "Ready", status: "True", reason: "Reconciled", message: "" },
    t1,
  );
  assert.equal(second[0]?.lastTransitionTime, t1.toISOString());
  assert.ok(isConditionTrue(second, "Ready"));
});

test("other conditions keep their position and the input is not mutated", () => {
  const start = setCondition(
    setCondition([], { type: "Ready", status: "True", reason: "Reconciled", message: "" }, t0),
    { type: "Synced", status: "True", reason: "Reconciled", message: "" },
    t0,
  );
  const snapshot = structuredClone(start);
  const next = setCondition(
    start,
    { type: "Ready", status: "False", reason: "Deleting", message: "" },
    t1,
  );
  assert.deepEqual(start, snapshot);
  assert.deepEqual(
    next.map((c) => c.type),
    ["Ready", "Synced"],
  );
  assert.equal(findCondition(next, "Synced")?.lastTransitionTime, t0.toISOString());
  assert.equal(findCondition(next, "Missing"), undefined);
});

test("a condition another writer left with type and status only gets a time and keeps its place", () => {
  const observed: ObservedCondition[] = [
    { type: "Vendor.Adopted", status: "True" },
    { type: "Ready", status: "False" },
  ];
  const next = setCondition(
    observed,
    { type: "Ready", status: "False", reason: "Reconciling", message: "working" },
    t0,
  );
  assert.deepEqual(next[0], { type: "Vendor.Adopted", status: "True" });
  assert.equal(next[1]?.lastTransitionTime, t0.toISOString());
  assert.equal(findCondition(next, "Ready")?.reason, "Reconciling");
});

test("open conditions: an entry without type is never found, one without status is not True, and both are kept", () => {
  const written: OpenCondition[] = [{ message: "no type" }, { type: "Ready", reason: "NoStatus" }];
  assert.equal(findCondition(written, "Ready")?.reason, "NoStatus");
  assert.equal(isConditionTrue(written, "Ready"), false);
  const list = setCondition(
    written,
    { type: "Ready", status: "True", reason: "Reconciled", message: "", observedGeneration: 2 },
    t1,
  );
  assert.deepEqual(list[0], { message: "no type" });
  assert.equal(list[1]?.lastTransitionTime, t1.toISOString(), "no status before: a transition");
  assert.equal(isConditionTrue(list, "Ready"), true);
});
