import assert from "node:assert/strict";
import { test } from "node:test";
import type { KubernetesObject } from "@kubernetes/client-node";
import {
  describeOwner,
  isHeldBy,
  liveHolder,
  ownerOf,
  recheckDelayMs,
  type ExternalOwner,
} from "../src/external-owner.ts";
import type { ObjectKey } from "../src/resource-client.ts";

const OURS = { group: "dns.example.org", kind: "DNSZone" };
const holder: ExternalOwner = { ...OURS, name: "web", namespace: "team-a", uid: "uid-1" };

function stored(uid: string): KubernetesObject {
  return { metadata: { name: "web", namespace: "team-a", uid } };
}

function forbidden(): Error {
  return Object.assign(new Error("forbidden"), { code: 403 });
}

test("ownerOf records group, kind, name, namespace and uid; cluster-scoped holders have no namespace", () => {
  assert.deepEqual(ownerOf(stored("uid-1"), OURS.group, OURS.kind), holder);
  assert.deepEqual(ownerOf({ metadata: { name: "apex", uid: "u" } }, OURS.group, OURS.kind), {
    ...OURS,
    name: "apex",
    uid: "u",
  });
  assert.throws(
    () => ownerOf({ metadata: { name: "new" } }, OURS.group, OURS.kind),
    /no name or uid/,
  );
});

test("isHeldBy compares UIDs: a recreated object of the same name is someone else", () => {
  assert.equal(isHeldBy(holder, "uid-1"), true);
  assert.equal(isHeldBy(holder, "uid-2"), false);
  assert.equal(isHeldBy(undefined, "uid-1"), false);
  assert.equal(describeOwner(holder), "DNSZone team-a/web (uid uid-1)");
});

test("liveHolder: nobody recorded, or our kind's object gone or recreated, leaves the resource free", async () => {
  const asked: ObjectKey[] = [];
  const get = (answer: KubernetesObject | undefined) => async (key: ObjectKey) => {
    asked.push(key);
    return answer;
  };
  assert.equal(await liveHolder(undefined, OURS, get(stored("uid-1"))), undefined);
  assert.deepEqual(asked, [], "no holder: nothing to look up");
  assert.deepEqual(await liveHolder(holder, OURS, get(stored("uid-1"))), holder);
  assert.deepEqual(asked, [{ namespace: "team-a", name: "web" }]);
  assert.equal(await liveHolder(holder, OURS, get(undefined)), undefined, "deleted");
  assert.equal(await liveHolder(holder, OURS, get(stored("uid-2"))), undefined, "recreated");
});

test("liveHolder: another manager's holder, or one we may not read, always holds", async () => {
  const foreign = { ...holder, group: "other.example.com" };
  let calls = 0;
  const held = await liveHolder(foreign, OURS, async () => {
    calls++;
    return undefined;
  });
  assert.deepEqual(held, foreign);
  assert.equal(calls, 0, "another kind's objects are not ours to look up");
  assert.deepEqual(
    await liveHolder(holder, OURS, async () => {
      throw forbidden();
    }),
    holder,
  );
  await assert.rejects(
    liveHolder(holder, OURS, async () => {
      throw new Error("connection reset");
    }),
    /connection reset/,
    "a transient failure is retried, not read as an answer",
  );
});

test("recheckDelayMs: as long as the refusal lasted, within bounds, so checks come at doubling intervals", () => {
  const now = new Date("2025-01-01T01:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);
  assert.equal(recheckDelayMs(undefined, now, 10_000, 300_000), 10_000);
  assert.equal(recheckDelayMs(ago(2_000), now, 10_000, 300_000), 10_000);
  assert.equal(recheckDelayMs(ago(40_000), now, 10_000, 300_000), 40_000);
  assert.equal(recheckDelayMs(ago(3_600_000), now, 10_000, 300_000), 300_000);
  // Checking at each delay: 10 s, 20 s, 40 s, 80 s … after the refusal began.
  let at = 10_000;
  const times = [at];
  for (let i = 0; i < 4; i++) {
    at += recheckDelayMs(new Date(0), new Date(at), 10_000, 300_000);
    times.push(at);
  }
  assert.deepEqual(times, [10_000, 20_000, 40_000, 80_000, 160_000]);
});
