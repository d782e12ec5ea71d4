// labelReferences rendered: the label's value read as a name-form reference (so the runtime's
// index, watch and resolution are the spec references'), RBAC to read the kind, the sample
// showing the label, and the real-server suite emitted only for a spec that has one.

import assert from "node:assert/strict";
import { test } from "node:test";
import { loadSpec } from "../../pipeline.ts";
import { sampleObject } from "../manifests/sample.ts";
import { managerRules } from "../manifests/rbac-rules.ts";
import { renderSources } from "./index.ts";
import { labelReferenceFixture } from "./label-reference-fixture.ts";
import { referencesView } from "./references-view.ts";

const SPEC = `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata:
  name: topic-operator
api:
  group: kafka.example.com
  kind: KafkaTopic
  versions:
    - name: v1
spec:
  fields:
    partitions: { type: integer, default: 1 }
status:
  conditions:
    - type: Ready
labelReferences:
  - label: strimzi.io/cluster
    apiVersion: kafka.strimzi.io/v1beta2
    kind: Kafka
    plural: kafkas
`;

const model = loadSpec(SPEC, "operator.yaml").model;

test("the label's value is a name-form reference in the same namespace, reported by its label", () => {
  const view = referencesView(model);
  assert.equal(view.hasReferences, true);
  assert.equal(view.hasLabelReferences, true);
  assert.equal(view.usesReferencedObject, true);
  const [reference] = view.references;
  assert.equal(reference!.key, "cluster");
  assert.equal(reference!.accessor, 'obj.metadata?.labels?.["strimzi.io/cluster"]');
  assert.deepEqual(JSON.parse(reference!.fieldLiteral), {
    kind: {
      apiVersion: "kafka.strimzi.io/v1beta2",
      kind: "Kafka",
      plural: "kafkas",
      anyNamespace: false,
    },
    form: "name",
    key: false,
    path: "metadata.labels[strimzi.io/cluster]",
    notFoundReason: "ClusterNotFound",
    keyNotFoundReason: "ClusterNotFound",
  });
  assert.equal(reference!.resolvedType, "ReferencedObject | undefined");
});

test("the operator may read and watch the referenced kind, and the sample carries the label", () => {
  const rule = managerRules(model).find((r) => r.apiGroups.includes("kafka.strimzi.io"));
  assert.deepEqual(rule, {
    apiGroups: ["kafka.strimzi.io"],
    resources: ["kafkas"],
    verbs: ["get", "list", "watch"],
  });
  assert.equal(sampleObject(model).metadata.labels["strimzi.io/cluster"], "kafka-sample");
});

test("the real-server suite and its data are emitted only with a label reference", () => {
  const paths = (m: typeof model) => renderSources(m).rendered.map((f) => f.path);
  assert.ok(paths(model).includes("test/integration/label-references.test.ts"));
  assert.ok(paths(model).includes("test/support/label-reference.json"));
  assert.equal(labelReferenceFixture(model)?.resolvedAs, "cluster");
  const without = loadSpec(SPEC.slice(0, SPEC.indexOf("labelReferences:")), "operator.yaml").model;
  assert.deepEqual(without.labelReferences, []);
  assert.ok(!paths(without).some((p) => p.includes("label-reference")));
});
