import assert from "node:assert/strict";
import { test } from "node:test";
import { hasFinalizer, withFinalizer, withoutFinalizer } from "../src/finalizers.ts";
import { keyToString, parseKey } from "../src/resource-client.ts";

const ours = "example.com/finalizer";

test("withFinalizer adds ours once and keeps foreign ones in order", () => {
  const obj = { metadata: { finalizers: ["other.io/keep"] } };
  assert.deepEqual(withFinalizer(obj, ours), ["other.io/keep", ours]);
  assert.deepEqual(withFinalizer({ metadata: { finalizers: [ours] } }, ours), [ours]);
  assert.ok(!hasFinalizer(obj, ours));
});

test("withoutFinalizer removes only ours", () => {
  const obj = { metadata: { finalizers: ["a.io/x", ours, "b.io/y"] } };
  assert.deepEqual(withoutFinalizer(obj, ours), ["a.io/x", "b.io/y"]);
  assert.deepEqual(withoutFinalizer({}, ours), []);
});

test("keys round-trip for namespaced and cluster-scoped objects", () => {
  assert.deepEqual(parseKey(keyToString({ namespace: "team-a", name: "db" })), {
    namespace: "team-a",
    name: "db",
  });
  assert.deepEqual(parseKey(keyToString({ name: "example.org" })), { name: "example.org" });
});
