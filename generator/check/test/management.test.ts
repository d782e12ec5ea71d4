// management: the deletion-policy annotation's key and the pause mark (SEM370-SEM373, WARN155).

import assert from "node:assert/strict";
import { test } from "node:test";
import { resolveManagement } from "../check-management.ts";
import { check, expectOne, MINIMAL, posOf } from "./helpers.ts";

const withManagement = (...lines: string[]) =>
  `${MINIMAL}management:\n${lines.map((l) => `  ${l}\n`).join("")}`;

test("a pause annotation or label and a deletion-policy key check clean and reach the plan", () => {
  assert.deepEqual(check(withManagement("pause:", "  annotation: crossplane.io/paused")), []);
  assert.deepEqual(
    check(withManagement("pause:", "  label: example.com/paused", "  value: yes")),
    [],
  );
  const { plan } = resolveManagement({
    api: { group: "db.example.com" },
    management: { pause: { label: "example.com/paused" } },
  });
  assert.deepEqual(plan, {
    deletionPolicyAnnotation: "db.example.com/deletion-policy",
    pause: { on: "label", key: "example.com/paused", value: "true" },
  });
});

test("SEM370 a key that is not an annotation or label key", () => {
  const bad = withManagement("pause:", "  annotation: example.com/not ok");
  expectOne(bad, "SEM370", posOf(bad, "example.com/not ok"), "is not a valid annotation key");
  const policy = withManagement("deletionPolicyAnnotation: a/b/c");
  expectOne(policy, "SEM370", posOf(policy, "a/b/c"), "at most one /");
});

test("SEM371 pause names exactly one of annotation and label", () => {
  const both = withManagement("pause:", "  annotation: example.com/p", "  label: example.com/p");
  expectOne(
    both,
    "SEM371",
    posOf(both, "annotation: example.com/p"),
    "both an annotation and a label",
  );
  const none = withManagement("pause:", "  value: x");
  expectOne(none, "SEM371", posOf(none, "value: x"), "neither an annotation nor a label");
});

test("SEM372 a pause value that cannot be a label value", () => {
  const bad = withManagement("pause:", "  label: example.com/p", '  value: "no way"');
  expectOne(bad, "SEM372", posOf(bad, '"no way"'), "cannot mark a label");
});

test("SEM373 the pause annotation cannot be the deletion-policy annotation", () => {
  const group = /group: (\S+)/.exec(MINIMAL)![1];
  const clash = withManagement("pause:", `  annotation: ${group}/deletion-policy`);
  expectOne(
    clash,
    "SEM373",
    posOf(clash, `${group}/deletion-policy`),
    "deletion-policy annotation",
  );
});

test("WARN155 a deletion-policy key without external resources", () => {
  const lonely = withManagement("deletionPolicyAnnotation: example.com/deletion-policy");
  const found = check(lonely);
  assert.deepEqual(
    found.map((d) => d.code),
    ["WARN155"],
  );
});

test("an adoption annotation's key reaches the plan (ACK's services.k8s.aws/adoption-policy)", () => {
  const { plan, problems } = resolveManagement({
    api: { group: "db.example.com" },
    externalResources: [{ name: "zone", identity: { naturalKey: "domain" } }],
    management: { adoptionAnnotation: "services.k8s.aws/adoption-policy" },
  });
  assert.deepEqual(problems, []);
  assert.equal(plan.adoptionAnnotation, "services.k8s.aws/adoption-policy");
  const bad = withManagement("adoptionAnnotation: a/b/c");
  assert.ok(check(bad).some((d) => d.code === "SEM370"));
});

test("SEM400 the adoption annotation cannot be another of the operator's annotations; SEM373 nor the pause one", () => {
  const group = /group: (\S+)/.exec(MINIMAL)![1];
  const clash = withManagement(`adoptionAnnotation: ${group}/deletion-policy`);
  expectOne(
    clash,
    "SEM400",
    posOf(clash, `${group}/deletion-policy`),
    "deletion-policy annotation",
  );
  const abandon = withManagement(`adoptionAnnotation: ${group}/abandon-external-resources`);
  assert.ok(
    check(abandon).some((d) => d.code === "SEM400" && /abandon annotation/.test(d.message)),
  );
  const paused = withManagement(
    "adoptionAnnotation: example.com/adopt",
    "pause:",
    "  annotation: example.com/adopt",
  );
  assert.ok(
    check(paused).some((d) => d.code === "SEM373" && /adoption annotation/.test(d.message)),
  );
});

test("WARN170 an adoption annotation without a keyed external resource", () => {
  const lonely = withManagement("adoptionAnnotation: example.com/adoption-policy");
  assert.deepEqual(
    check(lonely).map((d) => d.code),
    ["WARN170"],
  );
});
