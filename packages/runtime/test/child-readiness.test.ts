// Each kind's readiness rule against the status its controller writes when done: the stand-ins
// the other suites use (test/support/ready-status.ts) must satisfy exactly these rules.

import assert from "node:assert/strict";
import { test } from "node:test";
import type { KubernetesObject } from "@kubernetes/client-node";
import { READINESS_RULES, isChildReady } from "../src/child-readiness.ts";
import { readyStatus } from "../src/testing/ready-status.ts";

type Child = KubernetesObject & { spec?: object; status?: object };

function child(key: string, extra: { spec?: object } = {}): Child {
  const slash = key.lastIndexOf("/");
  return {
    apiVersion: key.slice(0, slash),
    kind: key.slice(slash + 1),
    metadata: { name: "child", namespace: "default", generation: 2 },
    ...extra,
  };
}

/** isChildReady on a child as read back from the API server, status included. */
const ready = (c: Child): boolean => isChildReady(c);

for (const key of Object.keys(READINESS_RULES)) {
  test(`${key}: not ready when just applied, ready with its controller's finished status`, () => {
    const applied = child(key);
    assert.equal(isChildReady(applied), false);
    assert.equal(ready({ ...applied, status: readyStatus(applied) }), true);
  });
}

test("workloads count only a status observed at their current generation", () => {
  const deployment = child("apps/v1/Deployment", { spec: { replicas: 3 } });
  const status = readyStatus(deployment);
  assert.equal(ready({ ...deployment, status: { ...status, observedGeneration: 1 } }), false);
  assert.equal(ready({ ...deployment, status: { ...status, readyReplicas: 2 } }), false);
});

test("a Job is ready on its Complete condition, not on a count of succeeded pods", () => {
  const job = child("batch/v1/Job");
  assert.equal(ready({ ...job, status: { succeeded: 1 } }), false);
  const failed = { conditions: [{ type: "Failed", status: "True" }] };
  assert.equal(ready({ ...job, status: failed }), false);
});

test("a PersistentVolumeClaim is ready when Bound, not while Pending", () => {
  const claim = child("v1/PersistentVolumeClaim");
  assert.equal(ready({ ...claim, status: { phase: "Pending" } }), false);
});

test("a Pod is ready on its Ready condition, not on phase Running", () => {
  const pod = child("v1/Pod");
  const notReady = { phase: "Running", conditions: [{ type: "Ready", status: "False" }] };
  assert.equal(ready({ ...pod, status: notReady }), false);
});

test("kinds without a notion of readiness are ready once they exist", () => {
  for (const key of ["v1/Service", "v1/ConfigMap", "batch/v1/CronJob", "v1/ServiceAccount"]) {
    assert.equal(isChildReady(child(key)), true, key);
    assert.equal(readyStatus(child(key)), undefined, key);
  }
});
