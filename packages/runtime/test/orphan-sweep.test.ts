import assert from "node:assert/strict";
import { test } from "node:test";
import { silentLogger } from "../src/logger.ts";
import { sweepOrphans, type SweptResource } from "../src/orphan-sweep.ts";

function provider(policy: "Delete" | "Retain", ownerUids: string[]) {
  const live = new Set(ownerUids);
  const swept: SweptResource & { live: Set<string> } = {
    resource: "instance",
    policy,
    live,
    listByOwnerTag: async () =>
      [...live].map((ownerUid) => ({ ownerUid, providerId: `id-${ownerUid}` })),
    delete: async (ownerUid) => (live.delete(ownerUid) ? "deleted" : "gone"),
  };
  return swept;
}

test("deletes only resources whose owner the API server no longer stores, whatever the cache says", async () => {
  const swept = provider("Delete", ["a", "b", "c"]);
  const orphans = await sweepOrphans(
    {
      resources: [swept],
      cachedUids: () => new Set(["a"]), // b is new and not cached yet; c is gone
      storedUids: async () => new Set(["a", "b"]),
      logger: silentLogger,
    },
    new Set(),
  );
  assert.deepEqual(orphans, [
    { ownerUid: "c", providerId: "id-c", resource: "instance", action: "deleted" },
  ]);
  assert.deepEqual([...swept.live], ["a", "b"]);
});

test("asks the API server nothing while the cache holds every owner", async () => {
  let quorumLists = 0;
  const orphans = await sweepOrphans(
    {
      resources: [provider("Delete", ["a"])],
      cachedUids: () => new Set(["a"]),
      storedUids: async () => (quorumLists++, new Set()),
      logger: silentLogger,
    },
    new Set(),
  );
  assert.deepEqual(orphans, []);
  assert.equal(quorumLists, 0);
});

test("Retain keeps the orphan and reports it once, not on every sweep", async () => {
  const swept = provider("Retain", ["gone"]);
  const told: string[] = [];
  const options = {
    resources: [swept],
    cachedUids: () => new Set<string>(),
    storedUids: async () => new Set<string>(),
    logger: silentLogger,
    onOrphan: (orphan: { ownerUid: string; action: string }) =>
      told.push(`${orphan.action} ${orphan.ownerUid}`),
  };
  const reported = new Set<string>();
  await sweepOrphans(options, reported);
  await sweepOrphans(options, reported);
  assert.deepEqual(told, ["reported gone"]);
  assert.deepEqual([...swept.live], ["gone"]);
});

test("deletes at most maxDeletesPerSweep per sweep; the next sweep goes on", async () => {
  const swept = provider("Delete", ["a", "b", "c"]);
  const options = {
    resources: [swept],
    cachedUids: () => new Set<string>(),
    storedUids: async () => new Set<string>(),
    logger: silentLogger,
    maxDeletesPerSweep: 2,
  };
  assert.equal((await sweepOrphans(options, new Set())).length, 2);
  assert.equal(swept.live.size, 1);
  assert.equal((await sweepOrphans(options, new Set())).length, 1);
  assert.equal(swept.live.size, 0);
});
