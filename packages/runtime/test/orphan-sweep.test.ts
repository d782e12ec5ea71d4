import assert from "node:assert/strict";
import { test } from "node:test";
import { silentLogger } from "../src/logger.ts";
import { MemoryOrphanReport } from "../src/testing/memory-orphan-report.ts";
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

function keptEntry(ownerUid: string, at: string) {
  return {
    resource: "instance",
    providerId: `id-${ownerUid}`,
    owner: { apiVersion: "db.example.com/v1", kind: "Database", name: "n", uid: ownerUid },
    reason: "Retain" as const,
    requestedBy: "alice",
    at,
  };
}

test("never deletes a resource the orphan report lists: reports it kept, once", async () => {
  const swept = provider("Delete", ["kept", "leaked"]);
  const report = new MemoryOrphanReport();
  await report.record([keptEntry("kept", new Date().toISOString())]);
  const told: string[] = [];
  const options = {
    resources: [swept],
    cachedUids: () => new Set<string>(),
    storedUids: async () => new Set<string>(),
    report,
    logger: silentLogger,
    onOrphan: (orphan: { ownerUid: string; action: string }) =>
      told.push(`${orphan.action} ${orphan.ownerUid}`),
  };
  const reported = new Set<string>();
  await sweepOrphans(options, reported);
  await sweepOrphans(options, reported);
  assert.deepEqual(told, ["kept kept", "deleted leaked"]);
  assert.deepEqual([...swept.live], ["kept"]);
  assert.equal((await report.list()).length, 1);
});

test("reads the orphan report after the owners' LIST, so an entry recorded before the owner went is seen", async () => {
  const swept = provider("Delete", ["late"]);
  const report = new MemoryOrphanReport();
  const orphans = await sweepOrphans(
    {
      resources: [swept],
      cachedUids: () => new Set<string>(),
      // The finalizer records its entry, then the owner goes: both before this LIST answers.
      storedUids: async () => {
        await report.record([keptEntry("late", new Date().toISOString())]);
        return new Set<string>();
      },
      report,
      logger: silentLogger,
    },
    new Set(),
  );
  assert.deepEqual(
    orphans.map((orphan) => orphan.action),
    ["kept"],
  );
  assert.deepEqual([...swept.live], ["late"]);
});

test("prunes entries whose resource is gone, but not one recorded after the listing began", async () => {
  const swept = provider("Delete", []);
  const report = new MemoryOrphanReport();
  await report.record([
    keptEntry("gone", new Date(Date.now() - 60_000).toISOString()),
    keptEntry("future", new Date(Date.now() + 60_000).toISOString()),
  ]);
  await sweepOrphans(
    {
      resources: [swept],
      cachedUids: () => new Set<string>(),
      storedUids: async () => new Set<string>(),
      report,
      logger: silentLogger,
    },
    new Set(),
  );
  assert.deepEqual(
    (await report.list()).map((entry) => entry.owner.uid),
    ["future"],
  );
});

test("an operator whose swept resources are all Retain never reads the orphan report", async () => {
  const report = new MemoryOrphanReport();
  let reads = 0;
  const counting = { ...report, list: async () => (reads++, report.list()) } as MemoryOrphanReport;
  await sweepOrphans(
    {
      resources: [provider("Retain", ["gone"])],
      cachedUids: () => new Set<string>(),
      storedUids: async () => new Set<string>(),
      report: counting,
      logger: silentLogger,
    },
    new Set(),
  );
  assert.equal(reads, 0);
});
