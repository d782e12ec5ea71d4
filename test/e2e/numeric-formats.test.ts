// The generator's local model of numeric formats (field-violations.ts, check-numbers.ts) must be
// the real API server's: this posts boundary values of every numeric format, and bounds outside
// a format's range, to a CRD on a real kube-apiserver and compares each verdict with the local one.

import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { stringify } from "yaml";
import type { FieldModel } from "../../generator/model/types.ts";
import { fieldViolations } from "../../generator/render/manifests/field-violations.ts";
import { field } from "../../generator/render/manifests/testing/fixtures.ts";
import {
  formatRejection,
  serverBound,
} from "../../generator/render/sources/contract-number-probes.ts";
import { REPO_ROOT, tempDir } from "../support.ts";

// The generated projects' own envtest harness, type-checked under templates/tsconfig.json (ES2023
// without DOM); imported by computed path so the root config does not re-check it with DOM's
// conflicting WebCrypto types. Only the members used here are declared.
interface ControlPlane {
  server: string;
  admin: {
    getCurrentUser(): { certData?: string; keyData?: string } | null;
    getCurrentCluster(): { caData?: string } | null;
  };
  stop(): Promise<void>;
}
const harness = (file: string) => join(REPO_ROOT, "packages/envtest/src", file);
const { ControlPlane } = (await import(harness("control-plane.ts"))) as {
  ControlPlane: { start(options: { crdDirectory: string }): Promise<ControlPlane> };
};
const { sendRequest } = (await import(harness("https-client.ts"))) as {
  sendRequest(
    url: URL,
    options: import("node:https").RequestOptions,
    payload: string,
    what: string,
  ): Promise<{ status: number; body: string }>;
};

const FIELDS: Record<string, FieldModel> = {
  i32: field("i32", "integer", { format: "int32" }),
  i64: field("i64", "integer", { format: "int64" }),
  int: field("int", "integer"),
  float: field("float", "number", { format: "float" }),
  double: field("double", "number", { format: "double" }),
};

/** Bounds the generator refuses (SEM123, SEM124), because the server then rejects every value. */
const BOUNDED: Record<string, object> = {
  million: { type: "integer", minimum: -1_000_000, maximum: 1_000_000 },
  small: { type: "number", minimum: 0.00001, maximum: 1234567.5 },
  wide: { type: "number", maximum: 1_000_000 },
};

const REFUSED_BOUNDS: Record<string, object> = {
  wideI32: { type: "integer", format: "int32", maximum: 3_000_000_000 },
  lowI32: { type: "integer", format: "int32", minimum: -3_000_000_000 },
  wideFloat: { type: "number", format: "float", maximum: 1e39 },
  fractionMax: { type: "integer", maximum: 2.5 },
};

const VALUES: Record<string, number[]> = {
  i32: [2 ** 31 - 1, 2 ** 31, -(2 ** 31), -(2 ** 31) - 1, 0],
  i64: [Number.MAX_SAFE_INTEGER, 2 ** 63 - 1024, 2 ** 63, -(2 ** 63), -(2 ** 63) - 2048],
  int: [2 ** 63 - 1024, 2 ** 63, -(2 ** 63), -(2 ** 63) - 2048],
  float: [3.4028234663852886e38, 3.5e38, -3.4028234663852886e38, -3.5e38, 1e-50],
  double: [1.7976931348623157e308, -1.7976931348623157e308, 5e-324],
};

interface Cause {
  field?: string;
  reason: string;
  message: string;
}

let plane: ControlPlane;
let post: (spec: Record<string, unknown>) => Promise<{ status: number; body: string }>;
let sequence = 0;

before(async () => {
  const dir = join(tempDir("numeric-formats"), "crds");
  mkdirSync(dir, { recursive: true });
  const properties: Record<string, object> = { ...REFUSED_BOUNDS, ...BOUNDED };
  for (const [name, f] of Object.entries(FIELDS))
    properties[name] = { type: f.type, ...(f.format ? { format: f.format } : {}) };
  writeFileSync(
    join(dir, "probes.yaml"),
    stringify({
      apiVersion: "apiextensions.k8s.io/v1",
      kind: "CustomResourceDefinition",
      metadata: { name: "probes.bounds.example.com" },
      spec: {
        group: "bounds.example.com",
        scope: "Cluster",
        names: { plural: "probes", singular: "probe", kind: "Probe", listKind: "ProbeList" },
        versions: [
          {
            name: "v1",
            served: true,
            storage: true,
            schema: {
              openAPIV3Schema: {
                type: "object",
                properties: { spec: { type: "object", properties } },
              },
            },
          },
        ],
      },
    }),
  );
  plane = await ControlPlane.start({ crdDirectory: dir });
  const user = plane.admin.getCurrentUser()!;
  const cluster = plane.admin.getCurrentCluster()!;
  const pem = (b64: string | undefined) => Buffer.from(b64 ?? "", "base64").toString();
  post = (spec) =>
    sendRequest(
      new URL("/apis/bounds.example.com/v1/probes", plane.server),
      {
        method: "POST",
        ca: pem(cluster.caData),
        cert: pem(user.certData),
        key: pem(user.keyData),
        headers: { "content-type": "application/json" },
        agent: false,
        timeout: 10_000,
      },
      JSON.stringify({
        apiVersion: "bounds.example.com/v1",
        kind: "Probe",
        metadata: { name: `probe-${++sequence}` },
        spec,
      }),
      "POST probe",
    );
});

after(() => plane?.stop());

test("the server accepts exactly the numbers the generator's model accepts, at and beyond each format's range", async () => {
  const disagreements: string[] = [];
  for (const [name, values] of Object.entries(VALUES)) {
    for (const value of values) {
      const response = await post({ [name]: value });
      assert.ok([201, 422].includes(response.status), response.body);
      const serverAccepts = response.status === 201;
      const localAccepts = fieldViolations(FIELDS[name]!, value).length === 0;
      if (!serverAccepts) {
        // The contract tests expect this cause for every value outside the format's range.
        const expected = formatRejection(FIELDS[name]!, `spec.${name}`);
        const causes = (JSON.parse(response.body) as { details: { causes: Cause[] } }).details
          .causes;
        if (
          !causes.some(
            (c) =>
              c.field === expected.field &&
              c.reason === expected.reason &&
              c.message.includes(expected.message),
          )
        )
          disagreements.push(`${name} = ${value}: no cause ${JSON.stringify(expected)}`);
      }
      if (serverAccepts !== localAccepts)
        disagreements.push(
          `${name} = ${JSON.stringify(value)}: server ${serverAccepts ? "accepts" : `rejects (${response.body})`}, generator ${localAccepts ? "accepts" : "rejects"}`,
        );
    }
  }
  assert.deepEqual(disagreements, []);
});

test("a rejected out-of-range integer names the format and the path, without a field", async () => {
  const response = await post({ i32: 2 ** 31 });
  assert.equal(response.status, 422);
  const causes = (JSON.parse(response.body) as { details: { causes: object[] } }).details.causes;
  assert.deepEqual(causes, [
    {
      field: "<nil>",
      reason: "FieldValueInvalid",
      message:
        'Invalid value: "": Checked value must be of type integer with format int32 in spec.i32',
    },
  ]);
});

test("a bound outside the format's range, or a fractional integer bound, makes every value invalid", async () => {
  for (const [name, value] of [
    ["wideI32", 1],
    ["lowI32", 1],
    ["wideFloat", 1],
    ["fractionMax", 1],
  ] as const) {
    const response = await post({ [name]: value });
    assert.equal(response.status, 422, `${name}: ${response.body}`);
  }
});

test("bounds are written in the server's messages as the contract tests expect them", async () => {
  const disagreements: string[] = [];
  for (const [name, bound, value, words] of [
    ["million", 1_000_000, 1_000_001, "less than or equal to"],
    ["million", -1_000_000, -1_000_001, "greater than or equal to"],
    ["small", 0.00001, 0.000001, "greater than or equal to"],
    ["small", 1234567.5, 1234568.5, "less than or equal to"],
    ["wide", 1_000_000, 1_000_000.5, "less than or equal to"],
    ["wide", 1_000_000, 1_000_001, "less than or equal to"],
  ] as const) {
    const response = await post({ [name]: value });
    const message = (JSON.parse(response.body) as { details: { causes: Cause[] } }).details
      .causes[0]!.message;
    const expected = `${words} ${serverBound(bound, value)}`;
    if (!message.endsWith(expected)) disagreements.push(`${message} (expected "${expected}")`);
  }
  assert.deepEqual(disagreements, []);
});
