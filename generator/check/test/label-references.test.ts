// labelReferences: a label on the object's own metadata names an object (SEM430-SEM435).

import assert from "node:assert/strict";
import { test } from "node:test";
import { resolveLabelReferences } from "../label-references.ts";
import { check, expectOne, MINIMAL, posOf } from "./helpers.ts";

const KAFKA = ["apiVersion: kafka.strimzi.io/v1beta2", "kind: Kafka", "plural: kafkas"];

/** MINIMAL with labelReferences entries, each given as its lines. */
const withLabels = (...entries: string[][]) =>
  `${MINIMAL}labelReferences:\n${entries
    .map(([first, ...rest]) => `  - ${first}\n${rest.map((l) => `    ${l}\n`).join("")}`)
    .join("")}`;

test("a label naming another project's kind, a Secret or the operator's own kind checks clean and reaches the plan", () => {
  const spec = withLabels(
    ["label: strimzi.io/cluster", ...KAFKA],
    ["label: example.com/credentials", "apiVersion: v1", "kind: Secret"],
    [
      "label: example.com/parent",
      "apiVersion: shop.example.com/v1",
      "kind: Shop",
      "name: parentShop",
    ],
  );
  assert.deepEqual(check(spec), []);
  const { plans } = resolveLabelReferences({
    labelReferences: [
      {
        label: "strimzi.io/cluster",
        apiVersion: "kafka.strimzi.io/v1beta2",
        kind: "Kafka",
        plural: "kafkas",
      },
    ],
  });
  assert.deepEqual(
    plans.map((p) => [p.label, p.target.kind, p.target.origin, p.varName, p.notFoundReason]),
    [["strimzi.io/cluster", "Kafka", "custom", "cluster", "ClusterNotFound"]],
  );
});

test("SEM430 a label key that is not a qualified name", () => {
  const bad = withLabels(["label: strimzi.io/not a key", ...KAFKA]);
  expectOne(bad, "SEM430", posOf(bad, "strimzi.io/not a key"), "is not a valid label key");
  const long = `example.com/${"n".repeat(64)}`;
  const tooLong = withLabels([`label: ${long}`, ...KAFKA]);
  expectOne(tooLong, "SEM430", posOf(tooLong, long), "is not a valid label key");
});

test("SEM431 the same label twice", () => {
  const twice = withLabels(
    ["label: strimzi.io/cluster", ...KAFKA],
    ["label: strimzi.io/cluster", "apiVersion: v1", "kind: Secret", "name: secret"],
  );
  expectOne(
    twice,
    "SEM431",
    posOf(twice, "strimzi.io/cluster", "kafkas\n"),
    "already a reference (labelReferences[0])",
  );
});

test("SEM432 a label the operator, the generator, the pause mark or metadata.labels writes", () => {
  const instance = withLabels(["label: app.kubernetes.io/instance", ...KAFKA]);
  expectOne(
    instance,
    "SEM432",
    posOf(instance, "app.kubernetes.io/instance"),
    "the operator and the generator write it",
  );
  const paused = `${withLabels(["label: example.com/paused", ...KAFKA])}management:\n  pause:\n    label: example.com/paused\n`;
  expectOne(paused, "SEM432", posOf(paused, "example.com/paused"), "management.pause's label");
  const deployed = withLabels(["label: team.example.com/owner", ...KAFKA]).replace(
    "  name: shop-operator\n",
    "  name: shop-operator\n  labels:\n    team.example.com/owner: shop\n",
  );
  expectOne(
    deployed,
    "SEM432",
    posOf(deployed, "team.example.com/owner", "labelReferences"),
    "metadata.labels sets it",
  );
});

test("SEM433 a kind the generator does not know", () => {
  const unknown = withLabels([
    "label: strimzi.io/cluster",
    "apiVersion: kafka.strimzi.io/v1beta2",
    "kind: Kafka",
  ]);
  expectOne(unknown, "SEM433", posOf(unknown, "Kafka", "kind: Kafka"), "has no plural");
});

test("SEM434 a cluster-scoped kind on either side", () => {
  const cluster = withLabels([
    "label: example.com/class",
    "apiVersion: networking.k8s.io/v1",
    "kind: IngressClass",
  ]);
  expectOne(cluster, "SEM434", posOf(cluster, "IngressClass"), "cluster-scoped IngressClass");
  const owner = withLabels(["label: strimzi.io/cluster", ...KAFKA]).replace(
    "  kind: Shop\n",
    "  kind: Shop\n  scope: Cluster\n",
  );
  expectOne(owner, "SEM434", posOf(owner, "strimzi.io/cluster"), "cluster-scoped Shop");
});

test("SEM435 the resolved object's name is taken by a spec reference or another label", () => {
  const spec = withLabels(["label: example.com/size", "apiVersion: v1", "kind: Secret"]).replace(
    "      default: 3\n",
    "      default: 3\n    cluster:\n      type: string\n      reference:\n        apiVersion: v1\n        kind: Secret\n",
  );
  const clash = spec.replace("example.com/size", "strimzi.io/cluster");
  expectOne(
    clash,
    "SEM435",
    posOf(clash, "strimzi.io/cluster"),
    "a name spec.cluster already uses",
  );
  const named = withLabels(
    ["label: strimzi.io/cluster", ...KAFKA],
    ["label: example.com/other", "apiVersion: v1", "kind: Secret", "name: cluster"],
  );
  expectOne(
    named,
    "SEM435",
    posOf(named, "cluster", "name: cluster"),
    "a name labelReferences[0] already uses",
  );
  const digits = withLabels(["label: example.com/1st", ...KAFKA]);
  expectOne(digits, "SEM435", posOf(digits, "example.com/1st"), "does not start with a letter");
});
