import assert from "node:assert/strict";
import { test } from "node:test";
import { loadSpec } from "../../pipeline.ts";
import { buildCrd } from "../manifests/crd.ts";
import { renderSources } from "./index.ts";
import { testedReference } from "./integration-view.ts";
import { referencesView } from "./references-view.ts";
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
    size: { type: integer, default: 3 }
    warehouse:
      type: string
      reference: { apiVersion: stock.example.com/v1, kind: Warehouse, plural: warehouses }
    parent:
      type: object
      reference: { apiVersion: shop.example.com/v1, kind: Shop, namespaces: any }
      fields:
        kind: { type: string, enum: [Shop] }
    tls:
      type: object
      fields:
        ca-ref:
          type: object
          reference: { apiVersion: v1, kind: ConfigMap, key: true }
`;

const model = loadSpec(SPEC, "operator.yaml").model;

test("the model lists every reference with its kind, form and derived names", () => {
  assert.deepEqual(
    model.references.map((r) => [
      r.field.path,
      r.form,
      r.origin,
      r.plural,
      r.namespaces,
      r.key,
      r.varName,
      r.notFoundReason,
    ]),
    [
      [
        "warehouse",
        "name",
        "custom",
        "warehouses",
        "same",
        false,
        "warehouse",
        "WarehouseNotFound",
      ],
      ["parent", "object", "own", "shops", "any", false, "parent", "ParentNotFound"],
      [
        "tls.ca-ref",
        "object",
        "builtin",
        "configmaps",
        "same",
        true,
        "tlsCaRef",
        "TlsCaRefNotFound",
      ],
    ],
  );
});

test("the CRD serves a reference's object form as name (+ namespace, key) beside the author's fields, atomic", () => {
  const spec = (buildCrd(model).spec.versions[0]!.schema.openAPIV3Schema as any).properties.spec;
  const parent = spec.properties.parent;
  assert.deepEqual(Object.keys(parent.properties), ["name", "namespace", "kind"]);
  assert.deepEqual(parent.required, ["name"]);
  assert.equal(parent["x-kubernetes-map-type"], "atomic");
  assert.equal(parent.properties.name.minLength, 1);
  const caRef = spec.properties.tls.properties["ca-ref"];
  assert.deepEqual(caRef.required, ["name", "key"]);
  assert.equal(spec.properties.warehouse.type, "string");
});

test("the view types each resolved object and reads nested and dashed fields safely", () => {
  const view = referencesView(model);
  assert.deepEqual(
    view.references.map((r) => [r.key, r.tsType, r.accessor]),
    [
      ["warehouse", "ReferencedObject", "obj.spec?.warehouse"],
      ["parent", "Shop", "obj.spec?.parent"],
      ["tlsCaRef", "V1ConfigMap", 'obj.spec?.tls?.["ca-ref"]'],
    ],
  );
  assert.deepEqual(view.clientTypes, ["V1ConfigMap"]);
  assert.equal(view.usesReferencedObject, true);
  assert.deepEqual(JSON.parse(view.references[1]!.fieldLiteral).kind, {
    apiVersion: "shop.example.com/v1",
    kind: "Shop",
    plural: "shops",
    anyNamespace: true,
  });
});

test("the generated suites drive a top-level reference they can create; none means no references suite", () => {
  assert.equal(testedReference(model)?.field.path, "parent");
  const paths = (m: typeof model) => renderSources(m).rendered.map((f) => f.path);
  assert.ok(paths(model).includes("test/integration/references.test.ts"));
  const onlyCustom = loadSpec(SPEC.replace(/    parent:[\s\S]*$/, ""), "operator.yaml").model;
  assert.equal(testedReference(onlyCustom), undefined);
  assert.ok(!paths(onlyCustom).includes("test/integration/references.test.ts"));
  assert.ok(paths(onlyCustom).includes("src/references.ts"));
});

test("the reconciler blocks on a missing reference and hands the resolved objects to the hooks", () => {
  const files = new Map(renderSources(model).rendered.map((f) => [f.path, f.content]));
  const reconciler = files.get("src/reconciler/shop-reconciler.ts")!;
  assert.match(reconciler, /resolveReferences\(obj, this\.#deps\.references\)/);
  assert.match(reconciler, /if \(blocked\.length > 0\)/);
  assert.match(files.get("src/hooks/types.ts")!, /references: ResolvedReferences;/);
  // runOperator's wiring carries the cache-backed reader (its `references`) to the reconciler.
  assert.match(reconciler, /references\?: ReferenceReader;/);
  assert.match(files.get("src/main.ts")!, /\.\.\.wiring,/);
});

const REPEATED = SPEC.replace(
  "spec:\n  fields:\n",
  `spec:
  fields:
    credential:
      type: object
      required: true
      reference: { apiVersion: v1, kind: Secret, key: true }
    triggers:
      type: array
      minItems: 1
      required: true
      items:
        type: object
        fields:
          type: { type: string, required: true }
          authenticationRef:
            type: string
            required: true
            reference: { apiVersion: v1, kind: ConfigMap }
    sources:
      type: map
      values:
        type: string
        reference: { apiVersion: v1, kind: Secret }
    account:
      type: string
      default: builder
      reference: { apiVersion: v1, kind: ServiceAccount }
`,
);

test("references inside list entries and map values: steps for the runtime, resolved shaped like the spec", () => {
  const repeated = loadSpec(REPEATED, "operator.yaml").model;
  const view = referencesView(repeated);
  const byKey = new Map(view.references.map((r) => [r.key, r]));
  assert.equal(view.usesRepeatedReferences, true);
  const triggers = byKey.get("triggersAuthenticationRef")!;
  assert.equal(triggers.repeated, true);
  assert.equal(triggers.resolvedType, "Array<V1ConfigMap | undefined>");
  assert.deepEqual(JSON.parse(triggers.fieldLiteral).within, [
    "triggers",
    "[]",
    "authenticationRef",
  ]);
  assert.equal(
    JSON.parse(triggers.fieldLiteral).notFoundReason,
    "TriggersAuthenticationRefNotFound",
  );
  assert.equal(byKey.get("sources")!.resolvedType, "Record<string, V1Secret | undefined>");
  assert.equal(byKey.get("credential")!.repeated, false);
  assert.equal(JSON.parse(byKey.get("credential")!.fieldLiteral).within, undefined);
  const source = renderSources(repeated).rendered.find((f) => f.path === "src/references.ts")!;
  assert.match(
    source.content,
    /resolveReferenceEntries\(REFERENCES\.triggersAuthenticationRef, obj\.spec/,
  );
});

test("the fixture lists every object the sample names (required, defaulted, in required list entries)", () => {
  const repeated = loadSpec(REPEATED, "operator.yaml").model;
  const fixture = testFixture(repeated);
  assert.deepEqual(
    fixture.referencedObjects.map((o) => [o.path, o.kind, o.dataKey, o.notFoundReason]),
    [
      ["spec.credential", "Secret", "example", "CredentialNotFound"],
      [
        "spec.triggers[0].authenticationRef",
        "ConfigMap",
        null,
        "TriggersAuthenticationRefNotFound",
      ],
      ["spec.account", "ServiceAccount", null, "AccountNotFound"],
    ],
  );
  assert.equal(fixture.referencedObjects[2]!.name, "builder", "the server's default names it");
  assert.deepEqual(
    [fixture.listReference?.list, fixture.listReference?.itemField],
    ["triggers", "authenticationRef"],
  );
  assert.deepEqual(testFixture(model).referencedObjects, [], "optional references name nothing");
});

test("a reference only in list entries still gets the references suite", () => {
  const listOnly = loadSpec(
    SPEC.replace(
      /spec:\n  fields:\n[\s\S]*$/,
      `spec:
  fields:
    triggers:
      type: array
      items:
        type: object
        fields:
          authenticationRef:
            type: string
            reference: { apiVersion: v1, kind: ConfigMap }
`,
    ),
    "operator.yaml",
  ).model;
  assert.equal(testedReference(listOnly), undefined);
  const paths = renderSources(listOnly).rendered.map((f) => f.path);
  assert.ok(paths.includes("test/integration/references.test.ts"));
});
