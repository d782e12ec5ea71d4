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

// The same holds for every object that encloses a member, at any depth: the server runs the
// object's rules on create and update too (property e2e seed 20261203, spec 15 of 20: a transition
// 75636 → 78559 whose old object the rule 'deleteGb must be greater than 75636' refuses).
test("member rule and transition cases never create an object its own rules refuse", () => {
  const model = fixtureModel();
  model.spec.rules = [];
  const rule = "self.deleteGb > 75636";
  const pool = (path: string) =>
    field("pool", "object", {
      path,
      rules: [
        {
          rule,
          message: "deleteGb must be greater than 75636",
          examples: { valid: [{ deleteGb: 81483 }], invalid: [{ deleteGb: 75636 }] },
        },
      ],
      fields: [
        field("deleteGb", "integer", {
          path: `${path}.deleteGb`,
          required: true,
          rules: [
            {
              rule: "self >= oldSelf",
              message: "cannot decrease",
              examples: {
                valid: [
                  { old: 75636, new: 78559 },
                  { old: 80000, new: 80001 },
                ],
                invalid: [{ old: 78559, new: 75636 }],
              },
            },
            {
              rule: "self != 5",
              message: "not five",
              examples: { valid: [75000, 80000], invalid: [5] },
            },
          ],
        }),
      ],
    });
  model.spec.fields = [
    field("outer", "object", { fields: [pool("outer.pool")] }),
    field("pools", "array", { items: pool("pools[]") }),
  ];
  const view = buildContractView(model);
  const admits = (value: unknown) =>
    specRuleVerdict(
      rule,
      model.spec.fields[0]!.fields[0]!.fields,
      value as Record<string, unknown>,
    ) !== "rejected";
  const outerPool = (s: unknown) => (s as { outer: { pool: unknown } }).outer.pool;
  const transitions = (JSON.parse(view.transitionCases) as TransitionCase[]).filter((c) =>
    c.name.startsWith("spec.outer.pool.deleteGb"),
  );
  assert.ok(transitions.some((c) => c.name.includes("80000 → 80001 is accepted")));
  assert.ok(transitions.some((c) => c.name.includes("78559 → 75636 is rejected")));
  for (const c of transitions) {
    assert.ok(admits(outerPool(c.old)), `${c.name}: the old object must be created`);
    if (c.expect === "accepted") assert.ok(admits(outerPool(c.new)), c.name);
  }
  const cel = (JSON.parse(view.celCases) as SpecCase[]).filter((c) => c.expect === "accepted");
  assert.ok(cel.some((c) => c.name.startsWith("spec.outer.pool.deleteGb: 80000 is accepted")));
  assert.ok(cel.some((c) => c.name.startsWith("spec.pools[0].deleteGb: 80000 is accepted")));
  for (const c of cel) {
    const s = c.spec as { outer?: { pool?: unknown }; pools?: unknown[] };
    for (const p of [s.outer?.pool, ...(s.pools ?? [])])
      if (p !== undefined) assert.ok(admits(p), c.name);
  }
});
