import assert from "node:assert/strict";
import { test } from "node:test";
import { parseSpec } from "../../parse/parse-spec.ts";
import { expandReferences } from "../references.ts";
import { check, edit, expectOne, MINIMAL, posOf } from "./helpers.ts";

/** MINIMAL with `fields` added to spec.fields (indented for it). */
function withFields(fields: string, rest = ""): string {
  return MINIMAL.replace("  fields:\n", `  fields:\n${fields}`) + rest;
}

const CREDENTIAL = `    credential:
      type: object
      reference: { apiVersion: v1, kind: Secret, key: true }
    storageLocation:
      type: string
      reference: { apiVersion: velero.io/v1, kind: BackupStorageLocation, plural: backupstoragelocations }
    peer:
      type: object
      reference: { apiVersion: shop.example.com/v1, kind: Shop, namespaces: any }
      fields:
        kind: { type: string, enum: [Shop] }
`;

test("references to a Secret key, a custom kind by name and the operator's own kind are accepted", () => {
  assert.deepEqual(check(withFields(CREDENTIAL)), []);
});

test("the object form is expanded into name, namespace and key; the author's fields follow", () => {
  const parsed = parseSpec(withFields(CREDENTIAL), "operator.yaml");
  assert.ok(parsed.ok);
  const fields = (expandReferences(parsed.spec.data) as any).spec.fields;
  assert.deepEqual(Object.keys(fields.credential.fields), ["name", "key"]);
  assert.equal(fields.credential.fields.key.required, true);
  assert.equal(fields.credential.mapType, "atomic");
  assert.deepEqual(Object.keys(fields.peer.fields), ["name", "namespace", "kind"]);
  assert.equal(fields.peer.fields.namespace.required, undefined);
  assert.equal(fields.storageLocation.fields, undefined, "the name form stays a string");
  // Expanding twice changes nothing, and the input is not modified.
  assert.deepEqual(
    expandReferences(expandReferences(parsed.spec.data)),
    expandReferences(parsed.spec.data),
  );
  assert.equal((parsed.spec.data as any).spec.fields.credential.fields, undefined);
});

test("SEM210 a reference in status", () => {
  const src =
    MINIMAL +
    `  fields:\n    source:\n      type: string\n      reference: { apiVersion: v1, kind: Secret }\n`;
  expectOne(src, "SEM210", posOf(src, "reference:"), "references belong in spec");
});

test("references inside list entries and map values are accepted (KEDA's secretTargetRef[])", () => {
  const src = withFields(
    `    refs:\n      type: array\n      items:\n        type: string\n        reference: { apiVersion: v1, kind: Secret }\n` +
      `    triggers:\n      type: array\n      items:\n        type: object\n        fields:\n          authenticationRef:\n            type: object\n            required: true\n            reference: { apiVersion: v1, kind: ConfigMap, key: true }\n` +
      `    sources:\n      type: map\n      values:\n        type: string\n        reference: { apiVersion: v1, kind: Secret }\n`,
  );
  assert.deepEqual(check(src), []);
});

test("SEM212 a reference that is neither a string nor an object", () => {
  const src = withFields(
    `    count:\n      type: integer\n      reference: { apiVersion: v1, kind: Secret }\n`,
  );
  expectOne(src, "SEM212", posOf(src, "integer"), "must be string");
});

test("a required or defaulted reference to a kind the suites can create is accepted", () => {
  for (const kind of ["kind: Secret", "kind: ConfigMap", "kind: ServiceAccount"]) {
    const src = withFields(
      `    secret:\n      type: string\n      required: true\n      reference: { apiVersion: v1, ${kind} }\n` +
        `    other:\n      type: string\n      default: db\n      reference: { apiVersion: v1, ${kind} }\n`,
    );
    assert.deepEqual(check(src), [], kind);
  }
});

test("a required reference to another project's custom kind is accepted: the suites stand in for its CRD", () => {
  // test/support/referenced-objects.ts installs a CRD that keeps any content for the kind and
  // creates the object the sample names, as it does for an optional one the sample sets.
  const src = withFields(
    `    location:\n      type: string\n      required: true\n      reference: { apiVersion: velero.io/v1, kind: BackupStorageLocation, plural: backupstoragelocations }\n` +
      `    locations:\n      type: array\n      required: true\n      minItems: 1\n      items:\n        type: string\n        reference: { apiVersion: velero.io/v1, kind: BackupStorageLocation, plural: backupstoragelocations }\n`,
  );
  assert.deepEqual(check(src), []);
});

test("SEM213 a required reference to a kind the suites cannot create, with why", () => {
  const src = withFields(
    `    app:\n      type: string\n      required: true\n      reference: { apiVersion: apps/v1, kind: Deployment }\n`,
  );
  expectOne(
    src,
    "SEM213",
    posOf(src, "true"),
    "whose valid objects the suites do not know how to make",
  );
  const defaulted = withFields(
    `    app:\n      type: string\n      default: db\n      reference: { apiVersion: apps/v1, kind: Deployment }\n`,
  );
  expectOne(defaulted, "SEM213", posOf(defaulted, "db\n"), "cannot be defaulted");
  const own = withFields(
    `    peer:\n      type: string\n      required: true\n      reference: { apiVersion: shop.example.com/v1, kind: Shop }\n`,
  );
  expectOne(own, "SEM213", posOf(own, "true"), "this operator's own Shop");
  // Entries of a required, non-empty list: every sample names one.
  const listed = withFields(
    `    locations:\n      type: array\n      required: true\n      minItems: 1\n      items:\n        type: string\n        reference: { apiVersion: apps/v1, kind: Deployment }\n`,
  );
  expectOne(
    listed,
    "SEM213",
    posOf(listed, "1\n      items"),
    "in a required array with minItems: 1",
  );
  assert.deepEqual(check(listed.replace("apps/v1, kind: Deployment", "v1, kind: Secret")), []);
});

test("SEM213 a required reference from a cluster-scoped kind: its sample names no namespace", () => {
  const src = withFields(
    `    secret:\n      type: object\n      required: true\n      reference: { apiVersion: v1, kind: Secret, namespaces: any }\n`,
  ).replace("kind: Shop\n", "kind: Shop\n  scope: Cluster\n");
  expectOne(src, "SEM213", posOf(src, "true"), "cluster-scoped Shop");
});

test("SEM214 a kind that is neither built in, nor the operator's, nor given a plural", () => {
  const src = withFields(
    `    secret:\n      type: string\n      reference: { apiVersion: apps/v1, kind: Secret }\n`,
  );
  const d = expectOne(src, "SEM214", posOf(src, "Secret }"), "not a built-in kind");
  assert.match(d.hint!, /apiVersion: v1\?/);
  const other = withFields(
    `    other:\n      type: string\n      reference: { apiVersion: shop.example.com/v2, kind: Shop }\n`,
  );
  expectOne(other, "SEM214", posOf(other, "Shop }"), "has no plural");
});

test("references to cluster-scoped kinds are accepted: named without a namespace", () => {
  const src = withFields(
    `    ingressClassName:\n      type: string\n      reference: { apiVersion: networking.k8s.io/v1, kind: IngressClass }\n` +
      `    storageClass:\n      type: object\n      reference: { apiVersion: storage.k8s.io/v1, kind: StorageClass }\n` +
      `    ns:\n      type: string\n      reference: { apiVersion: v1, kind: Namespace }\n` +
      `    issuer:\n      type: object\n      reference: { apiVersion: cert-manager.io/v1, kind: ClusterIssuer, plural: clusterissuers, scope: Cluster }\n`,
  );
  assert.deepEqual(check(src), []);
  // From a cluster-scoped operator kind too: the referenced object has no namespace to look in.
  assert.deepEqual(check(src.replace("kind: Shop\n", "kind: Shop\n  scope: Cluster\n")), []);
  // A required one when the suites can make it (an IngressClass), not otherwise.
  const required = withFields(
    `    ingressClassName:\n      type: string\n      required: true\n      reference: { apiVersion: networking.k8s.io/v1, kind: IngressClass }\n`,
  );
  assert.deepEqual(check(required), []);
});

test("SEM220 namespaces: any on a reference to a cluster-scoped kind", () => {
  const src = withFields(
    `    storageClass:\n      type: object\n      reference: { apiVersion: storage.k8s.io/v1, kind: StorageClass, namespaces: any }\n`,
  );
  expectOne(src, "SEM220", posOf(src, "namespaces: any"), "has no namespace to name");
});

test("SEM221 scope on a kind whose scope is known", () => {
  const src = withFields(
    `    secret:\n      type: string\n      reference: { apiVersion: v1, kind: Secret, scope: Cluster }\n`,
  );
  expectOne(src, "SEM221", posOf(src, "scope: Cluster"), "whose scope is known (Namespaced)");
});

test("SEM216 a key selector on a kind without data", () => {
  const src = withFields(
    `    svc:\n      type: object\n      reference: { apiVersion: v1, kind: Service, key: true }\n`,
  );
  expectOne(src, "SEM216", posOf(src, "true }"), "has no data keys");
});

test("SEM217 a name-form reference with a namespace", () => {
  const src = withFields(
    `    secret:\n      type: string\n      reference: { apiVersion: v1, kind: Secret, namespaces: any }\n`,
  );
  expectOne(src, "SEM217", posOf(src, "any }"), "cannot carry a namespace");
});

test("SEM218 a same-namespace reference from a cluster-scoped kind", () => {
  const src = edit(
    withFields(
      `    secret:\n      type: object\n      reference: { apiVersion: v1, kind: Secret }\n`,
    ),
    "  kind: Shop\n",
    "  kind: Shop\n  scope: Cluster\n",
  );
  expectOne(src, "SEM218", posOf(src, "reference:"), "has no namespace of its own");
});

test("SEM219 an object-form reference that declares name itself", () => {
  const src = withFields(
    `    secret:\n      type: object\n      reference: { apiVersion: v1, kind: Secret }\n      fields:\n        name: { type: string }\n`,
  );
  expectOne(src, "SEM219", posOf(src, "name: { type"), "the reference adds itself");
});

test("WARN010 a reference to any namespace from an operator limited to watchNamespaces", () => {
  const src = withFields(
    `    secret:\n      type: object\n      reference: { apiVersion: v1, kind: Secret, namespaces: any }\n`,
    `rbac:\n  watchNamespaces: [shops]\n`,
  );
  const d = expectOne(src, "WARN010", posOf(src, "any }"), "beyond rbac.watchNamespaces");
  assert.equal(d.severity, "warning");
});

test("WARN011 a cluster-scoped kind referenced from an operator limited to watchNamespaces", () => {
  const src = withFields(
    `    ingressClassName:\n      type: string\n      reference: { apiVersion: networking.k8s.io/v1, kind: IngressClass }\n`,
    `rbac:\n  watchNamespaces: [shops]\n`,
  );
  const d = expectOne(
    src,
    "WARN011",
    posOf(src, "IngressClass }"),
    "cluster-wide, beyond rbac.watchNamespaces",
  );
  assert.equal(d.severity, "warning");
});

test("a reference's name field carries the named kind's name rule (a subdomain, a Service's DNS-1035 label)", () => {
  const src = withFields(
    CREDENTIAL +
      `    frontend:\n      type: object\n      reference: { apiVersion: v1, kind: Service }\n` +
      `    source:\n      type: object\n      reference:\n        kinds:\n          - { apiVersion: v1, kind: Secret }\n          - { apiVersion: v1, kind: Service }\n`,
  );
  const parsed = parseSpec(src, "operator.yaml");
  assert.ok(parsed.ok);
  const fields = (expandReferences(parsed.spec.data) as any).spec.fields;
  const subdomain = "^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$";
  const rule = (f: any) => ({ pattern: f.pattern, maxLength: f.maxLength });
  assert.deepEqual(rule(fields.credential.fields.name), { pattern: subdomain, maxLength: 253 });
  assert.deepEqual(rule(fields.peer.fields.name), { pattern: subdomain, maxLength: 253 });
  assert.deepEqual(rule(fields.frontend.fields.name), {
    pattern: "^[a-z]([-a-z0-9]*[a-z0-9])?$",
    maxLength: 63,
  });
  // Either kind may be named: the looser rule holds.
  assert.deepEqual(rule(fields.source.fields.name), { pattern: subdomain, maxLength: 253 });
  for (const name of ["Vault_Backend", "a..b", "-a"])
    assert.ok(!new RegExp(subdomain).test(name), name);
  assert.deepEqual(check(src), []);
});
