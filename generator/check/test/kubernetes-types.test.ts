// Fields that embed a Kubernetes type by reference: names the catalog lacks, keywords that would
// change the upstream schema, and the embedded structure seen by defaults and CEL rules.

import assert from "node:assert/strict";
import { test } from "node:test";
import { check, edit, expectOne, MINIMAL, posOf } from "./helpers.ts";

function withField(extra: string): string {
  return edit(
    MINIMAL,
    "  fields:\n    size:\n",
    `  fields:\n    x:\n${extra.replace(/^/gm, "      ")}\n    size:\n`,
  );
}

const errors = (source: string) =>
  check(source)
    .filter((d) => d.severity === "error")
    .map((d) => `${d.code} ${d.message}`);

test("Kubernetes types of the catalog are accepted, as fields, list items and map values", () => {
  for (const def of [
    "type: core/v1.ResourceRequirements",
    "type: core/v1.Affinity",
    "type: array\nitems:\n  type: core/v1.Toleration",
    "type: core/v1.PodTemplateSpec",
    "type: core/v1.PersistentVolumeClaimSpec",
    "type: core/v1.LocalObjectReference",
    "type: core/v1.SecretKeySelector\nrequired: true",
    "type: meta/v1.LabelSelector",
    "type: Duration\ndefault: 30s",
    "type: Quantity\ndefault: 1Gi",
    "type: IntOrString",
    "type: map\nvalues:\n  type: Quantity",
    "type: apps/v1.StatefulSetPersistentVolumeClaimRetentionPolicy",
    "type: apps/v1.DeploymentStrategy\ndefault: { type: Recreate }",
    "type: autoscaling/v2.HorizontalPodAutoscalerBehavior",
    "type: batch/v1.JobTemplateSpec",
    "type: array\nitems:\n  type: networking/v1.IngressTLS",
    "type: policy/v1.PodDisruptionBudgetSpec",
  ])
    assert.deepEqual(errors(withField(def)), [], def);
});

test("SEM240 a Kubernetes type name the catalog lacks, with did-you-mean", () => {
  const src = withField("type: core/v1.Tolerations");
  const d = expectOne(
    src,
    "SEM240",
    posOf(src, "core/v1.Tolerations"),
    '"core/v1.Tolerations" is not a Kubernetes type this generator knows (Kubernetes 1.36.3)',
  );
  assert.equal(d.hint, 'did you mean "core/v1.Toleration"?');
  // A whole object kind is not an embeddable type: only its parts are.
  const kind = withField("type: apps/v1.Deployment");
  expectOne(kind, "SEM240", posOf(kind, "apps/v1.Deployment"), '"apps/v1.Deployment" is not');
  // Groups the catalog does not carry, and beta versions, are refused by the form itself.
  assert.match(errors(withField("type: rbac/v1.PolicyRule")).join("\n"), /SPEC004/);
  assert.match(errors(withField("type: autoscaling/v2beta2.MetricSpec")).join("\n"), /SPEC004/);
});

test("SEM241 keywords that would change the upstream schema", () => {
  const src = withField("type: Quantity\nmaxLength: 10");
  expectOne(
    src,
    "SEM241",
    posOf(src, "maxLength"),
    "maxLength does not apply to the Kubernetes type Quantity",
  );
  const fields = withField("type: core/v1.Toleration\nfields:\n  extra:\n    type: string");
  expectOne(fields, "SEM241", posOf(fields, "fields:", "Toleration"), "fields does not apply");
});

test("SEM026 a default is checked against the embedded type's schema", () => {
  const quantity = withField("type: Quantity\ndefault: lots");
  expectOne(
    quantity,
    "SEM026",
    posOf(quantity, "lots"),
    'default "lots" does not match the pattern',
  );
  const toleration = withField("type: core/v1.Toleration\ndefault: { tolerationSeconds: soon }");
  expectOne(toleration, "SEM026", posOf(toleration, "soon"), "is not of type integer");
  assert.deepEqual(
    errors(withField("type: core/v1.ResourceRequirements\ndefault: { requests: { cpu: 100m } }")),
    [],
  );
});

test("CEL rules type-check against the embedded type's fields", () => {
  const ok = withField(
    "type: core/v1.ResourceRequirements\nrules:\n  - rule: \"!has(self.limits) || 'cpu' in self.limits\"\n    message: m",
  );
  assert.deepEqual(errors(ok), []);
  const wrong = withField(
    "type: core/v1.Toleration\nrules:\n  - rule: self.operatr == 'Exists'\n    message: m",
  );
  expectOne(wrong, "SEM102", posOf(wrong, "operatr"), 'no such field "operatr"');
});

test("CEL cost inside an embedded type is estimated from its unbounded lists and strings", () => {
  const costly = withField(
    "type: array\nitems:\n  type: core/v1.Toleration\nrules:\n  - rule: self.all(t, t.key.matches('^[a-z]+$'))\n    message: m",
  );
  assert.match(errors(costly).join("\n"), /cost/i);
  const bounded = withField(
    "type: array\nmaxItems: 5\nitems:\n  type: core/v1.Toleration\nrules:\n  - rule: self.all(t, t.operator != 'Gt')\n    message: m",
  );
  assert.deepEqual(errors(bounded), []);
});

test("no maxLength is derived on or inside an embedded type: the CRD carries it unchanged", async () => {
  const { planCelBounds } = await import("../cel-bounds.ts");
  const { parseSpec } = await import("../../parse/parse-spec.ts");
  const src = withField(
    "type: array\nitems:\n  type: core/v1.Toleration\nrules:\n  - rule: self.all(t, !has(t.key) || t.key.matches('^[a-z]+$'))\n    message: m",
  );
  const parsed = parseSpec(src, "operator.yaml");
  assert.ok(parsed.ok);
  const plan = planCelBounds(parsed.spec.data as Record<string, unknown>);
  assert.deepEqual([...plan.derived.keys()], []);
  // Unbounded as the server sees it: the rule is over the cost limit, and check says so.
  assert.match(errors(src).join("\n"), /SEM060 array "x" has no maxItems/);
});

test("SEM152/SEM190 paths into an embedded type are refused, saying why", () => {
  const src =
    withField("type: core/v1.ResourceRequirements") +
    "printerColumns:\n  - name: CPU\n    type: string\n    jsonPath: .spec.x.requests.cpu\n" +
    "selectableFields:\n  - jsonPath: .spec.x.claims\n";
  expectOne(
    src,
    "SEM152",
    posOf(src, ".spec.x.requests.cpu"),
    "spec.x is the embedded Kubernetes type core/v1.ResourceRequirements, which columns cannot look into yet",
  );
  expectOne(
    src,
    "SEM190",
    posOf(src, ".spec.x.claims"),
    "goes into spec.x, the embedded Kubernetes type core/v1.ResourceRequirements, which selectable fields cannot look into yet",
  );
});
