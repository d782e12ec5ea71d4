import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { FieldModel } from "../../model/types.ts";
import { fieldViolations } from "../manifests/field-violations.ts";
import { field } from "../manifests/testing/fixtures.ts";
import { distinctKeys, type KeyTemplate } from "./key-template.ts";

function keysFor(key: FieldModel, sample: unknown, rules: string[] = []) {
  const spec = {
    fields: [key],
    rules: rules.map((rule) => ({ rule, message: "no" })),
  };
  return distinctKeys(key, spec, { [key.name]: sample });
}

/** What a suite makes of a template (test/support/fixture.ts): the extremes of its alphabet. */
function expand(t: KeyTemplate, token: string): string {
  return `${t.prefix}${token.repeat(t.length).slice(0, t.length)}${t.suffix}`;
}

describe("distinct natural keys for the generated suites", () => {
  it("a free string is the letters alone", () => {
    const keys = keysFor(field("name", "string", { required: true }), "example");
    assert.deepEqual(keys, {
      template: { prefix: "", suffix: "", length: 10, alphabet: "lower" },
      values: [],
    });
  });

  it("a hostname: the letters are a valid one; a short maxLength shortens them", () => {
    const domain = field("domain", "string", { format: "hostname", maxLength: 8 });
    const t = keysFor(domain, "example.com").template!;
    assert.deepEqual(t, { prefix: "", suffix: "", length: 8, alphabet: "lower" });
  });

  it("a pattern of digits gets digits; a leading letter is kept from the sample", () => {
    const version = field("version", "string", { pattern: "^[0-9]+(\\.[0-9]+)?$" });
    assert.equal(keysFor(version, "16").template?.alphabet, "digits");
    const code = field("code", "string", { pattern: "^[a-z][0-9]+$", maxLength: 12 });
    const t = keysFor(code, "a1").template!;
    for (const token of ["0", "9"])
      assert.deepEqual(fieldViolations(code, expand(t, token)), [], expand(t, token));
  });

  it("a spec-level CEL rule on the key is honoured, around the sample the rule accepts", () => {
    const name = field("name", "string", { required: true });
    const t = keysFor(name, "team-a", ["self.name.startsWith('team-')"]).template!;
    assert.deepEqual(t, { prefix: "team-a-", suffix: "", length: 10, alphabet: "lower" });
    // A rule that admits one value leaves too few keys: an internal error, not a flaky suite.
    assert.throws(
      () => keysFor(name, "example", ["self.name == 'example'"]),
      /internal error: only \d+ distinct values of spec\.name/,
    );
  });

  it("a key whose maxLength is under every template length gets counted-out short values", () => {
    // Found by the property test: ^[a-z]+$, 2 to 5 characters, and a rule refusing one value.
    const code = field("code", "string", {
      pattern: "^[a-z]+$",
      minLength: 2,
      maxLength: 5,
      rules: [{ rule: "self != 'zz'", message: "that value is taken" }],
    });
    const keys = keysFor(code, "abc");
    assert.equal(keys.template, null);
    assert.equal(new Set(keys.values).size, keys.values.length);
    assert.ok(keys.values.length >= 32, `${keys.values.length} values`);
    for (const value of keys.values) {
      assert.deepEqual(fieldViolations(code, value), [], value);
      assert.notEqual(value, "zz");
    }
  });

  it("a strictly checked format is keyed from exact values of that format, not a template", () => {
    const ip = keysFor(field("address", "string", { format: "ipv4" }), "10.0.0.1");
    assert.equal(ip.template, null);
    assert.equal(ip.values.length, 64);
    assert.equal(new Set(ip.values).size, 64);
    assert.ok(
      ip.values.every((v) => /^10\.0\.\d{1,3}\.1$/.test(v) && Number(v.split(".")[2]) < 256),
    );
    const uuid = keysFor(field("id", "string", { format: "uuid" }), "x");
    assert.equal(uuid.values.length, 64);
    assert.ok(
      uuid.values.every(
        (v) => fieldViolations(field("id", "string", { format: "uuid" }), v).length === 0,
      ),
    );
  });
});
