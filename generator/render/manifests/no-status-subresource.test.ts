// api.statusSubresource: false: the CRD serves no …/status, its status schema keeps the spec hash
// the operator records, and neither the operator nor the user roles are granted the subresource
// (the operator's status write is a patch of the object, which its rule on the resource grants).

import assert from "node:assert/strict";
import { test } from "node:test";
import { renderCrd } from "./crd.ts";
import { managerRules } from "./rbac-rules.ts";
import { documentsOf, fixtureModel } from "./testing/fixtures.ts";
import { USER_ROLES, userRoleRules } from "./user-roles.ts";

const base = fixtureModel();
const withoutSubresource = fixtureModel({ api: { ...base.api, statusSubresource: false } });

test("the CRD has no status subresource and its status schema keeps observedSpecHash", () => {
  const [crd] = documentsOf(renderCrd(withoutSubresource));
  for (const version of crd!.spec.versions) {
    assert.equal(version.subresources?.status, undefined);
    const status = version.schema.openAPIV3Schema.properties.status;
    assert.equal(status.properties.observedSpecHash.type, "string");
    assert.match(status.properties.observedGeneration.description, /observedSpecHash/);
  }
  const [withSubresource] = documentsOf(renderCrd(base));
  const status = withSubresource!.spec.versions[0].schema.openAPIV3Schema.properties.status;
  assert.deepEqual(withSubresource!.spec.versions[0].subresources.status, {});
  assert.equal(status.properties.observedSpecHash, undefined, "only without the subresource");
});

test("RBAC names no <plural>/status; the operator patches the object", () => {
  const resources = (rules: { resources?: string[] }[]) => rules.flatMap((r) => r.resources ?? []);
  const plural = base.api.plural;
  assert.ok(resources(managerRules(base)).includes(`${plural}/status`));
  const rules = managerRules(withoutSubresource);
  assert.ok(!resources(rules).includes(`${plural}/status`));
  const onObject = rules.find((r) => r.resources?.includes(plural));
  assert.ok(onObject?.verbs.includes("patch"), "the status write is a patch of the object");
  for (const role of USER_ROLES)
    assert.ok(!resources(userRoleRules(withoutSubresource, role)).includes(`${plural}/status`));
});
