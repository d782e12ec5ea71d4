import assert from "node:assert/strict";
import { test } from "node:test";
import { deletionPolicyOverride, effectiveDeletionPolicy } from "../src/deletion-policy.ts";

const ANNOTATION = "dns.example.org/deletion-policy";
const annotated = (value?: string) => ({
  metadata: {
    name: "web",
    ...(value === undefined ? {} : { annotations: { [ANNOTATION]: value } }),
  },
});

test("no annotation: operator.yaml's policy applies", () => {
  const override = deletionPolicyOverride(annotated(), ANNOTATION);
  assert.deepEqual(override, { kind: "none" });
  assert.equal(effectiveDeletionPolicy(override, "Delete"), "Delete");
  assert.equal(effectiveDeletionPolicy(override, "Retain"), "Retain");
});

test("Delete or Retain overrides operator.yaml's policy either way", () => {
  const retain = deletionPolicyOverride(annotated("Retain"), ANNOTATION);
  assert.equal(effectiveDeletionPolicy(retain, "Delete"), "Retain");
  const remove = deletionPolicyOverride(annotated("Delete"), ANNOTATION);
  assert.equal(effectiveDeletionPolicy(remove, "Retain"), "Delete");
});

test("any other value is invalid and names the choices; it never falls back to deleting", () => {
  for (const value of ["retain", "Orphan", "", " Retain"]) {
    const override = deletionPolicyOverride(annotated(value), ANNOTATION);
    assert.equal(override.kind, "invalid", JSON.stringify(value));
    if (override.kind !== "invalid") continue;
    assert.equal(override.value, value);
    assert.match(override.message, /use Delete or Retain/);
    assert.ok(override.message.includes(ANNOTATION));
  }
});
