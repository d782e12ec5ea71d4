// Property: the informer cache's compaction (templates/project/src/runtime/cache-shape.ts) never
// changes a value. stripForCache drops exactly managedFields and kubectl's last-applied
// annotation; shareStrings, over any pair of JSON documents, leaves both deep-equal to what they
// were. And the point of rebuilding metadata instead of deleting from it: V8 keeps the stripped
// metadata in its compact form (checked with --allow-natives-syntax in a child process).

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import fc from "fast-check";
import { shareStrings, stripForCache } from "../../packages/runtime/src/cache-shape.ts";

const SEED = Number(process.env.PROPERTY_SEED ?? 20261202);
const LAST_APPLIED = "kubectl.kubernetes.io/last-applied-configuration";
const MODULE = new URL("../../packages/runtime/src/cache-shape.ts", import.meta.url);

const label = fc.stringMatching(/^[a-z][a-z0-9.\/-]{0,20}$/);
const metadata = fc.record(
  {
    name: fc.string(),
    namespace: fc.string(),
    uid: fc.uuid(),
    resourceVersion: fc.nat().map(String),
    labels: fc.dictionary(label, fc.string()),
    annotations: fc.dictionary(fc.oneof(label, fc.constant(LAST_APPLIED)), fc.string()),
    finalizers: fc.array(fc.string()),
    managedFields: fc.array(
      fc.record({ manager: fc.string(), operation: fc.constantFrom("Apply", "Update") }),
    ),
  },
  { requiredKeys: ["name"] },
);
/** As the informer gets it: parsed from JSON (plain prototypes, "__proto__" an own key). */
const parsed = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T> =>
  arbitrary.map((value) => JSON.parse(JSON.stringify(value)) as T);
const object = parsed(
  fc.record({
    apiVersion: fc.constantFrom("v1", "db.example.com/v1alpha1"),
    kind: fc.constantFrom("Secret", "Database"),
    metadata,
    spec: fc.jsonValue(),
    status: fc.jsonValue(),
  }),
);

test("stripForCache drops managedFields and last-applied-configuration, and nothing else", () => {
  fc.assert(
    fc.property(object, (obj) => {
      const expected = structuredClone(obj) as typeof obj;
      delete expected.metadata.managedFields;
      if (expected.metadata.annotations?.[LAST_APPLIED] !== undefined) {
        delete expected.metadata.annotations[LAST_APPLIED];
        if (Object.keys(expected.metadata.annotations).length === 0)
          delete expected.metadata.annotations;
      }
      assert.deepEqual(stripForCache(obj), expected);
    }),
    { seed: SEED, numRuns: 300 },
  );
});

test("shareStrings changes neither document's values, whatever their shapes", () => {
  fc.assert(
    fc.property(parsed(fc.jsonValue()), parsed(fc.jsonValue()), (target, like) => {
      const before = structuredClone(target);
      const likeBefore = structuredClone(like);
      shareStrings(target, like);
      assert.deepEqual(target, before);
      assert.deepEqual(like, likeBefore);
    }),
    { seed: SEED, numRuns: 500 },
  );
});

test("shareStrings over two cached objects of one kind: every equal value, nothing else", () => {
  fc.assert(
    fc.property(object, object, (a, b) => {
      const target = stripForCache(a);
      const like = stripForCache(b);
      const before = structuredClone(target);
      shareStrings(target, like);
      assert.deepEqual(target, before);
    }),
    { seed: SEED, numRuns: 300 },
  );
});

test("stripped metadata stays in V8's compact form (a delete would make it a hash table)", () => {
  const code = `
    const { stripForCache } = await import(${JSON.stringify(MODULE.href)});
    const body = JSON.stringify({
      apiVersion: "v1", kind: "Secret",
      metadata: {
        name: "a", namespace: "ns", uid: "u", resourceVersion: "1",
        annotations: { keep: "x", ${JSON.stringify(LAST_APPLIED)}: "{}" },
        managedFields: [{ manager: "m" }],
      },
    });
    const obj = stripForCache(JSON.parse(body));
    console.log(JSON.stringify({
      metadata: %HasFastProperties(obj.metadata),
      annotations: %HasFastProperties(obj.metadata.annotations),
    }));`;
  const run = spawnSync(
    process.execPath,
    ["--allow-natives-syntax", "--input-type=module", "-e", code],
    { encoding: "utf8" },
  );
  assert.equal(run.status, 0, run.stderr);
  assert.deepEqual(JSON.parse(run.stdout), { metadata: true, annotations: true });
});
