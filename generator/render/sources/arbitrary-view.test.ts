// The arbitraries the generated round-trip test draws objects from: evaluated as the generated
// file would evaluate them, every value they make must be one the field's schema admits, and
// every optional or nullable shape must turn up.

import assert from "node:assert/strict";
import { isIP } from "node:net";
import { test } from "node:test";
import fc from "fast-check";
import { loadSpec } from "../../pipeline.ts";
import { recordArbitrary } from "./arbitrary-view.ts";

const SPEC = `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata: { name: probe-operator }
api: { group: probes.example.com, kind: Probe, versions: [{ name: v1 }] }
spec:
  fields:
    name: { type: string, required: true, minLength: 2, maxLength: 5 }
    window: { type: string, pattern: "^[a-z]{1,9}$", maxLength: 4 }
    address: { type: string, format: ipv4 }
    network: { type: string, format: cidr, maxLength: 43 }
    endpoint: { type: string, format: uri }
    tier: { type: string, enum: [small, large] }
    replicas: { type: integer, minimum: 1, maximum: 3 }
    ratio: { type: number, minimum: 0, maximum: 1 }
    note: { type: string, nullable: true, maxLength: 3 }
    zones: { type: array, listType: set, minItems: 5, maxItems: 9, items: { type: integer } }
    labels: { type: map, maxProperties: 2, values: { type: boolean } }
    hosts: { type: array, listType: map, listMapKeys: [host], maxItems: 4, items: { type: object, fields: { host: { type: string, required: true, enum: [a, b, c] } } } }
    backup: { type: object, fields: { days: { type: integer, required: true, minimum: 0, maximum: 7 } } }
`;

const { model } = loadSpec(SPEC, "operator.yaml");
const arbitrary = new Function("fc", `return ${recordArbitrary(model.spec.fields)};`)(
  fc,
) as fc.Arbitrary<Record<string, any>>;
const samples = fc.sample(arbitrary, { seed: 19, numRuns: 300 });

test("every value the arbitraries make fits its field's schema", () => {
  for (const spec of samples) {
    const text = JSON.stringify(spec);
    assert.ok(spec.name.length >= 2 && spec.name.length <= 5, text);
    if ("window" in spec) assert.match(spec.window, /^[a-z]{1,4}$/, text);
    if ("address" in spec) assert.match(spec.address, /^\d+\.\d+\.\d+\.\d+$/, text);
    if ("network" in spec) assert.ok(isCidr(spec.network), text);
    if ("endpoint" in spec) assert.ok(isUri(spec.endpoint), text);
    if ("tier" in spec) assert.ok(["small", "large"].includes(spec.tier), text);
    if ("replicas" in spec) assert.ok([1, 2, 3].includes(spec.replicas), text);
    if ("ratio" in spec) assert.ok(spec.ratio >= 0 && spec.ratio <= 1, text);
    if ("note" in spec) assert.ok(spec.note === null || spec.note.length <= 3, text);
    if ("zones" in spec) {
      // minItems above the usual cap of 3 wins: a shorter list would not fit the schema.
      assert.equal(spec.zones.length, 5, text);
      assert.equal(new Set(spec.zones).size, 5, text);
    }
    if ("labels" in spec) assert.ok(Object.keys(spec.labels).length <= 2, text);
    // listType: map items are unique by their keys, as the API server requires.
    if ("hosts" in spec)
      assert.equal(
        new Set(spec.hosts.map((h: { host: string }) => h.host)).size,
        spec.hosts.length,
        text,
      );
    if ("backup" in spec) assert.ok(Number.isInteger(spec.backup.days), text);
  }
});

test("optional fields are sometimes absent, nullable ones sometimes null", () => {
  assert.ok(samples.some((spec) => !("window" in spec)));
  assert.ok(samples.some((spec) => "window" in spec));
  assert.ok(samples.some((spec) => spec.note === null));
  assert.ok(samples.some((spec) => typeof spec.note === "string"));
});

test("cidr and uri values vary over both families and over schemes", () => {
  const networks = samples.flatMap((spec) => (spec.network ? [spec.network as string] : []));
  assert.ok(networks.some((cidr) => isIP(cidr.split("/")[0]!) === 4));
  assert.ok(networks.some((cidr) => isIP(cidr.split("/")[0]!) === 6));
  const endpoints = samples.flatMap((spec) => (spec.endpoint ? [spec.endpoint as string] : []));
  assert.ok(new Set(endpoints.map((uri) => new URL(uri).protocol)).size > 1);
});

/** Go's net.ParseCIDR, which the API server's `cidr` format applies: an address, a prefix in range. */
function isCidr(text: string): boolean {
  const [address = "", prefix = "", ...rest] = text.split("/");
  const family = isIP(address);
  return (
    family !== 0 &&
    rest.length === 0 &&
    /^\d+$/.test(prefix) &&
    Number(prefix) <= (family === 4 ? 32 : 128)
  );
}

/** Go's url.ParseRequestURI, which the API server's `uri` format applies, on an absolute URL. */
function isUri(text: string): boolean {
  try {
    return new URL(text).protocol.length > 1;
  } catch {
    return false;
  }
}
