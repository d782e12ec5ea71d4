// What a polymorphic reference (reference.kinds) becomes downstream of check: one model per kind,
// read rules for exactly those kinds (cluster-wide for the cluster-scoped one, even when the
// operator is limited to some namespaces), one runtime field choosing among them, the objects the
// sample names of the kind it chooses only, and one tenancy check per field.

import assert from "node:assert/strict";
import { test } from "node:test";
import { loadSpec } from "../../pipeline.ts";
import type { PolicyRule } from "../../model/types.ts";
import { crossNamespaceReferences } from "../../model/build-tenancy.ts";
import {
  crossNamespaceReferenceRules,
  managerRules,
  referenceRules,
} from "../manifests/rbac-rules.ts";
import { polymorphicReferenceFixture } from "./polymorphic-reference-fixture.ts";
import { referencedObjects } from "./referenced-objects.ts";
import { referencesView } from "./references-view.ts";

const SPEC = `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata:
  name: secret-operator
api:
  group: external-secrets.io
  kind: ExternalSecret
  versions:
    - name: v1
spec:
  fields:
    secretStoreRef:
      type: object
      reference:
        kinds:
          - { apiVersion: external-secrets.io/v1, kind: SecretStore, plural: secretstores }
          - { apiVersion: external-secrets.io/v1, kind: ClusterSecretStore, plural: clustersecretstores, scope: Cluster }
        defaultKind: SecretStore
        name: optional
    sourceRef:
      type: object
      reference:
        namespaces: any
        kinds:
          - { apiVersion: source.toolkit.fluxcd.io/v1, kind: GitRepository, plural: gitrepositories }
          - { apiVersion: source.toolkit.fluxcd.io/v1, kind: Bucket, plural: buckets }
      fields:
        apiVersion: { type: string }
`;

const WATCHING = SPEC.replace(
  "spec:\n  fields:",
  "rbac:\n  watchNamespaces: [team]\nspec:\n  fields:",
);

test("the model holds one reference per kind, each with the field value that chooses it", () => {
  const { model } = loadSpec(SPEC, "operator.yaml");
  assert.deepEqual(
    model.references.map((r) => [r.field.path, r.kind, r.scope, r.choice]),
    [
      [
        "secretStoreRef",
        "SecretStore",
        "Namespaced",
        { field: "kind", value: "SecretStore", default: true },
      ],
      [
        "secretStoreRef",
        "ClusterSecretStore",
        "Cluster",
        { field: "kind", value: "ClusterSecretStore", default: false },
      ],
      [
        "sourceRef",
        "GitRepository",
        "Namespaced",
        { field: "kind", value: "GitRepository", default: false },
      ],
      ["sourceRef", "Bucket", "Namespaced", { field: "kind", value: "Bucket", default: false }],
    ],
  );
});

test("RBAC reads exactly the kinds named; the cluster-scoped one cluster-wide", () => {
  const reads = (rules: PolicyRule[], group: string) =>
    rules
      .filter((r) => r.apiGroups?.includes(group))
      .flatMap((r) => r.resources ?? [])
      .filter((r) => r !== "externalsecrets" && !r.includes("/"));
  const clusterWide = referenceRules(loadSpec(SPEC, "operator.yaml").model, ["same", "any"]);
  assert.deepEqual(reads(clusterWide, "external-secrets.io"), [
    "clustersecretstores",
    "secretstores",
  ]);
  assert.deepEqual(reads(clusterWide, "source.toolkit.fluxcd.io"), ["buckets", "gitrepositories"]);
  // Limited to namespaces: the namespaced store in them; the cluster store, and the sources that
  // may name any namespace, through the one ClusterRole.
  const { model } = loadSpec(WATCHING, "operator.yaml");
  assert.deepEqual(reads(managerRules(model), "external-secrets.io"), ["secretstores"]);
  const beyond = crossNamespaceReferenceRules(model);
  assert.deepEqual(reads(beyond, "external-secrets.io"), ["clustersecretstores"]);
  assert.deepEqual(reads(beyond, "source.toolkit.fluxcd.io"), ["buckets", "gitrepositories"]);
});

test("the runtime field lists every kind, the default first; the resolved type is their union", () => {
  const view = referencesView(loadSpec(SPEC, "operator.yaml").model);
  assert.equal(view.references.length, 2, "one field each, not one per kind");
  assert.ok(view.usesPolymorphicReferences);
  const store = JSON.parse(view.references[0]!.fieldLiteral);
  assert.deepEqual(
    store.chosenBy.kinds.map((k: { kind: string }) => k.kind),
    ["SecretStore", "ClusterSecretStore"],
  );
  assert.equal(store.chosenBy.default, "SecretStore");
  assert.equal(store.chosenBy.kinds[1].clusterScoped, true);
  const source = JSON.parse(view.references[1]!.fieldLiteral);
  assert.equal(source.chosenBy.default, undefined, "no defaultKind: the CRD requires the kind");
  assert.equal(view.references[0]!.tsType, "ReferencedObject");
});

test("the sample's referenced objects are of the kind it chooses only", () => {
  const { model } = loadSpec(SPEC, "operator.yaml");
  const chosen = (spec: Record<string, unknown>) =>
    referencedObjects(model, spec).map((o) => `${o.kind} ${o.name} ${o.namespace ?? "-"}`);
  assert.deepEqual(chosen({ secretStoreRef: { name: "a" } }), ["SecretStore a -"]);
  assert.deepEqual(chosen({ secretStoreRef: { name: "a", kind: "ClusterSecretStore" } }), [
    "ClusterSecretStore a -",
  ]);
  assert.deepEqual(
    chosen({ secretStoreRef: { kind: "SecretStore" } }),
    [],
    "no name: no reference",
  );
  assert.deepEqual(chosen({ sourceRef: { name: "s", kind: "Bucket", namespace: "flux" } }), [
    "Bucket s flux",
  ]);
});

test("the suites drive the top-level polymorphic reference whose kinds they can create", () => {
  const fixture = polymorphicReferenceFixture(loadSpec(SPEC, "operator.yaml").model)!;
  assert.equal(fixture.field, "secretStoreRef");
  assert.deepEqual(
    fixture.kinds.map((k) => [k.kind, k.clusterScoped]),
    [
      ["SecretStore", false],
      ["ClusterSecretStore", true],
    ],
  );
});

test("tenancy checks a polymorphic reference that may name any namespace once, naming its kinds", () => {
  const { model } = loadSpec(SPEC, "operator.yaml");
  assert.deepEqual(
    crossNamespaceReferences(model.references).map((r) => [r.field.path, r.kind]),
    [["sourceRef", "GitRepository or Bucket"]],
  );
});
