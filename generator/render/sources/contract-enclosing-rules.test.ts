import assert from "node:assert/strict";
import { test } from "node:test";
import { field, fixtureModel } from "../manifests/testing/fixtures.ts";
import { specRuleVerdict } from "../manifests/rule-verdict.ts";
import type {
  SpecCase,
  TransitionCase,
} from "../../../templates/project/test/contract/contract-cases.ts";
import { buildContractView } from "./contract-view.ts";

// A field rule's examples are valid for that rule, but the spec's own rules may refuse them (here
// days -3): the server then refuses the create before the field rule is ever asked, so a contract
// case that must create such a spec cannot be what the server does.
test("rule and transition cases never create a spec a spec-level rule refuses", () => {
  const model = fixtureModel();
  const spec = {
    rule: "!has(self.days) || self.days > -3",
    message: "days must be greater than -3",
  };
  model.spec.rules = [spec];
  model.spec.fields = [
    field("days", "integer", {
      rules: [
        {
          rule: "self >= oldSelf",
          message: "cannot decrease",
          examples: {
            valid: [
              { old: -3, new: 0 },
              { old: 1, new: 2 },
            ],
            invalid: [{ old: 0, new: -3 }],
          },
        },
        { rule: "self != 5", message: "not five", examples: { valid: [-3, 4], invalid: [5] } },
      ],
    }),
  ];
  const view = buildContractView(model);
  const passes = (s: unknown) =>
    specRuleVerdict(spec.rule, model.spec.fields, s as Record<string, unknown>) !== "rejected";
  const transitions = JSON.parse(view.transitionCases) as TransitionCase[];
  const cel = JSON.parse(view.celCases) as SpecCase[];
  assert.ok(transitions.some((c) => c.name.includes("1 → 2 is accepted")));
  assert.ok(cel.some((c) => c.name.includes("4 is accepted")));
  for (const c of transitions) {
    assert.ok(passes(c.old), `${c.name}: the old spec must be created`);
    if (c.expect === "accepted") assert.ok(passes(c.new), c.name);
  }
  for (const c of cel) if (c.expect === "accepted") assert.ok(passes(c.spec), c.name);
});

// An object's own rule may refuse the plain example object (deleteGb: 1 is not above 75636): its
// members' cases then sit in a value the rule's examples show it accepts.
test("member cases of an object sit in a value the object's rules accept", () => {
  const model = fixtureModel();
  model.spec.rules = [];
  const rule = "self.deleteGb > 75636";
  model.spec.fields = [
    field("pool", "object", {
      rules: [
        {
          rule,
          message: "deleteGb must be greater than 75636",
          examples: { valid: [{ deleteGb: 81483 }], invalid: [{ deleteGb: 75636 }] },
        },
      ],
      fields: [
        field("deleteGb", "integer", { path: "pool.deleteGb", required: true, maximum: 81483 }),
        field("hostMs", "integer", { path: "pool.hostMs", minimum: 10, maximum: 95861 }),
      ],
    }),
  ];
  const view = buildContractView(model);
  const accepted = (JSON.parse(view.schemaCases) as SpecCase[]).filter(
    (c) => c.expect === "accepted" && c.name.startsWith("spec.pool.hostMs"),
  );
  assert.ok(accepted.length >= 2);
  for (const c of accepted) {
    const pool = (c.spec as { pool: Record<string, unknown> }).pool;
    assert.equal(specRuleVerdict(rule, model.spec.fields[0]!.fields, pool), "accepted", c.name);
  }
});
