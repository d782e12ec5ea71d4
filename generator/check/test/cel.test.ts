import assert from "node:assert/strict";
import { test } from "node:test";
import { DERIVED_MAX_LENGTH } from "../cel-bounds.ts";
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

test("a cheap rule inside the items of an array without maxItems is accepted, as the API server does", () => {
  // 3 per item, times the 1048576 items of two bytes that fit in a 3 MiB request: 3.1 million.
  assert.deepEqual(check(withField(ITEM_RULE)), []);
});

test("SEM060 a costly rule on the strings of an array without maxItems", () => {
  const src = withField(
    "type: array\nitems:\n  type: string\nrules:\n  - rule: self.all(t, t.matches('^[a-z]+$'))\n    message: lowercase\n    examples: { invalid: [[A]] }",
  );
  const d = expectOne(
    src,
    "SEM060",
    posOf(src, "x:"),
    'array "x" has no maxItems, so the CEL rule at spec.fields.x.rules[0] has an estimated cost of',
  );
  assert.match(d.message, /over the API server's limit of 10000000$/);
  assert.match(d.hint!, /Add maxItems to "x"/);
  assert.deepEqual(
    check(
      withField(
        "type: array\nmaxItems: 10\nitems:\n  type: string\n  maxLength: 64\nrules:\n  - rule: self.all(t, t.matches('^[a-z]+$'))\n    message: lowercase\n    examples: { invalid: [[A]] }",
      ),
    ),
    [],
  );
});

test("SEM060 an immutable string inside an array without maxItems", () => {
  const src = withField("type: array\nitems:\n  type: string\n  immutable: true");
  expectOne(src, "SEM060", posOf(src, "x:"), 'array "x" has no maxItems');
});

test("immutable on a map without maxProperties is accepted: one comparison of a bounded map", () => {
  assert.deepEqual(check(withField("type: map\nimmutable: true\nvalues:\n  type: integer")), []);
});

test("no maxLength is derived for strings a rule only tests with has() or compares to a literal", () => {
  const src = edit(
    MINIMAL,
    "  fields:\n    size:\n",
    "  rules:\n    - rule: \"!has(self.name) || self.name != 'admin'\"\n      message: reserved\n      examples: { invalid: [{ name: admin }] }\n  fields:\n    name:\n      type: string\n    size:\n",
  );
  assert.deepEqual(check(src), []);
  assert.deepEqual(check(withField("type: string\nimmutable: true")), []);
});

test("WARN005 a rule whose cost is over the limit only because its strings are unbounded", () => {
  const src = edit(
    MINIMAL,
    "  fields:\n    size:\n",
    '  rules:\n    - rule: "!has(self.name) || !has(self.part) || self.name.contains(self.part)"\n      message: m\n      examples: { invalid: [{ name: a, part: b }] }\n  fields:\n    name:\n      type: string\n    part:\n      type: string\n    size:\n',
  );
  const warnings = check(src);
  assert.deepEqual(
    warnings.map((d) => [d.code, d.path]),
    [
      ["WARN005", "spec.fields.name"],
      ["WARN005", "spec.fields.part"],
    ],
  );
  const d = expectOne(
    edit(
      src,
      "    part:\n      type: string\n",
      "    part:\n      type: string\n      maxLength: 100\n",
    ),
    "WARN005",
    posOf(src, "name:", "    name:\n      type: string"),
    `string "name" has no maxLength, so the CEL rule at spec.rules[0] has an estimated cost of`,
  );
  assert.match(
    d.message,
    new RegExp(`the CRD gets maxLength: ${DERIVED_MAX_LENGTH}, which brings it to \\d+$`),
  );
});

test("SEM105 a rule too costly even with every bound the generator can add", () => {
  const src = withField(
    "type: array\nmaxItems: 1000\nitems:\n  type: string\n  maxLength: 1000\nrules:\n  - rule: self.all(a, self.all(b, a.contains(b)))\n    message: m\n    examples: { invalid: [[a, b]] }",
  );
  expectOne(src, "SEM105", posOf(src, "self.all(a"), "has an estimated cost of");
});

test("SEM106 rules that are each under the limit but together over the CRD's budget", () => {
  // Each rule: 10 items times a 3 MiB string matched against a short pattern, about 6.3 million.
  const rule =
    "  - rule: self.all(t, t.matches('^[a-z]+$'))\n    message: lowercase\n    examples: { invalid: [[A]] }\n";
  const src = withField(
    `type: array\nmaxItems: 10\nitems:\n  type: string\nrules:\n${rule.repeat(16)}`,
  );
  const d = expectOne(
    src,
    "SEM106",
    posOf(src, "self.all"),
    "the CEL rules together have an estimated cost of",
  );
  assert.match(d.message, /over the API server's limit of 100000000 for one CRD/);
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
