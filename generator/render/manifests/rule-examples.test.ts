import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { parse } from "yaml";
import { compiledSites } from "../../check/cel-compiled-sites.ts";
import { evaluateRule } from "../../check/cel-evaluate.ts";
import { buildModel } from "../../model/build-model.ts";
import type { CelRule } from "../../model/types.ts";
import { exampleSpec, exampleValue } from "./example-values.ts";
import { sampleObject } from "./sample.ts";
import { field } from "./testing/fixtures.ts";

const rule = (text: string, valid: unknown[]): CelRule => ({
  rule: text,
  message: "m",
  examples: { valid, invalid: [] },
});

describe("example values honour CEL rules", () => {
  it("a field with a rule takes the rule's valid example over a schema-only value", () => {
    const counts = field("enabledCount", "array", {
      maxItems: 8,
      items: field("enabledCount", "integer"),
      rules: [rule("size(self) >= 1", [[1]])],
    });
    assert.deepEqual(exampleValue(counts), [1]);
    const label = field("label", "string", { rules: [rule("self.startsWith('x-')", ["x-one"])] });
    assert.equal(exampleValue(label), "x-one");
  });

  it("the default still wins, and transition rules do not constrain creation", () => {
    const withDefault = field("n", "integer", {
      default: 4,
      rules: [rule("self > 3", [5])],
    });
    assert.equal(exampleValue(withDefault), 4);
    const transition = field("n", "integer", {
      rules: [rule("self >= oldSelf", [{ old: 1, new: 2 }])],
    });
    assert.equal(exampleValue(transition), 1);
  });

  it("an object field's valid example is merged over its generated members", () => {
    const range = field("range", "object", {
      fields: [
        field("low", "integer", { required: true }),
        field("high", "integer", { required: true }),
        field("name", "string", { required: true }),
      ],
      rules: [rule("self.low < self.high", [{ low: 1, high: 2 }])],
    });
    assert.deepEqual(exampleValue(range), { low: 1, high: 2, name: "example" });
  });

  it("a spec-level rule's valid example is merged over the generated spec", () => {
    const fields = [
      field("low", "integer", { required: true }),
      field("high", "integer", { required: true }),
    ];
    const spec = { fields, rules: [rule("self.low < self.high", [{ low: 1, high: 2 }])] };
    assert.deepEqual(exampleSpec(spec), { low: 1, high: 2 });
  });

  it("a spec the spec-level rule already accepts (defaults filled in) keeps its values", () => {
    const fields = [
      field("image", "string", { required: true }),
      field("replicas", "integer", { default: 2 }),
      field("port", "integer", { default: 80 }),
    ];
    const rules = [
      rule("self.replicas <= 10 || self.port != 80", [{ image: "a", replicas: 20, port: 8080 }]),
    ];
    assert.deepEqual(exampleSpec({ fields, rules }), { image: "nginx:1.27" });
    const strict = [rule("self.replicas > 5", [{ image: "a", replicas: 6 }])];
    assert.deepEqual(exampleSpec({ fields, rules: strict }), { image: "a", replicas: 6 });
  });

  it("the sample of a spec with field and spec-level rules passes every rule when evaluated", () => {
    const source = readFileSync(join(import.meta.dirname, "testing/rule-spec.yaml"), "utf8");
    const raw = parse(source);
    const sample = sampleObject(buildModel(raw, source));
    let evaluated = 0;
    for (const { site, self, compiled } of compiledSites(raw)) {
      if (site.section !== "spec" || site.generated || /\boldSelf\b/.test(site.rule)) continue;
      assert.equal(compiled.status, "ok", site.rule);
      if (compiled.status !== "ok") continue;
      const path = site.selfPath;
      const value = path.length === 1 ? sample.spec : sample.spec![path[2] as string];
      const verdict = evaluateRule(site.rule, compiled.types, self, value);
      assert.equal(verdict.outcome, "accepted", `${site.rule} on ${JSON.stringify(value)}`);
      evaluated++;
    }
    assert.equal(evaluated, 3);
  });
});
