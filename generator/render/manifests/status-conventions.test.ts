// conditionShape and phaseValues: the status schema accepts what other controllers write when the
// spec says so, and the generated contract cases say which writes the server must accept.

import assert from "node:assert/strict";
import { test } from "node:test";
import { parse } from "yaml";
import { loadSpec } from "../../pipeline.ts";
import { renderProject } from "../render-project.ts";

function spec(status: string): string {
  return `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata: { name: widget-operator }
api: { group: widgets.example.com, kind: Widget, versions: [{ name: v1 }] }
spec: { fields: { size: { type: string } } }
status:
${status}`;
}

const PHASES = `  phases:
    - { name: Setting up, initial: true, next: [Cluster in healthy state] }
    - { name: Cluster in healthy state, ready: true, next: [Setting up] }
`;

async function statusOf(status: string) {
  const files = await renderProject(loadSpec(spec(status), "operator.yaml").model);
  const crd = parse(files.get("config/crd/bases/widgets.example.com_widgets.yaml")!.content);
  const schema = crd.spec.versions[0].schema.openAPIV3Schema.properties.status.properties;
  const cases = JSON.parse(files.get("test/contract/cases.json")!.content) as {
    statusCases: Array<{ name: string; status: Record<string, unknown>; expect: unknown }>;
  };
  return { schema, cases: cases.statusCases };
}

test("by default conditions are metav1.Condition and phases an enum; other writers' forms are refused", async () => {
  const { schema, cases } = await statusOf(`${PHASES}  conditions: [{ type: Vendor.Adopted }]\n`);
  assert.deepEqual(schema.conditions.items.required, [
    "lastTransitionTime",
    "message",
    "reason",
    "status",
    "type",
  ]);
  assert.deepEqual(schema.phase.enum, ["Setting up", "Cluster in healthy state"]);
  assert.deepEqual(
    cases.map((c) => [c.name, c.expect === "accepted"]),
    [
      [
        "a condition without lastTransitionTime, reason and message is refused (conditionShape: full)",
        false,
      ],
      ["phase text the table does not list is refused (phaseValues: enum)", false],
    ],
  );
});

test("relaxed conditions require type and status only; open phases take any text", async () => {
  const { schema, cases } = await statusOf(
    `  conditionShape: relaxed\n  phaseValues: open\n${PHASES}`,
  );
  assert.deepEqual(schema.conditions.items.required, ["status", "type"]);
  assert.equal(schema.phase.enum, undefined);
  assert.equal(schema.phase.maxLength, 128);
  assert.deepEqual(
    cases.map((c) => c.expect),
    ["accepted", "accepted"],
  );
  const phaseCase = cases[1]!;
  assert.ok(
    !["Setting up", "Cluster in healthy state"].includes(phaseCase.status.phase as string),
    "the phase case writes text the table does not list",
  );
});

test("open conditions require no member and are an atomic list, as Strimzi and Argo CD write them", async () => {
  const { schema, cases } = await statusOf(`  conditionShape: open\n`);
  assert.equal(schema.conditions.items.required, undefined);
  assert.equal(schema.conditions["x-kubernetes-list-type"], "atomic");
  assert.equal(schema.conditions["x-kubernetes-list-map-keys"], undefined);
  const shape = cases.find((c) => c.name.includes("conditionShape"))!;
  assert.equal(shape.name, "a condition with only a message is stored (conditionShape: open)");
  assert.deepEqual(shape.status.conditions, [{ message: "written by another controller" }]);
  assert.equal(shape.expect, "accepted");
});

test("conditionTypes: enum lists every type the operator writes and refuses others", async () => {
  const { schema, cases } = await statusOf(
    `  conditionTypes: enum\n  conditions: [{ type: Vendor.Adopted }]\n`,
  );
  assert.deepEqual(schema.conditions.items.properties.type.enum, ["Ready", "Vendor.Adopted"]);
  const refused = cases.find((c) => c.name.includes("conditionTypes"))!;
  assert.equal(
    refused.name,
    "a condition type the table does not list is refused (conditionTypes: enum)",
  );
  assert.deepEqual(refused.expect, {
    field: "status.conditions[0].type",
    reason: "FieldValueNotSupported",
    message: "Unsupported value",
  });
});

test("observedGeneration: false leaves status.observedGeneration out of the CRD and its cases, as Argo CD's Application", async () => {
  const { schema, cases } = await statusOf(`  observedGeneration: false\n`);
  assert.equal(schema.observedGeneration, undefined);
  assert.ok(schema.conditions.items.properties.observedGeneration, "the Ready condition keeps it");
  for (const c of cases)
    assert.equal(c.status.observedGeneration, undefined, `${c.name} writes no observedGeneration`);
  const byDefault = await statusOf(`  conditionShape: full\n`);
  assert.equal(byDefault.schema.observedGeneration.type, "integer");
});
