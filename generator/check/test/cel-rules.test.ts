import assert from "node:assert/strict";
import { test } from "node:test";
import { at, check, edit, expectOne, MINIMAL, posOf } from "./helpers.ts";

/** MINIMAL with spec fields enabled/retentionDays and one spec-level rule. */
/** A spec-level rule over optional fields; no field defaults, so the spec gets no default for
 * the API server to judge the rule on (that is SEM108's business). */
function withSpecRule(rule: string, extra = ""): string {
  return edit(
    edit(MINIMAL, "      default: 3\n", ""),
    "  fields:\n    size:\n",
    `  rules:\n    - rule: ${rule}\n      message: m\n${extra}  fields:\n    enabled:\n      type: boolean\n    retentionDays:\n      type: integer\n    size:\n`,
  );
}

const codes = (src: string) => check(src).map((d) => d.code);

test("SEM100 a syntax error in a rule, at the offending character", () => {
  const src = withSpecRule(`"!self.enabled ||| (x >= "`);
  const d = expectOne(src, "SEM100", posOf(src, `| (x`), "CEL rule does not parse");
  assert.equal(d.path, "spec.rules[0].rule");
});

test("SEM101 a blank rule", () => {
  const src = withSpecRule(`"   "`);
  expectOne(src, "SEM101", posOf(src, `"   "`), "CEL rule is blank");
});

test("SEM102 a rule naming a field that does not exist, with did-you-mean", () => {
  const src = withSpecRule("self.enabled || self.retentionDayz > 7");
  const d = expectOne(src, "SEM102", posOf(src, "retentionDayz"), 'no such field "retentionDayz"');
  assert.match(d.message, /did you mean "retentionDays"\?/);
});

test("SEM102 a type error in a field rule and in a list item rule", () => {
  const field = edit(
    MINIMAL,
    "      default: 3\n",
    "      default: 3\n      rules:\n        - rule: self.startsWith('a')\n          message: m\n",
  );
  expectOne(field, "SEM102", posOf(field, "self.startsWith"), "startsWith");
  const items = edit(
    MINIMAL,
    "  fields:\n    size:\n",
    "  fields:\n    tags:\n      type: array\n      maxItems: 5\n      items:\n        type: string\n        maxLength: 10\n        rules:\n          - rule: self.size() > 0 && self.nope\n            message: m\n    size:\n",
  );
  expectOne(items, "SEM102", posOf(items, "nope"), "Cannot index type 'string'");
});

test("SEM102 cel.bind, which the API server's environment does not include", () => {
  const src = withSpecRule("self.enabled || cel.bind(n, self.retentionDays, n > 1)");
  expectOne(
    src,
    "SEM102",
    posOf(src, "cel.bind"),
    "cel.bind is not available in CRD validation rules",
  );
});

test("SEM102 `in` on a string, which cel-go does not define", () => {
  const src = withSpecRule(JSON.stringify("'a' in 'abc' || self.enabled"));
  expectOne(src, "SEM102", posOf(src, "'a' in"), "no such overload: string in string");
});

test("SEM102 a rule that does not return a bool", () => {
  const src = withSpecRule("self.retentionDays + 1");
  expectOne(src, "SEM102", posOf(src, "self.retentionDays + 1"), "must return a bool");
});

test("rules that type-check: macros, optionals, has(), the Kubernetes library", () => {
  for (const rule of [
    "!self.enabled || self.retentionDays >= 1",
    "has(self.retentionDays) ? self.retentionDays > 0 : true",
    "self.?retentionDays.orValue(1) > 0",
    "[1, 2].all(x, x < self.retentionDays) || self.enabled",
    "self.retentionDays in [1, 7, 30]",
    "quantity('1Gi').isLessThan(quantity('2Gi'))",
  ]) {
    const src = withSpecRule(JSON.stringify(rule));
    assert.deepEqual(
      codes(src).filter((c) => c.startsWith("SEM")),
      [],
      rule,
    );
  }
});

test("a column inside a double-quoted rule with escapes and inside a literal block", () => {
  const quoted = withSpecRule(`"self.enabled || \\"a\\" != \\"\\\\u00e9\\" || self.nope"`);
  expectOne(quoted, "SEM102", posOf(quoted, "nope"), 'no such field "nope"');
  const block = withSpecRule("|\n        self.enabled ||\n          self.nope");
  expectOne(block, "SEM102", posOf(block, "nope"), 'no such field "nope"');
});

test("SEM103 a transition rule inside the items of an atomic list", () => {
  const src = edit(
    MINIMAL,
    "  fields:\n    size:\n",
    "  fields:\n    tags:\n      type: array\n      maxItems: 10\n      items:\n        type: string\n        maxLength: 10\n        immutable: true\n    size:\n",
  );
  const d = expectOne(
    src,
    "SEM103",
    posOf(src, "immutable"),
    'reads oldSelf inside the items of list "tags", which is listType: atomic',
  );
  assert.match(d.hint!, /listType: map/);
  const keyed = edit(
    MINIMAL,
    "  fields:\n    size:\n",
    "  fields:\n    ports:\n      type: array\n      listType: map\n      listMapKeys: [name]\n      maxItems: 10\n      items:\n        type: object\n        fields:\n          name:\n            type: string\n            required: true\n            maxLength: 10\n          port:\n            type: integer\n            immutable: true\n    size:\n",
  );
  assert.deepEqual(
    codes(keyed).filter((c) => c.startsWith("SEM")),
    [],
  );
});

test("random token soup never crashes the check and every CEL error has a position in the rule", () => {
  // A fixed-seed sweep: 400 rules from CEL tokens, on a spec-level rule and on a list item rule.
  const tokens = [
    "self",
    "oldSelf",
    ".",
    "enabled",
    "retentionDays",
    "nope",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ",",
    "&&",
    "||",
    "!",
    "==",
    "!=",
    "<",
    "+",
    "-",
    "*",
    "?",
    ":",
    "1",
    "2.5",
    "'s'",
    '"x"',
    "true",
    "null",
    "has",
    "size",
    "all",
    "exists",
    "map",
    "filter",
    "x",
    "matches",
    "'^a+$'",
    ".?",
    "in",
    "[]",
    "cel.bind",
    "quantity",
    "'1Gi'",
    "b'\\x00'",
    "9223372036854775807",
    "\\",
  ];
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < 400; i++) {
    const rule = Array.from(
      { length: 1 + Math.floor(next() * 12) },
      () => tokens[Math.floor(next() * tokens.length)],
    ).join(next() < 0.5 ? " " : "");
    const src = withSpecRule(JSON.stringify(rule));
    const [line, col] = posOf(src, "rule: ").split(":").map(Number) as [number, number];
    for (const d of check(src).filter((d) => /^SEM10[0-2]$/.test(d.code)))
      assert.ok(
        d.position.line === line && d.position.col >= col + 6,
        `${rule}: ${d.code} at ${at(d)}`,
      );
  }
});

test("SEM107 a fieldPath that names no field of the rule's object", () => {
  const src = withSpecRule("self.enabled", "      fieldPath: .retentionDayz\n");
  expectOne(
    src,
    "SEM107",
    posOf(src, ".retentionDayz"),
    'fieldPath ".retentionDayz" is not a field',
  );
  for (const ok of [".retentionDays", "['enabled']"]) {
    const good = withSpecRule("self.enabled", `      fieldPath: "${ok}"\n`);
    assert.deepEqual(
      codes(good).filter((c) => c === "SEM107"),
      [],
      ok,
    );
  }
  const bad = withSpecRule("self.enabled", "      fieldPath: retentionDays\n");
  expectOne(bad, "SEM107", posOf(bad, "retentionDays\n"), "expected [ or . but got: retentionDays");
});
