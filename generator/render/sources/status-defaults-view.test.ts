// The status defaults the reconciler applies before comparing: exactly the defaults the CRD's
// status schema carries, at any depth, and nothing when it has none.

import assert from "node:assert/strict";
import { test } from "node:test";
import { loadSpec } from "../../pipeline.ts";
import { defaultsOf, statusDefaultsView } from "./status-defaults-view.ts";

const HEAD = `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata: { name: probe-operator }
api: { group: probes.example.com, kind: Probe, versions: [{ name: v1 }] }
spec: { fields: { size: { type: string, maxLength: 8 } } }
`;

test("a status without defaults renders none: the reconciler compares the status as computed", () => {
  const model = loadSpec(`${HEAD}status:\n  fields: { url: { type: string } }\n`, "x.yaml").model;
  assert.deepEqual(statusDefaultsView(model), { statusDefaults: "" });
});

test("defaults at every depth are found: fields, nested objects, list items, map values", () => {
  const model = loadSpec(
    `${HEAD}status:
  fields:
    state: { type: string, default: Pending }
    endpoint:
      type: object
      fields: { port: { type: integer, default: 443 }, host: { type: string } }
    listeners:
      type: array
      items: { type: object, fields: { protocol: { type: string, default: TCP } } }
    zones:
      type: map
      values: { type: object, fields: { weight: { type: integer, default: 1 } } }
`,
    "x.yaml",
  ).model;
  assert.equal(
    statusDefaultsView(model).statusDefaults,
    '{ properties: { state: { default: "Pending" }, endpoint: { properties: { port: { default: 443 } } }, listeners: { items: { properties: { protocol: { default: "TCP" } } } }, zones: { values: { properties: { weight: { default: 1 } } } } } }',
  );
});

test("defaultsOf keeps nullable beside a default, and drops branches without one", () => {
  assert.deepEqual(
    defaultsOf({
      type: "object",
      properties: {
        note: { type: "string", nullable: true, default: "none" },
        plain: { type: "object", properties: { a: { type: "string" } } },
      },
    }),
    { properties: { note: { default: "none", nullable: true } } },
  );
  assert.equal(defaultsOf({ type: "string" }), undefined);
});
