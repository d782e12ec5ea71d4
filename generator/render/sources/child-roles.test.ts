// Several children of one kind, conditional children and an Ingress routed to a Service child,
// rendered: one builder per child (src/children/<id>-<kind>.ts), one informer, RBAC rule and
// pruned entry per kind, the condition in desiredChildren(), and the Ingress backend through the
// generated service-names.ts, from the same template as the Service.

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
    tls:
      type: boolean
    admin:
      type: free-form
status:
  conditions:
    - type: Ready
children:
  - apiVersion: v1
    kind: Service
    id: web
    name: "{metadata.name}-web"
  - apiVersion: v1
    kind: Service
    id: admin
    when: admin
  - apiVersion: v1
    kind: Secret
    when: tls
  - apiVersion: networking.k8s.io/v1
    kind: Ingress
    backendService: web
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

test("one builder per child, named by its id; one owned and pruned entry per kind", () => {
  const { files } = render();
  assert.match(at(files, "src/children/web-service.ts"), /export const desiredWebService:/);
  assert.match(at(files, "src/children/admin-service.ts"), /export const desiredAdminService:/);
  assert.equal(
    files.find((f) => f.path === "src/children/service.ts"),
    undefined,
  );
  const index = at(files, "src/children/index.ts");
  const owned = index.slice(index.indexOf("OWNED_KINDS"), index.indexOf("PRUNED_KINDS"));
  assert.equal(owned.match(/kind: "Service"/g)?.length, 1);
  const pruned = index.slice(index.indexOf("export const PRUNED_KINDS"));
  assert.deepEqual(
    [...pruned.matchAll(/kind: "(\w+)"/g)].map((m) => m[1]),
    ["Service", "Secret"],
  );
});

test("a conditional child is built only while its condition holds", () => {
  const index = at(render().files, "src/children/index.ts");
  assert.match(
    index,
    /\.\.\.\(\(?obj\.spec\?\.tls\)? === true\s*\? \[desiredSecret\(obj\)\]\s*: \[\]\)/,
  );
  assert.match(
    index,
    /\.\.\.\(\(?obj\.spec\?\.admin\)? !== undefined\s*\? \[desiredAdminService\(obj\)\]\s*: \[\]\)/,
  );
});

test("the Ingress routes to the Service child it names, through the generated service-names.ts", () => {
  const { files } = render();
  const names = at(files, "src/children/service-names.ts");
  assert.match(
    names,
    /export function webServiceName\(obj: Shop\): string \{\s*return `\$\{obj\.metadata\.name\}-web`;/,
  );
  assert.match(
    names,
    /export function adminServiceName\(obj: Shop\): string \{\s*return `\$\{obj\.metadata\.name\}-admin`;/,
  );
  const ingress = at(files, "src/children/ingress.ts");
  assert.match(ingress, /import \{ webServiceName \} from "\.\/service-names\.ts";/);
  assert.match(ingress, /service: \{ name: webServiceName\(obj\),/);
});

test("RBAC: one rule per kind, delete for the kinds a condition or a template can drop", () => {
  const { model } = render();
  const role = fileAt(renderManifests(model), "config/rbac/role.yaml");
  const rules = documentsOf(role).flatMap((d) => d.rules ?? []);
  const deletable = rules
    .filter((r: any) => r.verbs.includes("delete"))
    .flatMap((r: any) => r.resources as string[])
    .sort();
  assert.deepEqual(deletable, ["secrets", "services"]);
  const services = rules
    .flatMap((r: any) => r.resources as string[])
    .filter((r) => r === "services");
  assert.equal(services.length, 2, "one apply rule and one delete rule");
});

test("the suites' fixture marks a condition that cannot be turned off (an immutable field, or one inside an immutable object)", () => {
  const immutable = SPEC.replace(
    "    tls:\n      type: boolean\n",
    "    tls:\n      type: boolean\n      immutable: true\n",
  );
  assert.notEqual(immutable, SPEC);
  const fixed = (source: string) => {
    const parsed = parseSpec(source, "operator.yaml");
    assert.ok(parsed.ok);
    return testFixture(buildModel(parsed.spec.data, source)).conditionalChildren.map((c) => [
      c.path.join("."),
      c.fixed,
    ]);
  };
  assert.deepEqual(fixed(immutable), [
    ["admin", false],
    ["tls", true],
  ]);
  assert.deepEqual(fixed(SPEC), [
    ["admin", false],
    ["tls", false],
  ]);
});
