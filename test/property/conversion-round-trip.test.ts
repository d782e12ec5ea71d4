// Random multi-version specs (fields added, removed, renamed, moved out of an object across two or
// three versions) through the real pipeline (check, then the model's conversion plan), and the
// runtime's plannedConverter built from each plan: every version's objects round-trip through the
// hub and every hub object through every version, fields a version cannot hold included.

import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { stringify } from "yaml";
import { checkSpec } from "../../generator/check/check-spec.ts";
import { placeFields } from "../../generator/base/field-evolution.ts";
import { buildModel } from "../../generator/model/build-model.ts";
import { parseSpec } from "../../generator/parse/parse-spec.ts";
import type { JsonObject } from "../../packages/runtime/src/conversion/converters.ts";
import { plannedConverter } from "../../packages/runtime/src/conversion/planned-converter.ts";

type Evolution = "none" | "added" | "removed" | "renamed" | "movedOut";
const NAMES = ["size", "engine", "replicas", "region", "tier", "window", "zone", "owner"];

interface Generated {
  versions: string[];
  fields: Array<{ name: string; evolution: Evolution }>;
}

const specArb: fc.Arbitrary<Generated> = fc.record({
  versions: fc.constantFrom(["v1alpha1", "v1beta1"], ["v1alpha1", "v1beta1", "v1"]),
  fields: fc.uniqueArray(
    fc.record({
      name: fc.constantFrom(...NAMES),
      evolution: fc.constantFrom<Evolution>("none", "added", "removed", "renamed", "movedOut"),
    }),
    { minLength: 1, maxLength: 6, selector: (f) => f.name },
  ),
});

/** operator.yaml for the generated case; the storage version is the newest. */
function specSource({ versions, fields }: Generated): string {
  const [oldest, second] = versions as [string, string];
  const newest = versions.at(-1)!;
  const top: Record<string, unknown> = {};
  const nested: Record<string, unknown> = {};
  for (const { name, evolution } of fields) {
    const def: Record<string, unknown> = { type: "string" };
    if (evolution === "added") def.versions = { added: second };
    if (evolution === "removed") def.versions = { removed: newest };
    if (evolution === "renamed") def.versions = { renamed: { [oldest]: `${name}Old` } };
    if (evolution === "movedOut")
      nested[name] = { ...def, versions: { renamed: { [oldest]: `${name}Flat` } } };
    else top[name] = def;
  }
  if (Object.keys(nested).length > 0) top.settings = { type: "object", fields: nested };
  return stringify({
    apiVersion: "create-operator.dev/v1alpha1",
    kind: "OperatorSpec",
    metadata: { name: "shop-operator" },
    api: {
      group: "shop.example.com",
      kind: "Shop",
      versions: versions.map((name) => (name === newest ? { name, storage: true } : { name })),
    },
    spec: { fields: top },
    status: { conditions: [{ type: "Ready" }] },
  });
}

/** What the API server can hold: JSON as it parses (no -0, which JSON writes as 0). */
const jsonValue = fc
  .jsonValue({ maxDepth: 1 })
  .map((value) => JSON.parse(JSON.stringify(value)) as unknown);

/** A random object of `version`: each field of the version present or not, any JSON value. */
function objectArb(source: Generated, version: string, data: unknown): fc.Arbitrary<JsonObject> {
  const fields = placeFields((data as { spec: { fields: unknown } }).spec.fields, version);
  const leaves = fields.filter((f) => !f.hasChildren);
  const objects = fields.filter((f) => f.hasChildren).map((f) => f.path.join("."));
  return fc
    .record({
      values: fc.tuple(...leaves.map(() => fc.option(jsonValue, { nil: undefined }))),
      parents: fc.tuple(...objects.map(() => fc.boolean())),
    })
    .map(({ values, parents }) => {
      const spec: JsonObject = {};
      objects.forEach((path, i) => {
        if (parents[i]) spec[path] = {};
      });
      leaves.forEach((field, i) => {
        const value = values[i];
        if (value === undefined || value === null) return;
        const [head, ...rest] = field.path;
        if (rest.length === 0) spec[head!] = value;
        else if (spec[head!] !== undefined) (spec[head!] as JsonObject)[rest.join(".")] = value;
      });
      return {
        apiVersion: `shop.example.com/${version}`,
        kind: "Shop",
        metadata: { name: "a", namespace: "n", uid: "u" },
        spec,
      };
    });
}

test("every random multi-version spec's converters round-trip both ways (fixed seed)", () => {
  let pairs = 0;
  fc.assert(
    fc.property(specArb, fc.integer(), (generated, salt) => {
      const source = specSource(generated);
      const parsed = parseSpec(source, "operator.yaml");
      assert.ok(parsed.ok);
      const errors = checkSpec(parsed.spec).filter((d) => d.severity === "error");
      assert.deepEqual(
        errors.map((d) => `${d.code} ${d.message}`),
        [],
        source,
      );
      const model = buildModel(parsed.spec.data, source);
      const conversion = model.conversion!;
      for (const spoke of conversion.spokes) {
        pairs++;
        const converter = plannedConverter({
          hub: conversion.hub,
          version: spoke.version,
          annotation: conversion.annotation,
          plan: spoke,
        });
        const seed = { seed: salt, numRuns: 20 };
        fc.assert(
          fc.property(objectArb(generated, conversion.hub, parsed.spec.data), (hub) => {
            const back = converter.toHub(converter.fromHub(structuredClone(hub)) as JsonObject);
            assert.deepEqual(back, hub);
          }),
          seed,
        );
        fc.assert(
          fc.property(objectArb(generated, spoke.version, parsed.spec.data), (old) => {
            const back = converter.fromHub(converter.toHub(structuredClone(old)) as JsonObject);
            assert.deepEqual(back, old);
          }),
          seed,
        );
      }
    }),
    { seed: 20261205, numRuns: 150 },
  );
  process.stdout.write(`# ${pairs} version pairs, 40 objects each\n`);
});
