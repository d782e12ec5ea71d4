// The API server's structural defaulting, as the runtime mirrors it to compare a computed status
// with the stored one. The real server is the oracle in e2e/schema-defaults.test.ts; these pin the
// rules one at a time.

import assert from "node:assert/strict";
import { test } from "node:test";
import { type SchemaDefaults, withSchemaDefaults } from "../src/schema-defaults.ts";

const SCHEMA: SchemaDefaults = {
  properties: {
    state: { default: "Pending" },
    note: { default: "none", nullable: true },
    endpoint: {
      properties: { port: { default: 443 }, host: {} },
    },
    tls: {
      default: { enabled: true },
      properties: { enabled: {}, minVersion: { default: "1.2" } },
    },
    listeners: { items: { properties: { protocol: { default: "TCP" } } } },
    zones: { values: { properties: { weight: { default: 1 } } } },
  },
};

type Status = Record<string, unknown>;
const defaulted = (value: Status): Status => withSchemaDefaults(SCHEMA, value);

test("an absent property takes its default; a present one keeps its value", () => {
  assert.deepEqual(defaulted({}), {
    state: "Pending",
    note: "none",
    tls: { enabled: true, minVersion: "1.2" },
  });
  assert.deepEqual(defaulted({ state: "Ready" }).state, "Ready");
});

test("a default is defaulted in turn: an object default gains its members' defaults", () => {
  assert.deepEqual(defaulted({}).tls, { enabled: true, minVersion: "1.2" });
});

test("null takes the default unless the field is nullable", () => {
  const out = defaulted({ state: null, note: null });
  assert.equal(out.state, "Pending");
  assert.equal(out.note, null);
});

test("nested objects, array items and map values are defaulted", () => {
  const out = defaulted({
    endpoint: { host: "db" },
    listeners: [{ name: "a" }, { name: "b", protocol: "UDP" }],
    zones: { eu: {}, us: { weight: 3 } },
  });
  assert.deepEqual(out.endpoint, { host: "db", port: 443 });
  assert.deepEqual(out.listeners, [
    { name: "a", protocol: "TCP" },
    { name: "b", protocol: "UDP" },
  ]);
  assert.deepEqual(out.zones, { eu: { weight: 1 }, us: { weight: 3 } });
});

test("the input is never changed, and defaults are copies", () => {
  const input = { endpoint: { host: "db" } };
  const one = defaulted(input);
  assert.deepEqual(input, { endpoint: { host: "db" } });
  (one.tls as { enabled: boolean }).enabled = false;
  assert.deepEqual(defaulted({}).tls, { enabled: true, minVersion: "1.2" });
});

test("undefined (no status yet) stays undefined", () => {
  assert.equal(withSchemaDefaults(SCHEMA, undefined), undefined);
});
