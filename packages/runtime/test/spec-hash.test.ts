// The spec hash stands in for metadata.generation on a kind without the status subresource
// (spec-hash.ts): it must not move for anything but a change of the spec (or a top-level field),
// and the generation it derives must hold still across the operator's own status writes.

import assert from "node:assert/strict";
import { test } from "node:test";
import type { KubernetesObject } from "@kubernetes/client-node";
import { specGeneration, specHash, specReconciled } from "../src/spec-hash.ts";

type Obj = KubernetesObject & Record<string, unknown>;

const base: Obj = {
  apiVersion: "example.com/v1",
  kind: "Shop",
  metadata: { name: "a", namespace: "ns", generation: 1, resourceVersion: "10" },
  spec: { size: "small", tags: ["x", "y"], nested: { a: 1, b: { c: true } } },
};

test("the hash is stable across key order at every depth", () => {
  const reordered: Obj = {
    spec: { nested: { b: { c: true }, a: 1 }, tags: ["x", "y"], size: "small" },
    metadata: base.metadata,
    kind: "Shop",
    apiVersion: "example.com/v1",
  };
  assert.equal(specHash(reordered), specHash(base));
  assert.match(specHash(base), /^[0-9a-f]{32}$/);
});

test("the hash changes on any change of the spec, an array's order included", () => {
  const changes: Obj["spec"][] = [
    { ...(base.spec as object), size: "large" },
    { ...(base.spec as object), tags: ["y", "x"] },
    { ...(base.spec as object), nested: { a: 1, b: { c: false } } },
    { ...(base.spec as object), extra: null },
    {},
    undefined,
  ];
  const hashes = new Set([
    specHash(base),
    ...changes.map((spec) => specHash({ ...base, spec } as Obj)),
  ]);
  assert.equal(hashes.size, changes.length + 1);
});

test("status and metadata do not change the hash; named top-level fields do", () => {
  const written: Obj = {
    ...base,
    metadata: { ...base.metadata, generation: 7, resourceVersion: "99", labels: { l: "v" } },
    status: { observedGeneration: 3, phase: "Ready" },
    unlisted: { x: 1 },
  };
  assert.equal(specHash(written), specHash(base));
  const withTop: Obj = { ...base, dataFrom: [{ key: "k" }] };
  assert.equal(specHash(withTop), specHash(base), "not named: not hashed");
  assert.notEqual(specHash(withTop, ["dataFrom"]), specHash(base, ["dataFrom"]));
});

test("the spec generation holds across status writes and moves once per spec change", () => {
  const fresh: Obj = { ...base };
  assert.equal(specGeneration(fresh), 1, "a new object's first spec");
  assert.equal(specReconciled(fresh), false);
  // The operator's status write for it: the API server advances metadata.generation to 2.
  const reconciled: Obj = {
    ...base,
    metadata: { ...base.metadata, generation: 2 },
    status: { observedGeneration: 1, observedSpecHash: specHash(base) },
  };
  assert.equal(specReconciled(reconciled), true);
  assert.equal(specGeneration(reconciled), 1, "the status write did not make a new spec version");
  // A failed pass's status write (Ready=False) moves metadata.generation again, not the number.
  const failedWrite: Obj = {
    ...reconciled,
    metadata: { ...base.metadata, generation: 3 },
    spec: { size: "large" },
  };
  assert.equal(specGeneration(failedWrite), 2, "the new spec");
  assert.equal(
    specGeneration({ ...failedWrite, metadata: { ...base.metadata, generation: 9 } }),
    2,
    "every retry of that spec keeps its number (and its idempotency token)",
  );
});
