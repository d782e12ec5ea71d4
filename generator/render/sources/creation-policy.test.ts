// children[].creationPolicy rendered: desiredChildren() marks each child with its policy (fixed,
// or read from the spec field), RBAC grants create only where some object may create the child
// and delete only where an owned child can be pruned, and the suites' fixture lists the policies
// creation-policy.test.ts exercises on the real API server.

import assert from "node:assert/strict";
import { test } from "node:test";
import { checkSpec } from "../../check/check-spec.ts";
import { buildModel } from "../../model/build-model.ts";
import { parseSpec } from "../../parse/parse-spec.ts";
import { renderManifests } from "../manifests/index.ts";
import { documentsOf, fileAt } from "../manifests/testing/fixtures.ts";
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
    target:
      type: object
      default: { creationPolicy: Owner }
      fields:
        creationPolicy:
          type: string
          enum: [Owner, Orphan, Merge, None]
          default: Owner
        name:
          type: string
          maxLength: 40
status:
  conditions:
    - type: Ready
children:
  - apiVersion: v1
    kind: Secret
    name: "{spec.target.name ?? metadata.name}"
    creationPolicy: target.creationPolicy
  - apiVersion: v1
    kind: ConfigMap
    name: "{metadata.name}-settings"
    creationPolicy: Merge
  - apiVersion: v1
    kind: ServiceAccount
    creationPolicy: Orphan
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

test("desiredChildren() marks each child with its policy: the object's field, or the fixed one", () => {
  const index = at(render().files, "src/children/index.ts");
  assert.match(index, /import \{ withCreationPolicy \} from "@create-operator\/runtime";/);
  assert.match(
    index,
    /withCreationPolicy\(\s*desiredSecret\(obj, instance\),\s*obj\.spec\?\.target\?\.creationPolicy \?\? "Owner",?\s*\)/,
  );
  assert.match(index, /withCreationPolicy\(desiredConfigMap\(obj, instance\), "Merge"\)/);
  assert.match(index, /withCreationPolicy\(desiredServiceAccount\(obj\), "Orphan"\)/);
  const pruned = index.slice(index.indexOf("export const PRUNED_KINDS"));
  assert.deepEqual(
    [...pruned.matchAll(/kind: "(\w+)"/g)].map((m) => m[1]),
    ["Secret"],
    "a Merge child is never pruned: the operator never owns it",
  );
});

test("RBAC: no create for a kind only merged into; delete only where an owned child is pruned", () => {
  const { model } = render();
  const role = fileAt(renderManifests(model), "config/rbac/role.yaml");
  const rules = documentsOf(role).flatMap((d) => d.rules ?? []);
  const verbsOf = (resource: string) =>
    rules
      .filter((r: any) => (r.resources as string[]).includes(resource))
      .flatMap((r: any) => r.verbs as string[])
      .sort();
  assert.deepEqual(verbsOf("configmaps"), ["get", "list", "patch", "watch"]);
  assert.deepEqual(verbsOf("serviceaccounts"), ["create", "get", "list", "patch", "watch"]);
  assert.deepEqual(verbsOf("secrets"), ["create", "delete", "get", "list", "patch", "watch"]);
});

test("the suites' fixture: the field's policies, or the fixed one", () => {
  const { model } = render();
  assert.deepEqual(
    testFixture(model).creationPolicies.map((c) => [c.kind, c.path?.join(".") ?? null, c.policies]),
    [
      ["Secret", "target.creationPolicy", ["Owner", "Orphan", "Merge", "None"]],
      ["ConfigMap", null, ["Merge"]],
      ["ServiceAccount", null, ["Orphan"]],
    ],
  );
});
