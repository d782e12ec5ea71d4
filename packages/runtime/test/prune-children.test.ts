// The pruning decision alone: which listed children go. That the list and the delete reach the
// API server (and only as the operator may) is tested in test/integration/child-instances.test.ts.

import assert from "node:assert/strict";
import { test } from "node:test";
import type { KubernetesObject } from "@kubernetes/client-node";
import { countIndexes } from "../src/child-instances.ts";
import type { OwnedKind } from "../src/owned-kinds.ts";
import { isControlledBy, pruneChildren } from "../src/prune-children.ts";

const owner: KubernetesObject = {
  apiVersion: "example.com/v1",
  kind: "Shop",
  metadata: { name: "shop", namespace: "ns", uid: "owner-uid" },
};
const STATEFUL_SETS: OwnedKind = {
  apiVersion: "apps/v1",
  kind: "StatefulSet",
  plural: "statefulsets",
  namespaced: true,
};

function child(name: string, extra: Partial<NonNullable<KubernetesObject["metadata"]>> = {}) {
  return {
    apiVersion: "apps/v1",
    kind: "StatefulSet",
    metadata: {
      name,
      namespace: "ns",
      uid: `${name}-uid`,
      ownerReferences: [
        {
          apiVersion: "example.com/v1",
          kind: "Shop",
          name: "shop",
          uid: "owner-uid",
          controller: true,
        },
      ],
      ...extra,
    },
  } satisfies KubernetesObject;
}

function client(listed: KubernetesObject[]) {
  const deleted: string[] = [];
  return {
    deleted,
    listOwnedChildren: async (kind: OwnedKind) => listed.filter((c) => c.kind === kind.kind),
    deleteChild: async (c: KubernetesObject) => {
      deleted.push(c.metadata!.name!);
    },
  };
}

test("deletes the listed children the desired set no longer names, and only those", async () => {
  const c = client([child("shop-a"), child("shop-b"), child("shop-c")]);
  const pruned = await pruneChildren(c, owner, [STATEFUL_SETS], [child("shop-a"), child("shop-c")]);
  assert.deepEqual(c.deleted, ["shop-b"]);
  assert.deepEqual(
    pruned.map((p) => p.metadata?.name),
    ["shop-b"],
  );
});

test("nothing to prune sends nothing; a child already being deleted is not deleted again", async () => {
  const steady = client([child("shop-a")]);
  assert.deepEqual(await pruneChildren(steady, owner, [STATEFUL_SETS], [child("shop-a")]), []);
  assert.deepEqual(steady.deleted, []);
  const going = client([child("shop-b", { deletionTimestamp: new Date() })]);
  await pruneChildren(going, owner, [STATEFUL_SETS], []);
  assert.deepEqual(going.deleted, []);
});

test("a desired child of another kind with the same name does not keep one of this kind", async () => {
  const c = client([child("shop-a")]);
  const service = { apiVersion: "v1", kind: "Service", metadata: { name: "shop-a" } };
  await pruneChildren(c, owner, [STATEFUL_SETS], [service]);
  assert.deepEqual(c.deleted, ["shop-a"]);
});

test("controlled means the controller reference with the owner's UID, in the owner's namespace", () => {
  assert.equal(isControlledBy(child("a"), owner), true);
  const earlierOwner = child("a");
  earlierOwner.metadata.ownerReferences[0]!.uid = "earlier-uid";
  assert.equal(isControlledBy(earlierOwner, owner), false, "an earlier owner of the same name");
  const notController = child("a");
  notController.metadata.ownerReferences[0]!.controller = false;
  assert.equal(isControlledBy(notController, owner), false, "a non-controller reference");
  assert.equal(isControlledBy(child("a", { namespace: "other" }), owner), false);
  assert.equal(isControlledBy(child("a", { ownerReferences: [] }), owner), false);
});

test("count instances: 0 to count-1; absent, negative or fractional counts make none", () => {
  assert.deepEqual(countIndexes(3), [0, 1, 2]);
  for (const none of [undefined, 0, -1, 1.5]) assert.deepEqual(countIndexes(none), []);
});
