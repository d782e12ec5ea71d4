// `immutable: true` and `immutable: { message, since }`: the CRD's rules carry the API's own
// message, and `since: creation` also refuses adding an optional field after creation.

import assert from "node:assert/strict";
import { test } from "node:test";
import { parse } from "yaml";
import { loadSpec } from "../../pipeline.ts";
import { renderProject } from "../render-project.ts";

async function render(immutable: string) {
  const source = `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata: { name: widget-operator }
api: { group: widgets.example.com, kind: Widget, versions: [{ name: v1 }] }
spec:
  fields:
    zone: { type: string, maxLength: 20, immutable: ${immutable} }
status: {}
`;
  const files = await renderProject(loadSpec(source, "operator.yaml").model);
  const crd = parse(files.get("config/crd/bases/widgets.example.com_widgets.yaml")!.content);
  const spec = crd.spec.versions[0].schema.openAPIV3Schema.properties.spec;
  const cases = JSON.parse(files.get("test/contract/cases.json")!.content) as {
    transitionCases: Array<{ name: string; expect: unknown }>;
  };
  return {
    fieldRules: spec.properties.zone["x-kubernetes-validations"],
    parentRules: spec["x-kubernetes-validations"],
    cases: cases.transitionCases.map((c) => [c.name, c.expect === "accepted"]),
  };
}

test("immutable: true is immutable once set, with the generator's messages", async () => {
  const { fieldRules, parentRules, cases } = await render("true");
  assert.deepEqual(fieldRules, [{ rule: "self == oldSelf", message: "zone is immutable" }]);
  assert.deepEqual(parentRules, [
    {
      rule: "!has(oldSelf.zone) || has(self.zone)",
      message: "zone is immutable and cannot be removed once set",
    },
  ]);
  assert.ok(
    cases.some(([name, ok]) => /setting .* after creation is accepted/.test(String(name)) && ok),
  );
});

test("immutable: { message } puts the API's own message on both rules", async () => {
  const { fieldRules, parentRules } = await render("{ message: Value is immutable once set }");
  assert.equal(fieldRules[0].message, "Value is immutable once set");
  assert.equal(parentRules[0].message, "Value is immutable once set");
});

test("immutable: { since: creation } also refuses setting the field after creation", async () => {
  const { parentRules, cases } = await render("{ since: creation }");
  assert.deepEqual(parentRules, [
    {
      rule: "has(self.zone) == has(oldSelf.zone)",
      message: "zone is immutable and can only be set when the object is created",
    },
  ]);
  assert.ok(
    cases.some(([name, ok]) => /setting .* after creation is rejected/.test(String(name)) && !ok),
  );
});
