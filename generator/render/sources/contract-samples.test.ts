import assert from "node:assert/strict";
import { test } from "node:test";
import { loadSpec } from "../../pipeline.ts";
import { buildContractView } from "./contract-view.ts";

const SPEC = `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata:
  name: shop-operator
api:
  group: shop.example.com
  kind: Shop
  versions:
    - name: v1
  scale:
    specReplicasPath: .spec.replicas
    statusReplicasPath: .status.replicas
spec:
  fields:
    version:
      type: string
    replicas:
      type: integer
      minimum: 0
    strategy:
      type: object
      fields:
        type:
          type: string
          required: true
          enum: [OnDelete, RollingUpdate]
        rollingUpdate:
          type: object
          fields:
            maxUnavailable:
              type: integer
      rules:
        - rule: "!(self.type != 'RollingUpdate' && has(self.rollingUpdate))"
          message: rollingUpdate requires type to be RollingUpdate
          examples:
            valid: [{ type: RollingUpdate, rollingUpdate: { maxUnavailable: 1 } }]
            invalid: [{ type: OnDelete, rollingUpdate: { maxUnavailable: 1 } }]
status:
  conditions:
    - type: Ready
  fields:
    replicas:
      type: integer
printerColumns:
  - name: Version
    type: string
    jsonPath: .spec.version
`;

const view = buildContractView(loadSpec(SPEC, "operator.yaml").model);

test("no accepted case holds a value that the enclosing object's rule refuses", () => {
  const cases = JSON.parse(view.schemaCases) as {
    spec: Record<string, any> | null;
    expect: unknown;
  }[];
  const accepted = cases.filter((c) => c.expect === "accepted").map((c) => c.spec?.strategy);
  assert.ok(accepted.some((s) => s?.type === "RollingUpdate"));
  for (const strategy of accepted)
    assert.ok(
      strategy === undefined || strategy.type === "RollingUpdate" || !strategy.rollingUpdate,
      JSON.stringify(strategy),
    );
});

test("printer columns and /scale are tested on a spec that sets the optional fields they read", () => {
  assert.deepEqual(JSON.parse(view.minimalSpec), {});
  const sample = JSON.parse(view.sampleSpec) as Record<string, unknown>;
  assert.equal(typeof sample.version, "string");
  assert.equal(typeof sample.replicas, "number");
  const columns = JSON.parse(view.columns) as { name: string; value?: unknown }[];
  assert.deepEqual(
    columns.find((c) => c.name === "Version"),
    { name: "Version", value: sample.version },
  );
  assert.equal(view.scale?.specReplicas, sample.replicas);
  // Not 0: Scale's JSON leaves a replica count of 0 out.
  assert.equal(sample.replicas, 2);
});
