// management.adoptionValues: the adoption annotation's own values, as ACK spells them
// (services.k8s.aws/adoption-policy: adopt | adopt-or-create) (SEM450, WARN195).

import assert from "node:assert/strict";
import { test } from "node:test";
import { resolveManagement } from "../check-management.ts";
import { check, expectOne, MINIMAL, posOf } from "./helpers.ts";

const withManagement = (...lines: string[]) =>
  `${MINIMAL}management:\n${lines.map((l) => `  ${l}\n`).join("")}`;

const ACK = {
  api: { group: "s3.services.k8s.aws" },
  externalResources: [{ name: "bucket", identity: { naturalKey: "name" } }],
  management: {
    adoptionAnnotation: "services.k8s.aws/adoption-policy",
    adoptionValues: { adopt: "AdoptOnly", "adopt-or-create": "Adopt" },
  },
};

test("ACK's values reach the plan beside the annotation", () => {
  const { plan, problems } = resolveManagement(ACK);
  assert.deepEqual(problems, []);
  assert.deepEqual(plan.adoptionValues, { adopt: "AdoptOnly", "adopt-or-create": "Adopt" });
});

test("without adoptionValues the plan has none: the runtime's Adopt and Refuse apply", () => {
  const { plan } = resolveManagement({
    ...ACK,
    management: { adoptionAnnotation: "services.k8s.aws/adoption-policy" },
  });
  assert.equal(plan.adoptionValues, undefined);
});

test("SEM450 adoptionValues without an adoptionAnnotation to carry them", () => {
  const lonely = withManagement("adoptionValues:", "  adopt: AdoptOnly");
  expectOne(lonely, "SEM450", posOf(lonely, "adopt: AdoptOnly"), "no adoptionAnnotation");
});

test("WARN195 adoptionValues of which none adopts: the annotation could only refuse", () => {
  const { plan, problems } = resolveManagement({
    ...ACK,
    management: { ...ACK.management, adoptionValues: { never: "Refuse" } },
  });
  assert.deepEqual(
    problems.map((p) => [p.code, p.path.join(".")]),
    [["WARN195", "management.adoptionValues"]],
  );
  assert.deepEqual(plan.adoptionValues, { never: "Refuse" });
});

test("a behaviour that is not Adopt, AdoptOnly or Refuse is a schema error at the value", () => {
  const bad = withManagement(
    "adoptionAnnotation: example.com/adoption-policy",
    "adoptionValues:",
    "  adopt: Import",
  );
  assert.ok(
    check(bad).some((d) => d.severity === "error" && d.path.includes("adopt")),
    JSON.stringify(check(bad)),
  );
});
