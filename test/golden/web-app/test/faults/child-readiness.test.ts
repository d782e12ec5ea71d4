// Partial child readiness on a real API server, with the operator running as a replica wired as
// src/main.ts wires it: some children ready, one not. The owner must say which one it waits for
// (Ready=False, reason ChildrenNotReady, a message naming that child and no other), and become
// Ready within seconds of that child (its watch event, or the pass that polls while waiting).
// A bare API server runs no controllers, so the test writes the status a finished workload
// controller would (integration/support/workload-stand-in.ts): children without a readiness rule
// (a ConfigMap, a Service) are ready as soon as they are applied.

import assert from "node:assert/strict";
import { test } from "node:test";
import { findCondition } from "@create-operator/runtime";
import { readyStatus } from "@create-operator/runtime/testing";
import { markWorkloadsReady } from "../integration/support/workload-stand-in.ts";
import { waitFor } from "../integration/support/wait.ts";
import { desiredChildren } from "../support/kind.ts";
import { faultEnvironment } from "./support/fault-environment.ts";
import { singleObject } from "./support/single-object.ts";

const env = await faultEnvironment();
/** Far beyond a test: the resync plays no part. */
const NO_RESYNC_MS = 10 * 60_000;

function childName(child: { kind?: string; metadata?: { name?: string } }): string {
  return `${child.kind}/${child.metadata?.name}`;
}

/** The Ready condition once it is False for a reason other than the first pass's. */
async function readyCondition(run: ReturnType<typeof singleObject>, what: string) {
  return waitFor(
    what,
    async () => {
      const obj = await env.users.get(run.key);
      return findCondition(obj?.status?.conditions, "Ready");
    },
    { timeoutMs: 10_000 },
  );
}

// Children the first pass applies for the fixture object (a conditional child may be left out);
// the UID only stands in for the one the API server gives.
const unstored = env.newObject("readiness-sample");
const sample = desiredChildren({
  ...unstored,
  metadata: { ...unstored.metadata, uid: "00000000-0000-4000-8000-000000000000" },
});
const workloads = sample.filter((child) => readyStatus(child) !== undefined);

if (workloads.length > 0 && sample.length >= 2)
  test(`partial child readiness: ${sample.length - 1} of ${sample.length} children ready, a ${workloads.at(-1)!.kind} not: Ready=False naming it alone, then Ready when it is`, async (t) => {
    const run = singleObject(env, t);
    await run.start("replica", { resyncPeriodMs: NO_RESYNC_MS });
    await env.users.create(run.object);
    const stored = await waitFor(`${run.key.name}'s first pass`, async () => {
      const obj = await env.users.get(run.key);
      return findCondition(obj?.status?.conditions, "Ready") === undefined ? undefined : obj;
    });
    const children = desiredChildren(stored);
    const awaited = children.filter((child) => readyStatus(child) !== undefined);
    const last = awaited.at(-1)!;
    // Every workload child but the last finishes its rollout; the others need none.
    await markWorkloadsReady(env.cp.admin, awaited.slice(0, -1));
    const waiting = await waitFor(
      `Ready=False naming ${childName(last)} alone`,
      async () => {
        const condition = await readyCondition(run, "the Ready condition");
        return condition.status === "False" &&
          awaited.slice(0, -1).every((child) => !condition.message?.includes(childName(child)))
          ? condition
          : undefined;
      },
      { timeoutMs: 10_000 },
    );
    process.stdout.write(
      `# ${children.length} children, ${childName(last)} not ready: ${waiting.reason}: ${waiting.message}\n`,
    );
    assert.equal(waiting.reason, "ChildrenNotReady");
    assert.match(
      waiting.message ?? "",
      new RegExp(childName(last).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
    );
    for (const child of children.filter((c) => c !== last))
      assert.doesNotMatch(waiting.message ?? "", new RegExp(`\\b${childName(child)}\\b`));
    const readied = performance.now();
    await markWorkloadsReady(env.cp.admin, [last]);
    const ready = await waitFor(
      "Ready=True once the last child is ready",
      async () => {
        const condition = await readyCondition(run, "the Ready condition");
        return condition.status === "True" ? condition : undefined;
      },
      { timeoutMs: 5_000 },
    );
    process.stdout.write(
      `# Ready=True ${(performance.now() - readied).toFixed(0)} ms after ${childName(last)} was\n`,
    );
    assert.equal(ready.reason, "Reconciled");
  });
