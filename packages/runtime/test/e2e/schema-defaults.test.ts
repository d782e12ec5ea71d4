// The runtime's copy of the API server's defaulting, held against the API server itself: random
// statuses (fast-check, fixed seed) are written through the status subresource of a CRD whose
// status schema has defaults at every depth, and the stored status must be exactly what
// withSchemaDefaults computes. If they differed, a controller comparing its computed status with
// the stored one would write on every pass and never settle.

import assert from "node:assert/strict";
import { test } from "node:test";
import {
  ApiextensionsV1Api,
  CustomObjectsApi,
  type V1JSONSchemaProps,
} from "@kubernetes/client-node";
import { pollUntil, sharedControlPlane } from "@create-operator/envtest";
import fc from "fast-check";
import { type SchemaDefaults, withSchemaDefaults } from "../../src/schema-defaults.ts";

const plane = await sharedControlPlane({ crdDirectory: null });
const extensions = plane.admin.makeApiClient(ApiextensionsV1Api);
const custom = plane.admin.makeApiClient(CustomObjectsApi);
const GROUP = "defaults.runtime.test";

// client-node's model spells the schema's `default` keyword `_default` (a reserved word in its
// generator); a plain `default` would be dropped from the request. Below `items` and
// `additionalProperties` (typed `any` there, sent as they are) it is `default` again.
const STATUS: V1JSONSchemaProps = {
  type: "object",
  properties: {
    state: { type: "string", _default: "Pending" },
    note: { type: "string", nullable: true, _default: "none" },
    count: { type: "integer" },
    endpoint: {
      type: "object",
      properties: { host: { type: "string" }, port: { type: "integer", _default: 443 } },
    },
    tls: {
      type: "object",
      _default: { enabled: true },
      properties: {
        enabled: { type: "boolean" },
        minVersion: { type: "string", _default: "1.2" },
      },
    },
    listeners: {
      type: "array",
      items: {
        type: "object",
        properties: { name: { type: "string" }, protocol: { type: "string", default: "TCP" } },
      },
    },
    zones: {
      type: "object",
      additionalProperties: {
        type: "object",
        properties: { weight: { type: "integer", default: 1 } },
      },
    },
  },
};

/** The same schema as the runtime reads it: what the generator emits for a CRD's status. */
const DEFAULTS: SchemaDefaults = {
  properties: {
    state: { default: "Pending" },
    note: { default: "none", nullable: true },
    endpoint: { properties: { port: { default: 443 } } },
    tls: { default: { enabled: true }, properties: { minVersion: { default: "1.2" } } },
    listeners: { items: { properties: { protocol: { default: "TCP" } } } },
    zones: { values: { properties: { weight: { default: 1 } } } },
  },
};

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const statusArb = fc.record(
  {
    state: maybe(fc.constantFrom("Ready", "Failed")),
    note: fc.option(fc.constantFrom("hello"), { nil: null }),
    count: maybe(fc.integer({ min: 0, max: 9 })),
    endpoint: maybe(
      fc.record({ host: maybe(fc.constantFrom("db")), port: maybe(fc.constantFrom(5432)) }),
    ),
    tls: maybe(
      fc.record({ enabled: maybe(fc.boolean()), minVersion: maybe(fc.constantFrom("1.3")) }),
    ),
    listeners: maybe(
      fc.array(
        fc.record({
          name: maybe(fc.constantFrom("a", "b")),
          protocol: maybe(fc.constantFrom("UDP")),
        }),
        { maxLength: 3 },
      ),
    ),
    zones: maybe(
      fc.dictionary(
        fc.constantFrom("eu", "us"),
        fc.record({ weight: maybe(fc.integer({ min: 2, max: 5 })) }),
        { maxKeys: 2 },
      ),
    ),
  },
  { requiredKeys: [] },
);

/** JSON as sent: undefined members are left out, as the client serializes them. */
const asSent = (value: unknown) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

test("the stored status equals withSchemaDefaults of the status written, for 60 random statuses", async () => {
  await extensions.createCustomResourceDefinition({
    body: {
      apiVersion: "apiextensions.k8s.io/v1",
      kind: "CustomResourceDefinition",
      metadata: { name: `gadgets.${GROUP}` },
      spec: {
        group: GROUP,
        scope: "Namespaced",
        names: { plural: "gadgets", singular: "gadget", kind: "Gadget", listKind: "GadgetList" },
        versions: [
          {
            name: "v1",
            served: true,
            storage: true,
            subresources: { status: {} },
            schema: {
              openAPIV3Schema: {
                type: "object",
                properties: { spec: { type: "object" }, status: STATUS },
              },
            },
          },
        ],
      },
    },
  });
  await pollUntil(
    Date.now() + 10_000,
    50,
    async () =>
      await custom
        .listNamespacedCustomObject({
          group: GROUP,
          version: "v1",
          namespace: "default",
          plural: "gadgets",
        })
        .then(() => true)
        .catch(() => undefined),
    () => "the Gadget CRD was never served",
  );
  const namespace = await plane.createNamespace("schema-defaults");
  const object = { group: GROUP, version: "v1", namespace, plural: "gadgets" };
  let n = 0;
  await fc.assert(
    fc.asyncProperty(statusArb, async (status) => {
      const name = `g-${n++}`;
      const created = (await custom.createNamespacedCustomObject({
        ...object,
        body: { apiVersion: `${GROUP}/v1`, kind: "Gadget", metadata: { name }, spec: {} },
      })) as Record<string, unknown>;
      const sent = asSent(status);
      const stored = (await custom.replaceNamespacedCustomObjectStatus({
        ...object,
        name,
        body: { ...created, status: sent },
      })) as { status?: unknown };
      assert.deepEqual(
        stored.status,
        withSchemaDefaults(DEFAULTS, sent),
        `${JSON.stringify(sent)} stored as ${JSON.stringify(stored.status)}`,
      );
    }),
    { seed: 20261205, numRuns: 60 },
  );
});
