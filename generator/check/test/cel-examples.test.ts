import assert from "node:assert/strict";
import { test } from "node:test";
import { withRe2Matches } from "../cel-evaluate.ts";
import { check, edit, expectOne, MINIMAL, posOf } from "./helpers.ts";

function withField(def: string): string {
  return edit(
    MINIMAL,
    "  fields:\n    size:\n",
    `  fields:\n    x:\n${def.replace(/^/gm, "      ")}\n    size:\n`,
  );
}

const sem = (src: string) => check(src).filter((d) => d.code.startsWith("SEM"));

test("SEM104 a valid example the rule rejects, at the example", () => {
  const src = withField(
    "type: integer\nrules:\n  - rule: self > 0\n    message: positive\n    examples: { valid: [1, -2], invalid: [0] }",
  );
  const d = expectOne(
    src,
    "SEM104",
    posOf(src, "-2"),
    'the rule "self > 0" rejects this valid example',
  );
  assert.equal(d.path, "spec.fields.x.rules[0].examples.valid[1]");
});

test("SEM104 an invalid example the rule accepts", () => {
  const src = withField(
    "type: string\nmaxLength: 20\nrules:\n  - rule: self.matches('^[a-z]+$')\n    message: lowercase\n    examples: { valid: [abc], invalid: [ABC, xyz] }",
  );
  expectOne(src, "SEM104", posOf(src, "xyz"), "accepts this invalid example");
});

test("SEM104 spec-level examples are whole spec objects, with defaults applied", () => {
  const src = edit(
    MINIMAL,
    "  fields:\n    size:\n",
    "  rules:\n    - rule: self.size <= self.limit\n      message: m\n      examples: { valid: [{ limit: 5 }], invalid: [{ size: 9, limit: 5 }, { size: 1, limit: 5 }] }\n  fields:\n    limit:\n      type: integer\n    size:\n",
  );
  // size defaults to 3, so { limit: 5 } is valid; { size: 1, limit: 5 } is not invalid.
  expectOne(src, "SEM104", posOf(src, "{ size: 1"), "accepts this invalid example");
});

test("a missing field makes the rule fail to evaluate: the example is rejected, as on the server", () => {
  const src = withField(
    "type: object\nfields:\n  a:\n    type: integer\nrules:\n  - rule: self.a > 0\n    message: m\n    examples: { valid: [{}], invalid: [{ a: 0 }] }",
  );
  expectOne(src, "SEM104", posOf(src, "{}"), "evaluating it fails");
});

test("transition rule examples run with oldSelf", () => {
  const src = withField(
    "type: integer\nrules:\n  - rule: self >= oldSelf\n    message: no shrinking\n    examples: { valid: [{ old: 1, new: 2 }], invalid: [{ old: 2, new: 1 }, { old: 1, new: 1 }] }",
  );
  expectOne(src, "SEM104", posOf(src, "{ old: 1, new: 1 }"), "accepts this invalid example");
});

test("examples that agree with their rules pass; RE2 patterns run on RE2, without backtracking", () => {
  const src = withField(
    "type: string\nmaxLength: 100\nrules:\n  - rule: self.matches('^(a+)+$') && !self.matches('(?i)B')\n    message: m\n    examples: { valid: [aaaa], invalid: [aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab, ab] }",
  );
  const started = performance.now();
  assert.deepEqual(sem(src), []);
  assert.ok(performance.now() - started < 2000, "no catastrophic backtracking");
});

test("Kubernetes library functions evaluate in examples", () => {
  const src = withField(
    "type: string\nmaxLength: 64\nrules:\n  - rule: isQuantity(self) && quantity(self).isLessThan(quantity('1Gi')) && !format.dns1123Label().validate('ok').hasValue()\n    message: m\n    examples: { valid: [512Mi], invalid: [2Gi, not-a-quantity] }",
  );
  assert.deepEqual(sem(src), []);
});

test("examples are judged by the rule as written: double literals keep every digit", () => {
  for (const bound of ["999999.9999999991", "2.68402599891087e-106", "1e300"]) {
    const src = withField(
      `type: number\nrules:\n  - rule: self > ${bound}\n    message: m\n    examples: { valid: [1e301], invalid: [${bound}] }`,
    );
    assert.deepEqual(sem(src), [], bound);
  }
});

test("only receiver .matches( outside string literals runs on RE2", () => {
  assert.equal(withRe2Matches("self.matches('^a$')"), "self.re2Matches('^a$')");
  assert.equal(
    withRe2Matches(`self.x . matches ("a") && self.y == '.matches(' && r'\\'.matches('\\\\')`),
    `self.x . re2Matches ("a") && self.y == '.matches(' && r'\\'.re2Matches('\\\\')`,
  );
  assert.equal(
    withRe2Matches(`"""say ".matches(" """.matches('s')`),
    `"""say ".matches(" """.re2Matches('s')`,
  );
});

test("a field named constructor is refused by SEM014 only: its examples are not misjudged", () => {
  const src = edit(
    MINIMAL,
    "  fields:\n    size:\n",
    "  rules:\n    - rule: self.size > 1\n      message: m\n      examples: { valid: [{ constructor: 0, size: 2 }], invalid: [{ constructor: 0, size: 1 }] }\n  fields:\n    constructor:\n      type: integer\n    size:\n",
  );
  assert.deepEqual(
    sem(src).map((d) => d.code),
    ["SEM014"],
  );
});

test("SEM104 a valid transition example that changes an immutable field", () => {
  const src = withField(
    "type: integer\nimmutable: true\nrules:\n  - rule: self >= oldSelf\n    message: cannot decrease\n    examples: { valid: [{ old: 1, new: 2 }, { old: 2, new: 2 }], invalid: [{ old: 2, new: 1 }] }",
  );
  expectOne(
    src,
    "SEM104",
    posOf(src, "{ old: 1, new: 2 }"),
    "changes the field, which immutable forbids",
  );
});
