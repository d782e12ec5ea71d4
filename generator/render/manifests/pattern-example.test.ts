import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { re2Matches } from "../../base/re2-pattern.ts";
import { exampleValue } from "./example-values.ts";
import { fieldViolations } from "./field-violations.ts";
import { patternExamples } from "./pattern-example.ts";
import { field } from "./testing/fixtures.ts";

describe("patternExamples", () => {
  const patterns = [
    "^[A-Z]{3}$",
    "^[0-9]+(\\.[0-9]+)?$",
    "^[A-Za-z_][A-Za-z0-9_]*$",
    "^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$",
    "^(small|medium)-\\d{2,4}$",
    "^v[0-9]+(alpha|beta)?[0-9]*$",
    "",
    "^[^a-z]+$",
    "\\bword\\b",
    "(?i)^abc$",
    "^\\pL{3}\\z",
    "^[[:upper:]][[:digit:]]$",
    "\\Q1+1\\E",
    "^\\x{1F600}$",
  ];
  for (const pattern of patterns) {
    it(`finds values for ${JSON.stringify(pattern)} that RE2 matches`, () => {
      const values = patternExamples(field("x", "string", { pattern }));
      assert.ok(values.length > 0);
      for (const value of values) assert.ok(re2Matches(pattern, value), JSON.stringify(value));
    });
  }

  it("keeps the length bounds and the format", () => {
    const f = field("x", "string", { pattern: "[a-z]", minLength: 7, maxLength: 9 });
    for (const value of patternExamples(f)) assert.deepEqual(fieldViolations(f, value), []);
    const host = field("x", "string", { pattern: "^[a-z.]+$", format: "hostname", minLength: 5 });
    assert.deepEqual(fieldViolations(host, exampleValue(host)), []);
  });

  it("finds none where none exists, quickly", () => {
    assert.deepEqual(patternExamples(field("x", "string", { pattern: "[^\\s\\S]" })), []);
    const started = performance.now();
    const f = field("x", "string", { pattern: "^(a+)+$", minLength: 40, maxLength: 60 });
    assert.deepEqual(fieldViolations(f, exampleValue(f)), []);
    assert.ok(performance.now() - started < 5_000);
  });
});
