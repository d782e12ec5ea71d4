// The values the generated tests use where the spec chooses them (a field's examples:, the
// testing.specChange section): each refused where it is written, never as a failing generated test.

import assert from "node:assert/strict";
import { test } from "node:test";
import { check, edit, expectOne, MINIMAL, posOf } from "./helpers.ts";
import { parseSpec } from "../../parse/parse-spec.ts";
import { buildModel } from "../../model/build-model.ts";
import { testFixture } from "../../render/sources/test-fixture.ts";
import { exampleSpec } from "../../render/manifests/example-values.ts";

/** MINIMAL with `lines` added to the size field. */
function withSize(lines: string): string {
  return edit(
    MINIMAL,
    "      default: 3\n",
    `      default: 3\n${lines.replace(/^/gm, "      ")}\n`,
  );
}

function withTesting(lines: string): string {
  return `${MINIMAL}testing:\n${lines.replace(/^/gm, "  ")}\n`;
}

const codes = (source: string) => check(source).map((d) => `${d.code} ${d.path}: ${d.message}`);

test("SEM309 an example the field's own constraints refuse, at the example", () => {
  const src = withSize("examples: [4, 11]");
  expectOne(src, "SEM309", posOf(src, "11]"), "example 11 is above the maximum 10");
  assert.deepEqual(codes(withSize("examples: [4, 5]")), []);
});

test("SEM310 an example the field's CEL rule rejects, at the example", () => {
  const src = withSize(
    'examples: [4, 7]\nrules:\n  - rule: "self % 2 == 0"\n    message: size is even',
  );
  expectOne(src, "SEM310", posOf(src, "7]"), 'the rule "self % 2 == 0" rejects this example');
});

test("SEM311 testing.specChange names a field the suites cannot change", () => {
  const missing = withTesting("specChange: { field: colour, values: [a, b] }");
  expectOne(missing, "SEM311", posOf(missing, "colour"), '"colour" is not a top-level field');
  const immutable = withTesting("specChange: { field: size, values: [4, 5] }").replace(
    "      default: 3\n",
    "      default: 3\n      immutable: true\n",
  );
  expectOne(immutable, "SEM311", posOf(immutable, "size,"), "the field is immutable");
});

test("SEM312 testing.specChange values the field refuses, or the same value twice", () => {
  const above = withTesting("specChange: { field: size, values: [4, 12] }");
  expectOne(above, "SEM312", posOf(above, "12]"), "spec change value 12 is above the maximum 10");
  const same = withTesting("specChange: { field: size, values: [4, 4] }");
  expectOne(same, "SEM312", posOf(same, "4]"), "the same as the one before it");
  const shrink = withSize(
    'rules:\n  - rule: "self >= oldSelf"\n    message: size cannot shrink',
  ).concat("testing:\n  specChange: { field: size, values: [6, 5] }\n");
  expectOne(shrink, "SEM312", posOf(shrink, "5] }"), 'the rule "self >= oldSelf" rejects');
  assert.deepEqual(codes(withTesting("specChange: { field: size, values: [4, 5] }")), []);
});

function fixtureOf(source: string) {
  const parsed = parseSpec(source, "operator.yaml");
  assert.ok(parsed.ok);
  assert.deepEqual(codes(source), []);
  return testFixture(buildModel(parsed.spec.data, source));
}

test("the suites' spec change: testing.specChange first, then the field's examples:, then the schema", () => {
  assert.deepEqual(fixtureOf(MINIMAL).specChange, {
    field: "size",
    values: [2, 3],
    source: "schema",
  });
  assert.deepEqual(fixtureOf(withSize("examples: [3, 7, 9]")).specChange, {
    field: "size",
    values: [7, 9],
    source: "examples",
  });
  assert.deepEqual(
    fixtureOf(withTesting("specChange: { field: size, values: [8, 2] }")).specChange,
    { field: "size", values: [8, 2], source: "testing" },
  );
});

test("a field's examples: come before its default in the sample", () => {
  const required = edit(withSize("examples: [7]"), "      default: 3\n", "      required: true\n");
  const parsed = parseSpec(required, "operator.yaml");
  assert.ok(parsed.ok);
  assert.deepEqual(exampleSpec(buildModel(parsed.spec.data, required).spec), { size: 7 });
});
