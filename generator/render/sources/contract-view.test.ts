import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { FieldModel } from "../../model/types.ts";
import { objectViolations } from "../manifests/field-violations.ts";
import { EXAMPLES, exampleModel, field, fixtureModel } from "../manifests/testing/fixtures.ts";
import {
  expand,
  type SpecCase,
  type TransitionCase,
} from "../../../templates/project/test/contract/contract-cases.ts";
import { buildContractView } from "./contract-view.ts";
import { fixtureJson, itemIdentity, manyItems } from "./contract-values.ts";

const cases = <T>(json: string): T[] => JSON.parse(json) as T[];

/** Duplicates in set and map lists: the one rejection the local schema check cannot see. */
function hasDuplicates(fields: readonly FieldModel[], value: Record<string, unknown>): boolean {
  return fields.some((f) => {
    const v = value[f.name];
    if (f.type === "object" && v && typeof v === "object")
      return hasDuplicates(f.fields, v as Record<string, unknown>);
    if (f.type !== "array" || !Array.isArray(v)) return false;
    const identity = itemIdentity(f);
    if (identity && new Set(v.map(identity)).size < v.length) return true;
    return v.some((item) => f.items!.type === "object" && hasDuplicates(f.items!.fields, item));
  });
}

describe("contract view of the examples", () => {
  for (const name of EXAMPLES) {
    it(`${name}: every accepted case passes the local schema check, every rejected one breaks it`, () => {
      const model = exampleModel(name);
      const view = buildContractView(model);
      const fields = model.spec.fields;
      for (const c of cases<SpecCase>(view.schemaCases)) {
        if (c.spec === null) {
          // The object sent without spec: refused exactly when spec is required.
          assert.equal(c.expect !== "accepted", model.spec.required, c.name);
          continue;
        }
        const spec = expand(c.spec)!;
        const problems = objectViolations(fields, spec, "spec");
        if (c.expect === "accepted") assert.deepEqual(problems, [], c.name);
        else if (c.expect.reason === "FieldValueDuplicate")
          assert.ok(hasDuplicates(fields, spec), c.name);
        else
          assert.ok(
            problems.some((p) => p.startsWith(`${(c.expect as { field: string }).field}:`)),
            `${c.name}: ${problems.join("; ")}`,
          );
      }
      for (const c of cases<TransitionCase>(view.transitionCases)) {
        assert.deepEqual(objectViolations(fields, expand(c.old), "spec"), [], c.name);
        assert.deepEqual(objectViolations(fields, expand(c.new), "spec"), [], c.name);
      }
      assert.deepEqual(objectViolations(fields, JSON.parse(view.minimalSpec), "spec"), []);
    });
  }

  it("database: bounds at the boundary, CEL-guarded values taken from the rule's examples", () => {
    const view = buildContractView(exampleModel("database"));
    const byName = new Map(cases<SpecCase>(view.schemaCases).map((c) => [c.name, c]));
    assert.deepEqual(byName.get("spec.storageGB: 9 is rejected (minimum 10)")?.expect, {
      field: "spec.storageGB",
      reason: "FieldValueInvalid",
      message: "greater than or equal to 10",
    });
    assert.ok(byName.has("spec.storageGB: 16384 is accepted (maximum 16384)"));
    // retentionDays 0 only passes the backup rule with backups off: the rule's own example says so.
    assert.deepEqual(byName.get("spec.backup.retentionDays: 0 is accepted (minimum 0)")?.spec, {
      backup: { enabled: false, retentionDays: 0 },
    });
    assert.deepEqual(
      byName.get('spec.allowedCIDRs: ["10.0.0.0/24","10.0.0.0/24"] is rejected (list-type set)')
        ?.expect,
      { field: "spec.allowedCIDRs[1]", reason: "FieldValueDuplicate", message: "Duplicate value" },
    );
    assert.deepEqual(JSON.parse(view.defaults), [
      { path: "spec.engine", value: "postgres" },
      { path: "spec.version", value: "16" },
      { path: "spec.size", value: "small" },
      { path: "spec.storageGB", value: 20 },
      { path: "spec.backup", value: { enabled: true, retentionDays: 7 } },
    ]);
    const cel = cases<SpecCase>(view.celCases);
    assert.deepEqual(cel.at(-1)?.expect, {
      field: "spec.backup.retentionDays",
      reason: "FieldValueInvalid",
      message: "retentionDays must be at least 1 when backups are enabled",
    });
    const transitions = cases<TransitionCase>(view.transitionCases).map((c) => c.name);
    assert.deepEqual(transitions, [
      'spec.engine: "postgres" → "mysql" is rejected (immutable)',
      'spec.engine: "postgres" → "postgres" is accepted (immutable)',
      "spec.storageGB: 20 → 40 is accepted (rule: storageGB cannot shrink)",
      "spec.storageGB: 40 → 40 is accepted (rule: storageGB cannot shrink)",
      "spec.storageGB: 40 → 20 is rejected (rule: storageGB cannot shrink)",
    ]);
    assert.deepEqual(JSON.parse(view.columns)[1], { name: "Engine", value: "postgres" });
  });

  it("dns-zone: item rules at the first item, duplicates reported on the second", () => {
    const view = buildContractView(exampleModel("dns-zone"));
    const schema = cases<SpecCase>(view.schemaCases);
    const duplicate = schema.find((c) => c.name.includes("is rejected (list-type map"));
    assert.deepEqual(duplicate?.expect, {
      field: "spec.records[1]",
      reason: "FieldValueDuplicate",
      message: "Duplicate value",
    });
    const cel = cases<SpecCase>(view.celCases);
    assert.equal(cel.length, 2);
    assert.deepEqual(cel[1]?.expect, {
      field: "spec.records[0]",
      reason: "FieldValueInvalid",
      message: "a CNAME record has exactly one value",
    });
    // 101 records are written as one compact template, not 101 literals; the item is the item
    // rule's valid example, so the rule accepts every record.
    assert.match(view.schemaCases, /"\$repeat":101,"item":\{"name":"www-\{i\}"/);
  });

  it("web-app: spec-level rule examples are whole specs; scale, free-form and int-or-string", () => {
    const view = buildContractView(exampleModel("web-app"));
    const cel = cases<SpecCase>(view.celCases);
    assert.deepEqual(cel[1]?.spec, { image: "nginx:1.27", replicas: 20, port: 80 });
    assert.deepEqual(cel[1]?.expect, {
      field: "spec",
      reason: "FieldValueInvalid",
      message: "more than 10 replicas cannot listen on port 80",
    });
    const names = cases<SpecCase>(view.schemaCases).map((c) => c.name);
    assert.ok(names.includes("spec.servicePort: 80 is accepted (int-or-string: a number)"));
    assert.ok(names.includes('spec.servicePort: "http" is accepted (int-or-string: a string)'));
    const pruning = cases<{ name: string; stored: { extraConfig?: unknown } }>(view.pruningCases);
    assert.deepEqual(pruning.at(-1)?.stored.extraConfig, {
      anyKey: { nested: [1, "two", true] },
      "dashed-key": "kept",
    });
    assert.equal(view.scale?.field, "spec.replicas");
    assert.equal(view.scale?.specReplicas, 2);
    assert.equal(view.scale?.newReplicas, 3);
    assert.equal(view.scale?.tooMany, 101);
  });
});

describe("contract view of a hand-built model", () => {
  it("an optional immutable field without default can be neither changed nor removed", () => {
    const view = buildContractView(fixtureModel());
    const zone = cases<TransitionCase>(view.transitionCases).filter((c) =>
      c.name.startsWith("spec.zone:"),
    );
    assert.equal(zone.length, 4);
    assert.deepEqual(zone[2]?.expect, {
      field: "spec",
      reason: "FieldValueInvalid",
      message: "zone is immutable and cannot be removed once set",
    });
    assert.equal("zone" in zone[2]!.new, false);
    // Immutable once set: an object created without it may still set it once.
    assert.match(zone[3]!.name, /setting .* after creation is accepted/);
    assert.equal(zone[3]!.expect, "accepted");
    assert.equal("zone" in zone[3]!.old, false);
  });

  it("a pattern no listed string breaks gets a searched one; one that every string matches, none", () => {
    const model = fixtureModel();
    model.spec.rules = [];
    model.spec.fields = [
      field("tilde", "string", { pattern: "[^~]|^$" }),
      field("anything", "string", { pattern: ".*" }),
      field("empty", "string", { pattern: "" }),
    ];
    const all = cases<SpecCase>(buildContractView(model).schemaCases);
    const patternCases = all.filter((c) => c.expect !== "accepted" && c.name.includes("(pattern "));
    assert.deepEqual(
      patternCases.map((c) => c.spec),
      [{ tilde: "~" }],
    );
  });

  it("numeric formats: values at and beyond each format's range, expected as the server treats them", () => {
    const model = fixtureModel();
    model.spec.rules = [];
    model.spec.fields = [
      field("timeout", "integer", { format: "int32" }),
      field("big", "integer"),
      field("ratio", "number", { format: "float" }),
      field("narrow", "integer", { format: "int32", minimum: 0, maximum: 10 }),
    ];
    const all = cases<SpecCase>(buildContractView(model).schemaCases);
    const rejected = (path: string) =>
      all
        .filter((c) => c.expect !== "accepted" && c.expect.field === "<nil>")
        .map((c) => (c.spec as Record<string, unknown>)[path.slice("spec.".length)])
        .filter((v) => v !== undefined);
    const accepted = (path: string) =>
      all
        .filter((c) => c.expect === "accepted")
        .map((c) => (c.spec as Record<string, unknown>)[path.slice("spec.".length)]);
    assert.deepEqual(rejected("spec.timeout"), [2 ** 31, -(2 ** 31) - 1]);
    assert.ok(accepted("spec.timeout").includes(2 ** 31 - 1));
    assert.ok(accepted("spec.timeout").includes(-(2 ** 31)));
    assert.deepEqual(rejected("spec.big"), [2 ** 63, -(2 ** 63)]);
    assert.deepEqual(rejected("spec.ratio"), [3.5e38, -3.5e38]);
    assert.deepEqual(rejected("spec.narrow"), [], "minimum and maximum already keep it in range");
    for (const c of all)
      if (c.expect !== "accepted" && c.expect.field === "<nil>")
        assert.match(
          c.expect.message,
          /^Checked value must be of type (integer|number) .* in spec\./,
        );
  });

  it("number bounds: written as the server writes them, and a bad value beyond even huge bounds", () => {
    const model = fixtureModel();
    model.spec.rules = [];
    model.spec.fields = [
      field("tiny", "number", { minimum: 0.00001 }),
      field("huge", "number", { maximum: 1e20 }),
      field("count", "integer", { maximum: 1_000_000 }),
      field("everything", "number", { maximum: Number.MAX_VALUE }),
    ];
    const rejected = cases<SpecCase>(buildContractView(model).schemaCases).flatMap((c) =>
      c.expect === "accepted" || c.expect.field === "<nil>" || c.spec === null
        ? []
        : [{ spec: c.spec, message: c.expect.message }],
    );
    assert.deepEqual(rejected, [
      { spec: { tiny: 0.00001 - 1 }, message: "greater than or equal to 1e-05" },
      { spec: { huge: 100000000000000020000 }, message: "less than or equal to 1e+20" },
      { spec: { count: 1_000_001 }, message: "less than or equal to 1000000" },
    ]);
  });

  it("compact fixtures expand to exactly the values they stand for", () => {
    const env = field("env", "array", {
      listType: "map",
      listMapKeys: ["name"],
      items: field("item", "object", {
        fields: [field("name", "string", { required: true, pattern: "^[A-Z_]+[0-9]*$" })],
      }),
    });
    const items = manyItems(env, 12)!;
    assert.equal(new Set(items.map((i) => JSON.stringify(i))).size, 12);
    const json = fixtureJson({ env: items });
    assert.ok(json.length < JSON.stringify({ env: items }).length);
    assert.deepEqual(expand(JSON.parse(json)), { env: items });
  });
});

describe("printer columns the server's Table shows", () => {
  const names = (model: ReturnType<typeof fixtureModel>): string[] =>
    (JSON.parse(buildContractView(model).columns) as Array<{ name: string }>).map((c) => c.name);

  it("no declared columns: the server falls back to Name and Age", () => {
    const model = fixtureModel();
    model.printerColumns = [];
    assert.deepEqual(names(model), ["Name", "Age"]);
  });

  it("declared columns replace the Age default and keep their order, priority ones included", () => {
    const model = fixtureModel();
    model.printerColumns = [
      { name: "Wide", type: "string", jsonPath: ".spec.zone", priority: 1 },
      { name: "Zone", type: "string", jsonPath: ".spec.zone" },
    ];
    assert.deepEqual(names(model), ["Name", "Wide", "Zone"]);
  });
});
