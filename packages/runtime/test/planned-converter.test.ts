// The plan-driven converter in memory (pure logic): renames, moves, fields only one side holds,
// hooks, and the lossless round trips in both directions as properties over random objects.

import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import type { JsonObject } from "../src/conversion/converters.ts";
import { plannedConverter, type FieldPlan } from "../src/conversion/planned-converter.ts";

const ANNOTATION = "db.example.com/conversion-data";
// Hub v1beta1: size, maintenanceWindow (added), backup.retentionDays, storageGB (integer).
// v1alpha1: instanceClass, legacy (removed later), backupRetentionDays at the root, storageGB "20Gi".
const PLAN: FieldPlan = {
  copy: [
    { hub: "spec.size", version: "spec.instanceClass" },
    { hub: "spec.backup", version: "spec.backup", object: true },
    { hub: "spec.backup.enabled", version: "spec.backup.enabled" },
    { hub: "spec.backup.retentionDays", version: "spec.backupRetentionDays" },
    { hub: "spec.tags", version: "spec.tags" },
    { hub: "status.endpoint", version: "status.address" },
  ],
  hubOnly: ["spec.maintenanceWindow"],
  versionOnly: ["spec.legacy"],
  hooked: [{ hub: "spec.storageGB", version: "spec.storageGB" }],
};
const converter = plannedConverter({
  hub: "v1beta1",
  version: "v1alpha1",
  annotation: ANNOTATION,
  plan: PLAN,
  hooks: {
    "spec.storageGB": {
      toHub: (value: unknown) => Number.parseInt(String(value), 10),
      fromHub: (value: unknown) => `${String(value)}Gi`,
    },
  },
});

const object = (apiVersion: string, spec: JsonObject, extra: JsonObject = {}): JsonObject => ({
  apiVersion: `db.example.com/${apiVersion}`,
  kind: "Database",
  metadata: { name: "orders", namespace: "team-a", uid: "u1" },
  spec,
  ...extra,
});

test("renames, moves and hooks convert; what the other side lacks waits in the annotation", async () => {
  const old = object("v1alpha1", {
    instanceClass: "large",
    backupRetentionDays: 9,
    backup: { enabled: true },
    legacy: true,
    storageGB: "40Gi",
  });
  const hub = await converter.toHub(structuredClone(old));
  assert.deepEqual(hub.spec, {
    size: "large",
    backup: { enabled: true, retentionDays: 9 },
    storageGB: 40,
  });
  assert.equal(
    (hub.metadata as { annotations: Record<string, string> }).annotations[ANNOTATION],
    '{"v1alpha1":{"spec.legacy":true}}',
  );
  assert.deepEqual(await converter.fromHub(structuredClone(hub)), old);
});

test("an old client's update keeps the fields only the hub has", async () => {
  const hub = object("v1beta1", { size: "small", maintenanceWindow: "Sun:03:00-Sun:04:00" });
  const seen = await converter.fromHub(structuredClone(hub));
  assert.equal((seen.spec as JsonObject).maintenanceWindow, undefined);
  (seen.spec as JsonObject).instanceClass = "medium"; // the old client's edit
  const written = await converter.toHub(seen);
  assert.deepEqual(written.spec, { size: "medium", maintenanceWindow: "Sun:03:00-Sun:04:00" });
  assert.equal(written.metadata && "annotations" in (written.metadata as JsonObject), false);
});

test("an annotation that is not ours fails the conversion instead of losing fields", () => {
  const broken = object("v1alpha1", {}, {});
  (broken.metadata as JsonObject).annotations = { [ANNOTATION]: "{not json" };
  assert.throws(() => converter.toHub(broken), /is not the JSON create-operator writes/);
});

// Values each side can hold, as the API server would store them (a status only sometimes).
const scalar = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean());
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const strip = (value: JsonObject): JsonObject => JSON.parse(JSON.stringify(value)) as JsonObject; // drops undefined members
// Never an empty map: the API server drops one (omitempty), so no stored object has it.
const annotations = fc.option(
  fc.dictionary(fc.constantFrom("a.example.com/x", "b.example.com/y"), fc.string(), { minKeys: 1 }),
  { nil: undefined },
);
const hubObject = fc
  .record({
    size: optional(fc.constantFrom("small", "medium", "large")),
    maintenanceWindow: optional(fc.string({ maxLength: 19 })),
    backup: optional(
      fc.record({ enabled: optional(fc.boolean()), retentionDays: optional(fc.nat(35)) }),
    ),
    storageGB: optional(fc.nat(16384)),
    tags: optional(fc.dictionary(fc.string({ maxLength: 4 }), scalar)),
    endpoint: optional(fc.string({ maxLength: 12 })),
    annotations,
  })
  .map(({ endpoint, annotations, ...spec }) => {
    const hub = object("v1beta1", spec, endpoint === undefined ? {} : { status: { endpoint } });
    if (annotations) (hub.metadata as JsonObject).annotations = annotations;
    return strip(hub);
  });
const oldObject = fc
  .record({
    instanceClass: optional(fc.constantFrom("small", "medium", "large")),
    legacy: optional(fc.boolean()),
    backup: optional(fc.record({ enabled: optional(fc.boolean()) })),
    backupRetentionDays: optional(fc.nat(35)),
    storageGB: optional(fc.nat(16384).map((n) => `${n}Gi`)),
    tags: optional(fc.dictionary(fc.string({ maxLength: 4 }), scalar)),
    address: optional(fc.string({ maxLength: 12 })),
    annotations,
  })
  .map(({ address, annotations, ...spec }) => {
    const old = object("v1alpha1", spec, address === undefined ? {} : { status: { address } });
    if (annotations) (old.metadata as JsonObject).annotations = annotations;
    return strip(old);
  });

test("hub -> v1alpha1 -> hub is the hub object, fields v1alpha1 cannot hold included", async () => {
  await fc.assert(
    fc.asyncProperty(hubObject, async (hub) => {
      const back = await converter.toHub(await converter.fromHub(structuredClone(hub)));
      assert.deepEqual(back, hub);
    }),
    { seed: 20261205, numRuns: 400 },
  );
});

test("v1alpha1 -> hub -> v1alpha1 is the v1alpha1 object", async () => {
  await fc.assert(
    fc.asyncProperty(oldObject, async (old) => {
      // Also a backupRetentionDays without a backup object: the backup the hub makes to hold it
      // is not brought back.
      const back = await converter.fromHub(await converter.toHub(structuredClone(old)));
      assert.deepEqual(back, old);
    }),
    { seed: 20261205, numRuns: 400 },
  );
});

test("fields the plan does not name pass through: phase, conditions, observedGeneration", async () => {
  const status = {
    phase: "Available",
    observedGeneration: 3,
    conditions: [{ type: "Ready", status: "True", reason: "Available", message: "" }],
    address: "db:5432",
  };
  const old = object("v1alpha1", { instanceClass: "small" }, { status });
  const hub = await converter.toHub(structuredClone(old));
  const { address: _address, ...rest } = status;
  assert.deepEqual(hub.status, { ...rest, endpoint: "db:5432" });
  assert.deepEqual(await converter.fromHub(hub), old);
});

test("a hook's result must have the field's type on the other side; null only where it is nullable", () => {
  const withHook = (toHub: (value: unknown) => unknown, nullable = false) =>
    plannedConverter({
      hub: "v1beta1",
      version: "v1alpha1",
      annotation: ANNOTATION,
      plan: {
        copy: [],
        hubOnly: [],
        versionOnly: [],
        hooked: [
          {
            hub: "spec.storageGB",
            version: "spec.storageGB",
            types: { hub: { type: "integer", ...(nullable ? { nullable: true } : {}) } },
          },
        ],
      },
      hooks: { "spec.storageGB": { toHub, fromHub: (value: unknown) => value } },
    });
  const source = object("v1alpha1", { storageGB: "20Gi" });
  const refusals: Array<[(value: unknown) => unknown, RegExp]> = [
    [() => "20", /returned "20" \(string\), not an integer for spec.storageGB/],
    [() => 20.5, /returned 20.5 \(number\), not an integer/],
    [() => undefined, /returned nothing for spec.storageGB/],
    [() => null, /returned null, which the field does not allow/],
    [() => [20], /returned \[20\] \(array\), not an integer/],
  ];
  for (const [hook, message] of refusals)
    assert.throws(() => withHook(hook).toHub(structuredClone(source)), message);
  assert.equal(
    (withHook(() => null, true).toHub(structuredClone(source)) as { spec: JsonObject }).spec
      .storageGB,
    null,
  );
  assert.equal(
    (withHook(() => 20).toHub(structuredClone(source)) as { spec: JsonObject }).spec.storageGB,
    20,
  );
});
