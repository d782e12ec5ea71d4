// Tightening tenancy is risky (stored objects stay, their next spec change may be refused, the
// operator stops acting on what the rules now refuse); loosening it is no finding.

import assert from "node:assert/strict";
import { test } from "node:test";
import type { CompatFinding } from "./finding.ts";
import { BASE_SPEC, compareSources as compareAll, lineColOf } from "./testing/compare-sources.ts";

function compareSources(before: string, after: string): CompatFinding[] {
  return compareAll(before, after).filter((f) => f.code === "COMPAT045");
}

function withTenancy(tenancy: string): string {
  return `${BASE_SPEC}tenancy:\n${tenancy}`;
}

const ONE_RULE = withTenancy(`  rules:
    - rule: "object.spec.size != 'huge'"
      message: huge is for production namespaces
`);
const TWO_RULES = withTenancy(`  rules:
    - rule: "object.spec.size != 'huge'"
      message: huge is for production namespaces
    - rule: "!has(object.spec.replicas) || object.spec.replicas <= 3"
      message: at most 3 replicas
  classes:
    - { field: size, values: [medium], resource: shopclasses }
  adminOnly:
    - { field: name }
`);

test("risky: tenancy added where there was none, located at tenancy", () => {
  const [finding, ...rest] = compareSources(BASE_SPEC, ONE_RULE);
  assert.deepEqual(rest, []);
  assert.equal(finding?.class, "risky");
  assert.equal(`${finding.line}:${finding.column}`, lineColOf(ONE_RULE, "tenancy:"));
  assert.match(finding.message, /^tenancy added: .*objects already stored stay/);
  assert.match(finding.hint, /config\/tenancy-audit/);
});

test("risky: a rule, a class value and an admin-only field added, each located", () => {
  const findings = compareSources(ONE_RULE, TWO_RULES);
  assert.deepEqual(
    findings.map((f) => f.path),
    ["tenancy.rules[1].rule", "tenancy.classes[0].values[0]", "tenancy.adminOnly[0].field"],
  );
  assert.match(findings[1]!.message, /^size: medium now needs the use verb on shopclasses\/medium/);
});

test("no finding: the same rules, or rules removed", () => {
  assert.deepEqual(compareSources(TWO_RULES, TWO_RULES), []);
  assert.deepEqual(compareSources(TWO_RULES, ONE_RULE), []);
  assert.deepEqual(compareSources(ONE_RULE, BASE_SPEC), []);
});

const PARAMETERS = withTenancy(`  parameters:
    kind: ShopAllowance
    example: { allowedSizes: [small], referenceNamespaces: [shared] }
    fields:
      allowedSizes: { type: array, required: true, items: { type: string, enum: [small, huge] } }
      referenceNamespaces: { type: array, required: true, items: { type: string } }
  crossNamespaceReferences: { grantedBy: referenceNamespaces }
  quota: { maxObjects: 10 }
`);

test("risky: the parameters renamed, their schema tightened, a field gone, the grant moved, the quota lowered", () => {
  const after = PARAMETERS.replace("kind: ShopAllowance", "kind: ShopLimits")
    .replace("enum: [small, huge]", "enum: [small]")
    .replace(
      "      referenceNamespaces: { type: array, required: true, items: { type: string } }\n",
      "      grants: { type: array, required: true, items: { type: string } }\n",
    )
    .replace(
      "{ allowedSizes: [small], referenceNamespaces: [shared] }",
      "{ allowedSizes: [small], grants: [shared] }",
    )
    .replace("{ grantedBy: referenceNamespaces }", "{ grantedBy: grants }")
    .replace("maxObjects: 10", "maxObjects: 5");
  const findings = compareSources(PARAMETERS, after);
  assert.deepEqual(
    findings.map((f) => f.path),
    [
      "tenancy.parameters.kind",
      "tenancy.parameters.fields",
      "tenancy.parameters.fields.allowedSizes",
      "tenancy.parameters.fields.grants",
      "tenancy.crossNamespaceReferences.grantedBy",
      "tenancy.quota.maxObjects",
    ],
  );
  assert.ok(findings.every((f) => f.class === "risky"));
  assert.match(findings.at(-1)!.message, /at most 5 objects, not 10/);
});

test("no finding: a parameters description reworded, the quota raised", () => {
  const after = PARAMETERS.replace(
    "allowedSizes: { type: array,",
    "allowedSizes: { description: Sizes this namespace may ask for., type: array,",
  ).replace("maxObjects: 10", "maxObjects: 20");
  assert.deepEqual(compareSources(PARAMETERS, after), []);
});
