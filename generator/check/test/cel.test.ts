import assert from "node:assert/strict";
import { test } from "node:test";
import { DERIVED_MAX_LENGTH, needsDerivedMaxLength, ruleReferencesField } from "../cel-bounds.ts";
import { check, edit, expectOne, MINIMAL, posOf } from "./helpers.ts";

function withField(extra: string): string {
  return edit(
    MINIMAL,
    "  fields:\n    size:\n",
    `  fields:\n    x:\n${extra.replace(/^/gm, "      ")}\n    size:\n`,
  );
}

const ITEM_RULE =
  "type: array\nitems:\n  type: object\n  fields:\n    port:\n      type: integer\n  rules:\n    - rule: self.port > 0\n      message: positive\n      examples: { valid: [{ port: 1 }], invalid: [{ port: 0 }] }";

test("SEM060 a rule inside the items of an array without maxItems", () => {
  const src = withField(ITEM_RULE);
  const d = expectOne(
    src,
    "SEM060",
    posOf(src, "x:"),
    'array "x" has no maxItems, so the CEL rule at spec.fields.x.items.rules has unbounded cost',
  );
  assert.match(d.hint!, /Add maxItems to "x"/);
  assert.deepEqual(check(withField(`maxItems: 10\n${ITEM_RULE}`)), []);
});

test("SEM060 immutable on a map without maxProperties", () => {
  const src = withField("type: map\nimmutable: true\nvalues:\n  type: integer");
  expectOne(
    src,
    "SEM060",
    posOf(src, "x:"),
    'map "x" has no maxProperties, so the CEL rule at spec.fields.x.immutable',
  );
});

test("WARN005 a string referenced by a rule of its object gets a derived maxLength", () => {
  const src = edit(
    MINIMAL,
    "  fields:\n    size:\n",
    "  rules:\n    - rule: self.name != 'admin'\n      message: reserved\n  fields:\n    name:\n      type: string\n    size:\n",
  );
  const d = expectOne(
    src,
    "WARN005",
    posOf(src, "name:", "    name:\n      type: string"),
    `string "name" is used by a CEL rule and has no maxLength; the CRD gets maxLength: ${DERIVED_MAX_LENGTH} so the rule's cost is bounded`,
  );
  assert.equal(d.path, "spec.fields.name");
});

test("WARN005 an immutable string; maxLength, enum or a date format bound it instead", () => {
  const src = withField("type: string\nimmutable: true");
  expectOne(src, "WARN005", posOf(src, "x:"), 'string "x" is used by a CEL rule');
  for (const bound of ["maxLength: 10", "enum: [a, b]", "format: date-time"]) {
    assert.deepEqual(check(withField(`type: string\nimmutable: true\n${bound}`)), [], bound);
  }
});

test("needsDerivedMaxLength: the predicate the model shares", () => {
  const rules = [{ rule: "has(self.name) && oldSelf.region == self.region", message: "m" }];
  assert.equal(needsDerivedMaxLength("name", { type: "string" }, rules), true);
  assert.equal(needsDerivedMaxLength("region", { type: "string" }, rules), true);
  assert.equal(needsDerivedMaxLength("nam", { type: "string" }, rules), false);
  assert.equal(needsDerivedMaxLength("zone", { type: "string" }, rules), false);
  assert.equal(
    needsDerivedMaxLength("zone", {
      type: "string",
      rules: [{ rule: "self != ''", message: "m" }],
    }),
    true,
  );
  assert.equal(needsDerivedMaxLength("name", { type: "string", maxLength: 5 }, rules), false);
  assert.equal(needsDerivedMaxLength("name", { type: "integer" }, rules), false);
  assert.equal(ruleReferencesField("myself.name == 1", "name"), false);
  assert.equal(ruleReferencesField("self.names == 1", "name"), false);
});

test("WARN009 a CEL rule without an invalid example", () => {
  const src = withField("type: integer\nrules:\n  - rule: self > 0\n    message: positive");
  expectOne(src, "WARN009", posOf(src, "rule: self"), 'CEL rule "self > 0" has no invalid example');
  const proven = withField(
    "type: integer\nrules:\n  - rule: self > 0\n    message: positive\n    examples: { invalid: [0] }",
  );
  assert.deepEqual(check(proven), []);
});

test("SEM061 an example of a transition rule that is not an {old, new} pair", () => {
  const src = withField(
    "type: integer\nrules:\n  - rule: self >= oldSelf\n    message: no shrinking\n    examples: { invalid: [5] }",
  );
  expectOne(src, "SEM061", posOf(src, "5]"), "must be an object with old and new");
});
