import assert from "node:assert/strict";
import { test } from "node:test";
import { stripForCache } from "../src/cache-shape.ts";

const object = (annotations: Record<string, string>) => ({
  apiVersion: "db.example.com/v1alpha1",
  kind: "Database",
  metadata: { name: "a", uid: "u", labels: { team: "x" }, annotations },
  spec: { size: "small" },
});

test("keeps only the declared annotations: a tenant's 250 KiB annotation never reaches the cache", () => {
  const big = "x".repeat(250 * 1024);
  const cached = stripForCache(
    object({ "db.example.com/abandon": "true", "tenant.example/notes": big }),
    ["db.example.com/abandon"],
  );
  assert.deepEqual(cached.metadata.annotations, { "db.example.com/abandon": "true" });
  assert.deepEqual(cached.metadata.labels, { team: "x" }, "labels stay");
  assert.deepEqual(cached.spec, { size: "small" });
});

test("no declared annotation kept: the annotations go altogether", () => {
  const cached = stripForCache(object({ "tenant.example/notes": "n" }), []);
  assert.equal(cached.metadata.annotations, undefined);
});

test("without an allow-list, every annotation but last-applied-configuration stays", () => {
  const cached = stripForCache(
    object({ "kubectl.kubernetes.io/last-applied-configuration": "{}", other: "o" }),
  );
  assert.deepEqual(cached.metadata.annotations, { other: "o" });
});
