import assert from "node:assert/strict";
import { test } from "node:test";
import { check, edit, expectOne, MINIMAL, posOf } from "./helpers.ts";

const withSubresource = (value: string, source = MINIMAL) =>
  edit(source, "  kind: Shop\n", `  kind: Shop\n  statusSubresource: ${value}\n`);

test("statusSubresource: true (the default, written out) checks clean", () => {
  assert.deepEqual(check(withSubresource("true")), []);
});

test("statusSubresource: false is supported: the spec hash tracks what was reconciled", () => {
  assert.deepEqual(check(withSubresource("false")), []);
});

test("SEM470 no status subresource together with the scale subresource is refused where it is said", () => {
  const scaled =
    edit(
      MINIMAL,
      "    - name: v1\n",
      "    - name: v1\n  scale:\n    specReplicasPath: .spec.size\n    statusReplicasPath: .status.replicas\n",
    ) + "  fields:\n    replicas:\n      type: integer\n";
  assert.deepEqual(check(scaled), [], "the scale subresource alone is fine");
  const src = withSubresource("false", scaled);
  const d = expectOne(
    src,
    "SEM470",
    posOf(src, "false"),
    "a CRD without the status subresource cannot also have the scale subresource here: its replica count is read from status, and the generated scale tests write status through …/status",
  );
  assert.equal(d.path, "api.statusSubresource");
});

test("SEM471 a status field named observedSpecHash is reserved without the status subresource", () => {
  const declared = MINIMAL + "  fields:\n    observedSpecHash:\n      type: string\n";
  assert.deepEqual(check(declared), [], "with the subresource the name is free");
  const src = withSubresource("false", declared);
  const d = expectOne(
    src,
    "SEM471",
    posOf(src, "observedSpecHash"),
    'status field "observedSpecHash" is reserved without the status subresource: the operator records there the hash of the spec its status answers for',
  );
  assert.equal(d.path, "status.fields.observedSpecHash");
});

test("SEM472 no status subresource together with status.observedGeneration: false is refused where it is said", () => {
  const withoutGeneration = edit(MINIMAL, "status:\n", "status:\n  observedGeneration: false\n");
  assert.deepEqual(check(withoutGeneration), [], "observedGeneration: false alone is fine");
  const src = withSubresource("false", withoutGeneration);
  const d = expectOne(
    src,
    "SEM472",
    posOf(src, "false"),
    "a CRD without the status subresource keeps status.observedGeneration: the operator counts there the spec versions its status answers for, next to the spec hash",
  );
  assert.equal(d.path, "api.statusSubresource");
});
