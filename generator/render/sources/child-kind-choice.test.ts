// children[].kinds + kindField rendered: desiredChildren() builds the kind the object's field
// chooses (absent: the field's default) with that kind's own builder, every kind is watched, the
// kinds are pruned (a kind no longer chosen is deleted), RBAC grants each kind the same verbs, and
// the generated suite gets its fixture and test file.

import assert from "node:assert/strict";
import { test } from "node:test";
import { checkSpec } from "../../check/check-spec.ts";
import { buildModel } from "../../model/build-model.ts";
import { parseSpec } from "../../parse/parse-spec.ts";
import { renderManifests } from "../manifests/index.ts";
import { documentsOf, fileAt } from "../manifests/testing/fixtures.ts";
import { childKindChoiceFixture } from "./child-kind-choice-fixture.ts";
import { renderSources } from "./index.ts";
import { testFixture } from "./test-fixture.ts";

const SPEC = `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata:
  name: shop-operator
api:
  group: shop.example.com
  kind: Shop
  versions:
    - name: v1
spec:
  fields:
    workload:
      type: object
      default: {}
      fields:
        kind:
          type: string
          enum: [Deployment, StatefulSet]
          default: StatefulSet
status:
  conditions:
    - type: Ready
children:
  - kindField: workload.kind
    kinds:
      - apiVersion: apps/v1
        kind: Deployment
      - apiVersion: apps/v1
        kind: StatefulSet
    id: pods
    name: "{metadata.name}-pods"
  - apiVersion: v1
    kind: Service
`;

function render() {
  const parsed = parseSpec(SPEC, "operator.yaml");
  assert.ok(parsed.ok);
  assert.deepEqual(checkSpec(parsed.spec), []);
  const model = buildModel(parsed.spec.data, SPEC);
  return { model, files: renderSources(model).rendered };
}

const at = (files: Array<{ path: string; content: string }>, path: string) =>
  files.find((f) => f.path === path)?.content ?? assert.fail(`no ${path}`);

test("the model has one child per kind, each chosen by the field's value", () => {
  const { model } = render();
  assert.deepEqual(
    model.children.map((c) => [c.kind, c.fileName, c.chosenBy?.kind ?? null]),
    [
      ["Deployment", "pods-deployment", "Deployment"],
      ["StatefulSet", "pods-stateful-set", "StatefulSet"],
      ["Service", "service", null],
    ],
  );
});

test("desiredChildren() builds the chosen kind with its own builder; every kind watched and pruned", () => {
  const { files } = render();
  const index = at(files, "src/children/index.ts");
  assert.match(
    index,
    /\(obj\.spec\?\.workload\?\.kind \?\? "StatefulSet"\) === "Deployment"\s*\? podsDeploymentInstances\(obj\)\.map\(\(instance\) => desiredPodsDeployment\(obj, instance\)\)/,
  );
  assert.match(
    index,
    /\(obj\.spec\?\.workload\?\.kind \?\? "StatefulSet"\) === "StatefulSet"\s*\? podsStatefulSetInstances\(obj\)\.map\(\(instance\) => desiredPodsStatefulSet\(obj, instance\)\)/,
  );
  const kinds = (section: string) =>
    [
      ...index
        .slice(index.indexOf(section))
        .split("];")[0]!
        .matchAll(/kind: "(\w+)"/g),
    ].map((m) => m[1]);
  assert.deepEqual(kinds("export const OWNED_KINDS"), ["Deployment", "StatefulSet", "Service"]);
  assert.deepEqual(kinds("export const PRUNED_KINDS"), ["Deployment", "StatefulSet"]);
  // Each builder is typed for its kind.
  assert.match(at(files, "src/children/pods-deployment.ts"), /V1Deployment/);
  assert.match(at(files, "src/children/pods-stateful-set.ts"), /V1StatefulSet/);
});

test("RBAC: every kind the field may choose gets the same verbs, delete included", () => {
  const { model } = render();
  const role = fileAt(renderManifests(model), "config/rbac/role.yaml");
  const rules = documentsOf(role).flatMap((d) => d.rules ?? []);
  const verbsOf = (resource: string) =>
    rules
      .filter((r: any) => (r.resources as string[]).includes(resource))
      .flatMap((r: any) => r.verbs as string[])
      .sort();
  const all = ["create", "delete", "get", "list", "patch", "watch"];
  assert.deepEqual(verbsOf("deployments"), all);
  assert.deepEqual(verbsOf("statefulsets"), all);
  assert.deepEqual(verbsOf("services"), ["create", "get", "list", "patch", "watch"]);
});

test("the suites: the sample has the default kind's child only; the kind-choice fixture and test", () => {
  const { model, files } = render();
  const fixture = testFixture(model);
  assert.equal(fixture.childCount, 2, "the StatefulSet (the default) and the Service");
  // The suites that count named children find the chosen kind's only: the other one is absent.
  assert.deepEqual(
    fixture.namedChildren.map((c) => c.kind),
    ["StatefulSet"],
  );
  assert.deepEqual(childKindChoiceFixture(model), {
    path: ["workload", "kind"],
    kinds: [
      { apiVersion: "apps/v1", kind: "Deployment" },
      { apiVersion: "apps/v1", kind: "StatefulSet" },
    ],
    fixed: false,
  });
  at(files, "test/integration/child-kind-choice.test.ts");
  assert.deepEqual(JSON.parse(at(files, "test/support/child-kind-choice.json")).path, [
    "workload",
    "kind",
  ]);
});

test("creationPolicy applies to whichever kind is chosen: an Orphan child's old kind is never pruned", () => {
  const source = SPEC.replace("    id: pods\n", "    id: pods\n    creationPolicy: Orphan\n");
  const parsed = parseSpec(source, "operator.yaml");
  assert.ok(parsed.ok);
  assert.deepEqual(checkSpec(parsed.spec), []);
  const model = buildModel(parsed.spec.data, source);
  const index = at(renderSources(model).rendered, "src/children/index.ts");
  assert.match(index, /withCreationPolicy\(desiredPodsDeployment\(obj, instance\), "Orphan"\)/);
  assert.match(index, /withCreationPolicy\(desiredPodsStatefulSet\(obj, instance\), "Orphan"\)/);
  const pruned = index.slice(index.indexOf("export const PRUNED_KINDS"));
  assert.match(pruned, /PRUNED_KINDS: readonly OwnedKind\[\] = \[\];/);
  // The generated creation-policy suite finds a child by kind alone: not one that may be absent.
  assert.deepEqual(testFixture(model).creationPolicies, []);
});
