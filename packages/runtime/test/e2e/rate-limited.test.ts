// An API server that answers 429 Too Many Requests (API Priority and Fairness rejecting a flow, a
// proxy in front of it) on the operator's LIST, WATCH and lease renewal, on a real kube-apiserver
// through the envtest fault proxy. What the operator owes it: wait at least as long as Retry-After
// says (client-go's rest client does, before its reflector's backoff), never hot-loop, and once
// the server answers again, converge: the cache holds what changed meanwhile; the leader keeps its
// lease through a short spell and steps down cleanly (no call after, the lease free for whoever
// comes next) when no renewal succeeds within its renew deadline.

import assert from "node:assert/strict";
import { after, test } from "node:test";
import { CoreV1Api, type KubernetesObject } from "@kubernetes/client-node";
import { FaultProxy, pollUntil, sharedControlPlane } from "@create-operator/envtest";
import { Informer } from "../../src/informer.ts";
import { LeaderElector } from "../../src/leader-election.ts";
import { createLogger, silentLogger } from "../../src/logger.ts";

const plane = await sharedControlPlane({ crdDirectory: null });
const proxy = await FaultProxy.start(plane.admin);
after(() => proxy.stop());

const RETRY_AFTER_SECONDS = 2;
/** Clock slack for the gaps between attempts (timers, the proxy's own turnaround). */
const SLACK_MS = 100;

function configMaps(namespace: string) {
  return {
    path: `/api/v1/namespaces/${namespace}/configmaps`,
    create: (name: string) =>
      plane.admin
        .makeApiClient(CoreV1Api)
        .createNamespacedConfigMap({ namespace, body: { metadata: { name } } }),
  };
}

/** The gaps between consecutive times, in ms. */
function gaps(times: number[]): number[] {
  return times.slice(1).map((at, i) => at - times[i]!);
}

function has(informer: Informer<KubernetesObject>, namespace: string, name: string): boolean {
  return informer.get({ namespace, name }) !== undefined;
}

test(`an informer answered 429 on LIST waits out Retry-After (${RETRY_AFTER_SECONDS} s) each time, then syncs`, async (t) => {
  const namespace = await plane.createNamespace("rate-limited-list");
  const { path, create } = configMaps(namespace);
  await create("before");
  const attempts: number[] = [];
  const limited = proxy.inject({
    verb: "list",
    path: new RegExp(`^${path}`),
    // Each limited LIST is timed (the proxy asks only while the rule still applies).
    when: () => (attempts.push(performance.now()), true),
    times: 3,
    fault: { type: "status", code: 429, retryAfterSeconds: RETRY_AFTER_SECONDS },
  });
  t.after(() => limited.remove());
  const listsBefore = proxy.count("list", "configmaps");
  const informer = new Informer<KubernetesObject>({
    kubeConfig: proxy.kubeConfig(),
    path,
    logger: silentLogger,
  });
  t.after(() => informer.stop());
  informer.start();
  await pollUntil(
    Date.now() + 30_000,
    50,
    async () => (informer.synced ? true : undefined),
    () => `not synced after ${limited.hits} limited LISTs`,
  );
  const syncedAt = performance.now();
  const waits = gaps([...attempts, syncedAt]);
  t.diagnostic(`limited LISTs ${attempts.length}, then waits of ${waits.map(Math.round)} ms`);
  assert.equal(limited.hits, 3);
  assert.equal(proxy.count("list", "configmaps") - listsBefore, 4, "one LIST per Retry-After");
  for (const gap of waits)
    assert.ok(
      gap >= RETRY_AFTER_SECONDS * 1000 - SLACK_MS,
      `a retry ${Math.round(gap)} ms after a 429`,
    );
  assert.ok(has(informer, namespace, "before"), "the cache holds what was listed");
});

test(`an informer answered 429 on WATCH waits out Retry-After, then sees what changed meanwhile`, async (t) => {
  const namespace = await plane.createNamespace("rate-limited-watch");
  const { path, create } = configMaps(namespace);
  const informer = new Informer<KubernetesObject>({
    kubeConfig: proxy.kubeConfig(),
    path,
    logger: silentLogger,
  });
  t.after(() => informer.stop());
  informer.start();
  await informer.whenSynced();
  // A healthy watch has run (its failures were reset): the next one to break starts afresh.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const attempts: number[] = [];
  const limited = proxy.inject({
    verb: "watch",
    path: new RegExp(`^${path}`),
    when: () => (attempts.push(performance.now()), true),
    times: 3,
    fault: { type: "status", code: 429, retryAfterSeconds: RETRY_AFTER_SECONDS },
  });
  t.after(() => limited.remove());
  const cutAt = performance.now();
  assert.ok(proxy.cutWatches("end") >= 1, "the informer's watch was open");
  await create("meanwhile");
  await pollUntil(
    Date.now() + 30_000,
    50,
    async () => (has(informer, namespace, "meanwhile") ? true : undefined),
    () => `the object created meanwhile never reached the cache (${limited.hits} limited WATCHes)`,
  );
  const seenAt = performance.now();
  const waits = gaps([...attempts, seenAt]);
  t.diagnostic(
    `limited WATCHes ${attempts.length} from ${Math.round(attempts[0]! - cutAt)} ms after the cut, then waits of ${waits.map(Math.round)} ms`,
  );
  assert.equal(limited.hits, 3);
  // The limited attempts and the watch after them: each waited out the Retry-After before it.
  for (const gap of waits)
    assert.ok(
      gap >= RETRY_AFTER_SECONDS * 1000 - SLACK_MS,
      `a retry ${Math.round(gap)} ms after a 429`,
    );
});

test("a leader answered 429 on renewal keeps its lease through a short spell, steps down cleanly after its renew deadline, and leads again when the server answers", async (t) => {
  const namespace = await plane.createNamespace("rate-limited-lease");
  const lines: string[] = [];
  const changes: Array<{ leading: boolean; at: number }> = [];
  const retryPeriodMs = 500;
  const renewDeadlineMs = 2_000;
  const elector = new LeaderElector({
    kubeConfig: proxy.kubeConfig(),
    namespace,
    leaseName: "rate-limited",
    identity: "replica-a",
    leaseDurationSeconds: 4,
    renewDeadlineMs,
    retryPeriodMs,
    logger: createLogger({ write: (line: string) => lines.push(line) }),
    onStartedLeading: () => changes.push({ leading: true, at: performance.now() }),
    onStoppedLeading: () => changes.push({ leading: false, at: performance.now() }),
  });
  t.after(() => elector.stop());
  elector.start();
  const leading = () => changes.at(-1)?.leading === true;
  await pollUntil(
    Date.now() + 20_000,
    50,
    async () => (leading() ? true : undefined),
    () => "never started leading",
  );
  const leaseCalls: number[] = [];
  const rateLimit = (times?: number) =>
    proxy.inject({
      resource: "leases",
      namespace,
      when: () => (leaseCalls.push(performance.now()), true),
      ...(times === undefined ? {} : { times }),
      fault: { type: "status", code: 429, retryAfterSeconds: 1 },
    });

  // A short spell, shorter than the renew deadline: the lease is kept.
  const short = rateLimit(2);
  await pollUntil(
    Date.now() + 10_000,
    20,
    async () => (short.hits === 2 ? true : undefined),
    () => "the renewals never met the 429s",
  );
  await new Promise((resolve) => setTimeout(resolve, retryPeriodMs * 3));
  assert.equal(changes.length, 1, "still leading after a spell shorter than the renew deadline");

  // A long one: no renewal succeeds within the renew deadline, so it steps down, at a bounded rate.
  leaseCalls.length = 0;
  const started = performance.now();
  const long = rateLimit();
  await pollUntil(
    Date.now() + renewDeadlineMs * 3,
    20,
    async () => (leading() ? undefined : true),
    () => `still leading ${Math.round(performance.now() - started)} ms into the 429s`,
  );
  const steppedDownAfter = changes.at(-1)!.at - started;
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const window = performance.now() - started;
  t.diagnostic(
    `stepped down ${Math.round(steppedDownAfter)} ms into the 429s; ${leaseCalls.length} lease calls in ${Math.round(window)} ms`,
  );
  assert.ok(
    steppedDownAfter <= renewDeadlineMs + retryPeriodMs,
    "stepped down at its renew deadline",
  );
  // One read and at most one write per retry period: no hot loop while every call is refused.
  assert.ok(
    leaseCalls.length <= 2 * Math.ceil(window / retryPeriodMs) + 2,
    `${leaseCalls.length} lease calls in ${Math.round(window)} ms`,
  );
  assert.ok(
    lines.some((line) => line.includes("stepping down")),
    "the step-down is logged",
  );

  // The server answers again: the replica acquires the lease again (its own, or once it expired).
  long.remove();
  await pollUntil(
    Date.now() + 15_000,
    50,
    async () => (leading() ? true : undefined),
    () => "never led again after the 429s ended",
  );
});
