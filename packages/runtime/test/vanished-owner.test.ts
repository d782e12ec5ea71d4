// The status write of the pass that put the finalizer on is where it learns the object was removed
// past it (kubernetes/kubernetes#77988): a 404 there, and only there, deletes what the pass
// created; other failures stay the pass's. The race itself, on a real API server, is
// templates/project/test/faults/finalizer-race.test.ts.

import assert from "node:assert/strict";
import { test } from "node:test";
import { ApiException, type KubernetesObject } from "@kubernetes/client-node";
import { silentLogger } from "../src/logger.ts";
import type { SweptResource } from "../src/orphan-sweep.ts";
import type { ResourceClient } from "../src/resource-client.ts";
import { writeStatusOrCleanUp } from "../src/vanished-owner.ts";

type Obj = KubernetesObject & { status?: { ready?: boolean } };
const obj: Obj = { metadata: { name: "a", namespace: "n", uid: "uid-a" }, status: {} };

function failingWith(code: number): ResourceClient<Obj> {
  const body = JSON.stringify({
    kind: "Status",
    code,
    reason: code === 404 ? "NotFound" : "Conflict",
  });
  return {
    replaceStatus: async () => {
      throw new ApiException<string>(code, "Unknown API Status Code!", body, {});
    },
  } as unknown as ResourceClient<Obj>;
}

function instances(): SweptResource & { deleted: string[] } {
  const deleted: string[] = [];
  return {
    resource: "instance",
    policy: "Delete",
    deleted,
    listByOwnerTag: async () => [],
    delete: async (uid) => (deleted.push(uid), "deleted"),
  };
}

const vanishedWith = (resource: SweptResource) => ({
  resources: [resource],
  override: { kind: "none" } as const,
  logger: silentLogger,
});

test("a 404 on the status write of the pass that added the finalizer deletes what it created, by UID", async () => {
  const swept = instances();
  const written = await writeStatusOrCleanUp(
    failingWith(404),
    obj,
    { ready: true },
    {
      vanished: vanishedWith(swept),
    },
  );
  assert.equal(written, undefined, "the pass is over");
  assert.deepEqual(swept.deleted, ["uid-a"]);
});

test("a 404 on a later pass's write, and a conflict on any, stay errors and delete nothing", async () => {
  const swept = instances();
  await assert.rejects(writeStatusOrCleanUp(failingWith(404), obj, { ready: true }, {}));
  await assert.rejects(
    writeStatusOrCleanUp(failingWith(409), obj, { ready: true }, { vanished: vanishedWith(swept) }),
  );
  assert.deepEqual(swept.deleted, []);
});

test("a write that succeeds returns the stored object", async () => {
  const stored = { ...obj, status: { ready: true } };
  const client = { replaceStatus: async () => stored } as unknown as ResourceClient<Obj>;
  const swept = instances();
  const written = await writeStatusOrCleanUp(
    client,
    obj,
    { ready: true },
    {
      vanished: vanishedWith(swept),
    },
  );
  assert.equal(written, stored);
  assert.deepEqual(swept.deleted, []);
});
