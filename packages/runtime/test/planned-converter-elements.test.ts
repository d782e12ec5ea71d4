// The plan-driven converter inside list items and map values (pure logic): each element is
// converted with its own plan, and what an element cannot hold in the other version waits in the
// annotation under the list's path and the element's identity (listType: map keys, a map key).

import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import type { JsonObject } from "../src/conversion/converters.ts";
import { plannedConverter, type FieldPlan } from "../src/conversion/planned-converter.ts";

const ANNOTATION = "db.example.com/conversion-data";
// Hub v1beta1: spec.replicas[] (listType: map on name) with nodeClass (v1alpha1: instanceClass),
// zone (added in v1beta1) and placement.rack (placement added in v1beta1; v1alpha1 has rack at
// the item root); spec.pools{}
// values with size (v1alpha1: capacity) and labels (added in v1beta1).
const PLAN: FieldPlan = {
  copy: [
    {
      hub: "spec.replicas",
      version: "spec.replicas",
      each: {
        kind: "items",
        keys: ["name"],
        copy: [
          { hub: "name", version: "name" },
          { hub: "nodeClass", version: "instanceClass" },
          { hub: "placement.rack", version: "rack" },
        ],
        // placement is added in v1beta1 (its rack was at the item root before): kept whole.
        hubOnly: ["zone", "placement"],
        versionOnly: [],
      },
    },
    {
      hub: "spec.pools",
      version: "spec.pools",
      each: {
        kind: "values",
        copy: [{ hub: "size", version: "capacity" }],
        hubOnly: ["labels"],
        versionOnly: [],
      },
    },
  ],
  hubOnly: [],
  versionOnly: [],
  hooked: [],
};
const converter = plannedConverter({
  hub: "v1beta1",
  version: "v1alpha1",
  annotation: ANNOTATION,
  plan: PLAN,
});

const object = (apiVersion: string, spec: JsonObject): JsonObject => ({
  apiVersion: `db.example.com/${apiVersion}`,
  kind: "Database",
  metadata: { name: "orders", namespace: "team-a", uid: "u1" },
  spec,
});

const hubObject = object("v1beta1", {
  replicas: [
    { name: "a", nodeClass: "large", zone: "z1", placement: { rack: "r1" } },
    { name: "b", nodeClass: "small", zone: "z2" },
  ],
  pools: { east: { size: 3, labels: { tier: "gold" } }, west: { size: 1 } },
});

test("every item and value is converted with its plan; what v1alpha1 lacks is kept by key", async () => {
  const old = await converter.fromHub(structuredClone(hubObject));
  assert.deepEqual(old.spec, {
    replicas: [
      { name: "a", instanceClass: "large", rack: "r1" },
      { name: "b", instanceClass: "small" },
    ],
    pools: { east: { capacity: 3 }, west: { capacity: 1 } },
  });
  const back = await converter.toHub(old);
  assert.deepEqual(back, hubObject);
});

test("an old client that reorders, removes and adds items keeps each item's own hidden fields", async () => {
  const old = await converter.fromHub(structuredClone(hubObject));
  const spec = old.spec as { replicas: JsonObject[]; pools: Record<string, JsonObject> };
  // b first, a edited, c new; the east pool renamed to north (a new key: its labels are gone).
  spec.replicas = [spec.replicas[1]!, { ...spec.replicas[0]!, instanceClass: "medium" }];
  spec.replicas.push({ name: "c", instanceClass: "small" });
  spec.pools = { north: spec.pools.east!, west: spec.pools.west! };
  const back = await converter.toHub(old);
  assert.deepEqual(back.spec, {
    replicas: [
      { name: "b", nodeClass: "small", zone: "z2" },
      { name: "a", nodeClass: "medium", zone: "z1", placement: { rack: "r1" } },
      { name: "c", nodeClass: "small" },
    ],
    pools: { north: { size: 3 }, west: { size: 1 } },
  });
  assert.equal(back.metadata && (back.metadata as JsonObject).annotations, undefined);
});

const replica = fc.record(
  {
    name: fc.constantFrom("a", "b", "c", "d"),
    nodeClass: fc.constantFrom("small", "large"),
    zone: fc.string({ maxLength: 3 }),
    placement: fc.record(
      { rack: fc.string({ maxLength: 3 }) },
      { requiredKeys: [], noNullPrototype: true },
    ),
  },
  { requiredKeys: ["name"], noNullPrototype: true },
);
const hubSpec = fc.record(
  {
    replicas: fc.uniqueArray(replica, { selector: (r) => r.name, maxLength: 4 }),
    pools: fc.dictionary(
      fc.constantFrom("east", "west", "x.y", "[0]"),
      fc.record(
        {
          size: fc.integer(),
          labels: fc.dictionary(fc.string(), fc.string(), { noNullPrototype: true }),
        },
        { requiredKeys: [], noNullPrototype: true },
      ),
      { noNullPrototype: true },
    ),
  },
  { requiredKeys: [], noNullPrototype: true },
);

test("hub -> v1alpha1 -> hub is the hub object for any items and values", async () => {
  await fc.assert(
    fc.asyncProperty(hubSpec, async (spec) => {
      const hub = object("v1beta1", spec as JsonObject);
      const back = await converter.toHub(await converter.fromHub(structuredClone(hub)));
      assert.deepEqual(back, hub);
    }),
    { seed: 19, numRuns: 300 },
  );
});

const oldReplica = fc.record(
  {
    name: fc.constantFrom("a", "b", "c", "d"),
    instanceClass: fc.constantFrom("small", "large"),
    rack: fc.string({ maxLength: 3 }),
  },
  { requiredKeys: ["name"], noNullPrototype: true },
);

test("v1alpha1 -> hub -> v1alpha1 is the v1alpha1 object: placement made only to hold rack leaves nothing behind", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.uniqueArray(oldReplica, { selector: (r) => r.name, maxLength: 4 }),
      async (replicas) => {
        const old = object("v1alpha1", { replicas } as JsonObject);
        const back = await converter.fromHub(await converter.toHub(structuredClone(old)));
        assert.deepEqual(back, old);
      },
    ),
    { seed: 19, numRuns: 300 },
  );
});
