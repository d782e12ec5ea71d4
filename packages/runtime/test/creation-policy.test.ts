// What each creation policy makes applyChildren() send, against an in-memory stand-in for the two
// calls it makes (pure logic). That the API server and garbage collector then treat the objects
// as each policy says is tested on a real one by the generated test/integration/creation-policy.test.ts.

import assert from "node:assert/strict";
import { test } from "node:test";
import type { KubernetesObject } from "@kubernetes/client-node";
import { applyChildren } from "../src/apply-children.ts";
import { creationPolicyOf, withCreationPolicy } from "../src/creation-policy.ts";

function secret(name: string): KubernetesObject {
  return {
    apiVersion: "v1",
    kind: "Secret",
    metadata: {
      name,
      namespace: "ns",
      ownerReferences: [
        { apiVersion: "example.com/v1", kind: "Shop", name: "shop", uid: "u", controller: true },
      ],
    },
  };
}

function server(existing: string[] = []) {
  const sent: KubernetesObject[] = [];
  const client = {
    applyChild: async <C extends KubernetesObject>(child: C): Promise<C> => {
      sent.push(JSON.parse(JSON.stringify(child)) as KubernetesObject);
      return child;
    },
    readChild: async (child: KubernetesObject) =>
      existing.includes(child.metadata?.name ?? "") ? child : undefined,
  };
  return { client, sent };
}

test("Owner (and no policy at all) applies the child with its controller ownerReference", async () => {
  const { client, sent } = server();
  await applyChildren(client, [secret("a"), withCreationPolicy(secret("b"), "Owner")]);
  assert.deepEqual(
    sent.map((c) => c.metadata?.ownerReferences?.length),
    [1, 1],
  );
});

test("an absent or unknown policy counts as Owner, as an absent field does upstream", () => {
  assert.equal(creationPolicyOf(withCreationPolicy(secret("a"), undefined)), "Owner");
  assert.equal(creationPolicyOf(withCreationPolicy(secret("a"), "Sometimes")), "Owner");
});

test("Orphan and CreateOrMerge apply the child without any ownerReference", async () => {
  const { client, sent } = server();
  const result = await applyChildren(client, [
    withCreationPolicy(secret("a"), "Orphan"),
    withCreationPolicy(secret("b"), "CreateOrMerge"),
  ]);
  assert.equal(result.ready, true);
  assert.deepEqual(
    sent.map((c) => [c.metadata?.name, c.metadata?.ownerReferences]),
    [
      ["a", undefined],
      ["b", undefined],
    ],
  );
});

test("None writes nothing and is ready", async () => {
  const { client, sent } = server(["a"]);
  const result = await applyChildren(client, [withCreationPolicy(secret("a"), "None")]);
  assert.deepEqual(sent, []);
  assert.equal(result.ready, true);
});

test("Merge applies into an existing object, without an ownerReference", async () => {
  const { client, sent } = server(["a"]);
  const result = await applyChildren(client, [withCreationPolicy(secret("a"), "Merge")]);
  assert.equal(result.ready, true);
  assert.deepEqual(
    sent.map((c) => [c.metadata?.name, c.metadata?.ownerReferences]),
    [["a", undefined]],
  );
});

test("Merge never creates: a missing object is waited for with Ready's reason ChildMissing", async () => {
  const { client, sent } = server([]);
  const result = await applyChildren(client, [
    withCreationPolicy(secret("a"), "Merge"),
    secret("b"),
  ]);
  assert.deepEqual(
    sent.map((c) => c.metadata?.name),
    ["b"],
    "the other children are still applied",
  );
  assert.equal(result.ready, false);
  assert.equal(result.waiting, true);
  assert.equal(result.reason, "ChildMissing");
  assert.match(result.message, /Secret\/a does not exist; creationPolicy Merge never creates it/);
});

test("the policy travels beside the manifest, never in it", () => {
  const marked = withCreationPolicy(secret("a"), "Merge");
  assert.equal(JSON.stringify(marked).includes("Merge"), false);
  assert.equal(creationPolicyOf(structuredClone(secret("a"))), "Owner");
});
