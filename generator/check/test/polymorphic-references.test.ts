// Polymorphic references: a reference whose kind a sibling field chooses (external-secrets'
// secretStoreRef {kind: SecretStore | ClusterSecretStore, name}, Flux's valuesFrom {kind: Secret |
// ConfigMap, name, key}), and the optional name and key of a reference.

import assert from "node:assert/strict";
import { test } from "node:test";
import { parseSpec } from "../../parse/parse-spec.ts";
import { expandReferences } from "../references.ts";
import { check, expectOne, MINIMAL, posOf } from "./helpers.ts";

function withFields(fields: string): string {
  return MINIMAL.replace("  fields:\n", `  fields:\n${fields}`);
}

const STORE_REF = `    secretStoreRef:
      type: object
      reference:
        kinds:
          - { apiVersion: external-secrets.io/v1, kind: SecretStore, plural: secretstores }
          - { apiVersion: external-secrets.io/v1, kind: ClusterSecretStore, plural: clustersecretstores, scope: Cluster }
        defaultKind: SecretStore
        name: optional
    valuesFrom:
      type: array
      items:
        type: object
        reference:
          kinds: [{ apiVersion: v1, kind: Secret }, { apiVersion: v1, kind: ConfigMap }]
          key: optional
        fields:
          optional: { type: boolean }
`;

function expanded(source: string): any {
  const parsed = parseSpec(source, "operator.yaml");
  assert.ok(parsed.ok);
  return (expandReferences(parsed.spec.data) as any).spec.fields;
}

test("polymorphic references (a kind chosen by a sibling field) are accepted", () => {
  assert.deepEqual(check(withFields(STORE_REF)), []);
});

test("a polymorphic reference gets a kind field: an enum of its kinds, defaulted or required", () => {
  const fields = expanded(withFields(STORE_REF));
  const store = fields.secretStoreRef.fields;
  assert.deepEqual(Object.keys(store), ["name", "kind"]);
  assert.deepEqual(store.kind.enum, ["SecretStore", "ClusterSecretStore"]);
  assert.equal(store.kind.default, "SecretStore");
  assert.equal(store.kind.required, undefined, "defaulted, so it may be left out");
  assert.equal(store.name.required, undefined, "name: optional");
  const values = fields.valuesFrom.items.fields;
  assert.deepEqual(Object.keys(values), ["name", "key", "kind", "optional"]);
  assert.equal(values.kind.required, true, "without defaultKind the kind must be given");
  assert.equal(values.kind.default, undefined);
  assert.equal(values.key.required, undefined, "key: optional");
  assert.equal(values.name.required, true);
});

test("kindField names the field that chooses the kind", () => {
  const src = withFields(`    source:
      type: object
      reference:
        kindField: sourceKind
        kinds: [{ apiVersion: v1, kind: Secret }, { apiVersion: v1, kind: ConfigMap }]
`);
  assert.deepEqual(check(src), []);
  assert.deepEqual(Object.keys(expanded(src).source.fields), ["name", "sourceKind"]);
});

test("SEM360 a reference with both kinds and kind, or neither", () => {
  const both = withFields(`    source:
      type: object
      reference: { apiVersion: v1, kind: Secret, kinds: [{ apiVersion: v1, kind: ConfigMap }] }
`);
  expectOne(both, "SEM360", posOf(both, "kinds:"), "both kinds and apiVersion/kind");
  const neither = withFields(`    source:
      type: object
      reference: { key: true }
`);
  expectOne(neither, "SEM360", posOf(neither, "reference:"), "names no kind");
});

test("SEM361 a polymorphic reference in the name form", () => {
  const src = withFields(`    source:
      type: string
      reference: { kinds: [{ apiVersion: v1, kind: Secret }, { apiVersion: v1, kind: ConfigMap }] }
`);
  expectOne(src, "SEM361", posOf(src, "kinds:"), "has no sibling field to choose");
});

test("SEM362 a kind listed twice, or only one kind", () => {
  const twice = withFields(`    source:
      type: object
      reference: { kinds: [{ apiVersion: v1, kind: Secret }, { apiVersion: v1, kind: Secret }] }
`);
  expectOne(
    twice,
    "SEM362",
    posOf(twice, "{ apiVersion: v1, kind: Secret }]"),
    "Secret is listed twice",
  );
  const one = withFields(`    source:
      type: object
      reference: { kinds: [{ apiVersion: v1, kind: Secret }] }
`);
  expectOne(one, "SEM362", posOf(one, "kinds:"), "only one kind");
});

test("SEM363 a defaultKind that is not one of the kinds", () => {
  const src = withFields(`    source:
      type: object
      reference:
        kinds: [{ apiVersion: v1, kind: Secret }, { apiVersion: v1, kind: ConfigMap }]
        defaultKind: ServiceAccount
`);
  expectOne(src, "SEM363", posOf(src, "ServiceAccount"), "not one of Secret, ConfigMap");
});

test("SEM364 kindField or defaultKind without kinds; a kindField the reference already has", () => {
  const single = withFields(`    source:
      type: object
      reference: { apiVersion: v1, kind: Secret, defaultKind: Secret }
`);
  expectOne(single, "SEM364", posOf(single, "defaultKind"), "only for a reference with kinds");
  const clash = withFields(`    source:
      type: object
      reference: { kindField: key, key: true, kinds: [{ apiVersion: v1, kind: Secret }, { apiVersion: v1, kind: ConfigMap }] }
`);
  expectOne(clash, "SEM364", posOf(clash, "key, key"), "the reference's own key field");
  const declared = withFields(`    source:
      type: object
      reference: { kinds: [{ apiVersion: v1, kind: Secret }, { apiVersion: v1, kind: ConfigMap }] }
      fields:
        kind: { type: string }
`);
  expectOne(declared, "SEM364", posOf(declared, "kind: { type"), "the reference adds itself");
});

test("per-kind checks apply to every kind of a polymorphic reference, located at the kind", () => {
  const unknown = withFields(`    source:
      type: object
      reference: { kinds: [{ apiVersion: v1, kind: Secret }, { apiVersion: example.com/v1, kind: Store }] }
`);
  expectOne(unknown, "SEM214", posOf(unknown, "Store }"), "has no plural");
  const keyed = withFields(`    source:
      type: object
      reference: { key: true, kinds: [{ apiVersion: v1, kind: Secret }, { apiVersion: v1, kind: ServiceAccount }] }
`);
  expectOne(keyed, "SEM216", posOf(keyed, "true"), "ServiceAccount has no data keys");
  const anyNs = withFields(`    source:
      type: object
      reference:
        namespaces: any
        kinds: [{ apiVersion: v1, kind: Secret }, { apiVersion: networking.k8s.io/v1, kind: IngressClass }]
`);
  expectOne(anyNs, "SEM220", posOf(anyNs, "namespaces: any"), "cluster-scoped IngressClass");
});

test("SEM213 a required polymorphic reference whose chosen kind the suites cannot create", () => {
  const src = withFields(`    secretStoreRef:
      type: object
      required: true
      reference:
        kinds:
          - { apiVersion: apps/v1, kind: Deployment }
          - { apiVersion: v1, kind: Secret }
        defaultKind: Deployment
`);
  expectOne(src, "SEM213", posOf(src, "true"), "Deployment");
  // The sample chooses the default kind (or the first): a creatable one makes it fine.
  const fine = src.replace("defaultKind: Deployment", "defaultKind: Secret");
  assert.deepEqual(check(fine), []);
  // Another project's kinds (Flux's sourceRef: GitRepository | OCIRepository) may be required.
  const custom = src
    .replace(
      "apps/v1, kind: Deployment }",
      "external-secrets.io/v1, kind: SecretStore, plural: secretstores }",
    )
    .replace("defaultKind: Deployment", "defaultKind: SecretStore");
  assert.deepEqual(check(custom), []);
});

test("name: optional and key: optional on a single-kind reference", () => {
  const src = withFields(`    credential:
      type: object
      reference: { apiVersion: v1, kind: Secret, name: optional, key: optional }
`);
  assert.deepEqual(check(src), []);
  const fields = expanded(src).credential.fields;
  assert.equal(fields.name.required, undefined);
  assert.equal(fields.key.required, undefined);
});
