// Releasing the lease on a real API server when a renewal lands late: stop() aborts the round in
// flight, but an aborted PUT may still reach the server and move the lease's resourceVersion
// under the release's read, so the release's PUT gets 409. Seen in the e2e run of a generated
// project under load as "could not release the lease; it will expire": the next leader then waits
// out the whole lease. The release reads again and retries on a conflict.

import assert from "node:assert/strict";
import { after, test } from "node:test";
import { CoordinationV1Api } from "@kubernetes/client-node";
import { FaultProxy, pollUntil, sharedControlPlane } from "@create-operator/envtest";
import { LeaderElector } from "../../src/leader-election.ts";
import { createLogger } from "../../src/logger.ts";

const plane = await sharedControlPlane({ crdDirectory: null });
const proxy = await FaultProxy.start(plane.admin);
after(() => proxy.stop());

test("a release whose PUT conflicts with a late renewal reads again and releases the lease", async () => {
  const namespace = await plane.createNamespace("lease-release");
  const lines: string[] = [];
  const logger = createLogger({ write: (line: string) => lines.push(line) });
  let leading = false;
  const elector = new LeaderElector({
    kubeConfig: proxy.kubeConfig(),
    namespace,
    leaseName: "release-test",
    identity: "replica-a",
    logger,
    onStartedLeading: () => (leading = true),
    onStoppedLeading: () => (leading = false),
  });
  elector.start();
  await pollUntil(
    Date.now() + 20_000,
    50,
    async () => (leading ? true : undefined),
    () => "replica-a never started leading",
  );
  // The release's first PUT meets a conflict, as it does when the aborted renewal lands first.
  const conflict = proxy.inject({
    verb: "update",
    resource: "leases",
    name: "release-test",
    times: 1,
    fault: { type: "status", code: 409, message: "the object has been modified" },
  });
  await elector.stop();
  assert.equal(conflict.hits, 1, "the release met the conflict");
  const lease = await plane.admin
    .makeApiClient(CoordinationV1Api)
    .readNamespacedLease({ name: "release-test", namespace });
  assert.equal(lease.spec?.holderIdentity, undefined, "the lease is released, not left to expire");
  assert.deepEqual(
    lines.filter((line) => line.includes("could not release the lease")),
    [],
  );
});
