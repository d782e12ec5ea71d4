// Rules written in the field tree's names, rewritten into one version's (pure logic): renamed and
// moved fields through self, oldSelf, nested objects, list indexes, map keys and macro variables;
// rules reading a field the version lacks, or one moved out of the rule's object, are left out.

import assert from "node:assert/strict";
import { test } from "node:test";
import { ruleInVersion, rulesInVersion, treeIn } from "./cel-rule-versions.ts";
import { placer } from "./field-evolution.ts";

const fields = {
  tier: { type: "string", versions: { renamed: { v1alpha1: "plan" } } },
  zoneHint: { type: "string", versions: { added: "v1beta1" } },
  "max-size": { type: "integer", versions: { renamed: { v1alpha1: "size-limit" } } },
  backup: {
    type: "object",
    fields: {
      keepDays: { type: "integer", versions: { renamed: { v1alpha1: "backupRetentionDays" } } },
      enabled: { type: "boolean" },
    },
  },
  replicas: {
    type: "array",
    items: {
      type: "object",
      fields: {
        name: { type: "string" },
        nodeClass: { type: "string", versions: { renamed: { v1alpha1: "instanceClass" } } },
        zone: { type: "string", versions: { added: "v1beta1" } },
      },
    },
  },
  pools: {
    type: "map",
    values: {
      type: "object",
      fields: { size: { type: "integer", versions: { renamed: { v1alpha1: "capacity" } } } },
    },
  },
};
const v1alpha1 = treeIn(fields, placer("v1alpha1"));
const atRoot = (rule: string) => ruleInVersion(rule, v1alpha1, "", undefined);

test("renamed and moved fields are rewritten wherever the rule reaches them", () => {
  const cases: Array<[string, string]> = [
    ["self.tier != 'x' && has(self.tier)", "self.plan != 'x' && has(self.plan)"],
    ["self.tier == oldSelf.tier", "self.plan == oldSelf.plan"],
    [
      "self.backup.keepDays > 1 && self.backup.enabled",
      "self.backupRetentionDays > 1 && self.backup.enabled",
    ],
    [
      "self.replicas.all(r, r.nodeClass == 'small' || r.name != '')",
      "self.replicas.all(r, r.instanceClass == 'small' || r.name != '')",
    ],
    ["self.replicas[0].nodeClass == 'a'", "self.replicas[0].instanceClass == 'a'"],
    [
      "self.pools.east.size > 1 && self.pools['w'].size > 0 && self.pools.all(k, self.pools[k].size > 0)",
      "self.pools.east.capacity > 1 && self.pools['w'].capacity > 0 && self.pools.all(k, self.pools[k].capacity > 0)",
    ],
    // Names the API server escapes are matched and written escaped.
    ["self.max__dash__size < 10", "self.size__dash__limit < 10"],
    // A name the tree does not declare (a variable shadowing, a map key) is left as written.
    [
      "self.replicas.exists(tier, tier.name == 'x')",
      "self.replicas.exists(tier, tier.name == 'x')",
    ],
  ];
  for (const [rule, expected] of cases)
    assert.deepEqual(atRoot(rule), { status: "kept", rule: expected }, rule);
});

test("a rule reading a field the version lacks, or one moved out of its object, is dropped", () => {
  assert.deepEqual(atRoot("self.zoneHint == ''"), {
    status: "dropped",
    field: "zoneHint",
    why: "absent",
  });
  assert.deepEqual(atRoot("self.replicas.exists(r, has(r.zone))"), {
    status: "dropped",
    field: "zone",
    why: "absent",
  });
  assert.deepEqual(
    ruleInVersion("self.keepDays > 0 || !self.enabled", v1alpha1, "backup", fields.backup),
    { status: "dropped", field: "backup.keepDays", why: "moved-out" },
  );
});

test("rules on a list's items and on a list itself, and their fieldPath", () => {
  const items = treeIn(fields.replicas.items.fields, placer("v1alpha1"));
  assert.deepEqual(
    rulesInVersion(
      [
        { rule: "self.nodeClass != ''", message: "m", fieldPath: ".nodeClass" },
        { rule: "self.nodeClass != 'large' || has(self.zone)", message: "dropped" },
      ],
      items,
      "",
      fields.replicas.items,
    ),
    [{ rule: "self.instanceClass != ''", message: "m", fieldPath: ".instanceClass" }],
  );
  assert.deepEqual(
    ruleInVersion("self.all(r, r.nodeClass != '')", v1alpha1, "replicas", fields.replicas),
    {
      status: "kept",
      rule: "self.all(r, r.instanceClass != '')",
    },
  );
});
