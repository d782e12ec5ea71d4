// Patterns are RE2 (the API server compiles them with Go's regexp) and numbers must be ones the
// API server and a JavaScript program both hold exactly: each way a spec breaks that is refused
// where it is written.

import assert from "node:assert/strict";
import { test } from "node:test";
import { check, edit, expectOne, MINIMAL, posOf } from "./helpers.ts";

function withField(extra: string): string {
  return edit(
    MINIMAL,
    "  fields:\n    size:\n",
    `  fields:\n    x:\n${extra.replace(/^/gm, "      ")}\n    size:\n`,
  );
}

const codes = (source: string) => check(source).map((d) => `${d.code} ${d.path}: ${d.message}`);

test("SEM025 refuses what RE2 refuses, with Go's error text", () => {
  const lookbehind = withField('type: string\nmaxLength: 5\npattern: "(?<=a)b"');
  expectOne(lookbehind, "SEM025", posOf(lookbehind, '"(?<=a)b"'), "invalid named capture");
  const lookahead = withField('type: string\nmaxLength: 5\npattern: "a(?=b)"');
  expectOne(lookahead, "SEM025", posOf(lookahead, '"a(?=b)"'), "is not an RE2 expression");
  const backreference = withField("type: string\nmaxLength: 5\npattern: '(a)\\1'");
  expectOne(backreference, "SEM025", posOf(backreference, "'(a)"), "invalid escape sequence");
  const repeat = withField("type: string\nmaxLength: 5\npattern: 'a{1001}'");
  expectOne(repeat, "SEM025", posOf(repeat, "'a{1001}'"), "invalid repeat count");
});

test("RE2 syntax that JavaScript lacks is accepted", () => {
  for (const pattern of ["'(?i)^abc$'", "'^\\pL+$'", "'^[[:alpha:]]+\\z'", "'\\Qa.b\\E'"])
    assert.deepEqual(codes(withField(`type: string\nmaxLength: 9\npattern: ${pattern}`)), []);
});

test("a catastrophic pattern with a long non-matching default is checked in linear time", () => {
  const src = withField(
    `type: string\nmaxLength: 100\npattern: '^(a+)+$'\ndefault: "${"a".repeat(60)}!"`,
  );
  const started = performance.now();
  expectOne(src, "SEM026", posOf(src, `"${"a".repeat(60)}!"`), "does not match the pattern");
  assert.ok(performance.now() - started < 5_000, "the check does not backtrack");
});

test("SEM120 a pattern no string satisfies, alone or with the length bounds", () => {
  const empty = withField("type: string\nmaxLength: 5\npattern: '[^\\s\\S]'");
  expectOne(empty, "SEM120", posOf(empty, "'[^"), "no string matches the pattern");
  const tooLong = withField("type: string\nmaxLength: 5\npattern: '^[a-z]{10}$'");
  expectOne(tooLong, "SEM120", posOf(tooLong, "'^[a-z]{10}$'"), "maxLength 5");
  const tooShort = withField("type: string\nminLength: 4\nmaxLength: 9\npattern: '^(ab|c)$'");
  expectOne(tooShort, "SEM120", posOf(tooShort, "'^(ab|c)$'"), "minLength 4");
  const format = withField("type: string\nmaxLength: 36\nformat: uuid\npattern: '^!+$'");
  expectOne(format, "SEM120", posOf(format, "'^!+$'"), "has maxLength 36 and format uuid");
});

test("WARN110 a pattern that every allowed string matches checks nothing", () => {
  const empty = withField('type: string\nmaxLength: 5\npattern: ""');
  expectOne(empty, "WARN110", posOf(empty, '""'), 'the pattern "" matches every string');
  const unanchored = withField("type: string\nminLength: 1\nmaxLength: 5\npattern: '(?s).'");
  expectOne(unanchored, "WARN110", posOf(unanchored, "'(?s).'"), "of minLength 1 and maxLength 5");
  assert.deepEqual(codes(withField("type: string\nmaxLength: 5\npattern: '^.+$'")), []);
});

test("SEM122 bounds must be finite", () => {
  const inf = edit(MINIMAL, "maximum: 10", "maximum: .inf");
  expectOne(inf, "SEM122", posOf(inf, ".inf"), "maximum .inf is not a finite number");
  const nan = edit(MINIMAL, "minimum: 1", "minimum: .nan");
  expectOne(nan, "SEM122", posOf(nan, ".nan"), "minimum .nan is not a finite number");
});

test("SEM123 integer bounds, defaults and enum values must be safe integers", () => {
  const big = edit(MINIMAL, "maximum: 10", "maximum: 9007199254740993");
  expectOne(big, "SEM123", posOf(big, "9007199254740993"), "beyond 2^53");
  const fraction = edit(MINIMAL, "maximum: 10", "maximum: 10.5");
  expectOne(fraction, "SEM123", posOf(fraction, "10.5"), "not an integer");
  const enumValue = withField("type: integer\nenum: [1, 9007199254740993]");
  expectOne(enumValue, "SEM123", posOf(enumValue, "9007199254740993"), "beyond 2^53");
});

test("SEM124 bounds, defaults and enum values must lie within the format's range", () => {
  const max = withField("type: integer\nformat: int32\nmaximum: 3000000000");
  expectOne(max, "SEM124", posOf(max, "3000000000"), "outside the range of format int32");
  const min = withField("type: integer\nformat: int32\nminimum: -2147483649");
  expectOne(min, "SEM124", posOf(min, "-2147483649"), "outside the range of format int32");
  const float = withField("type: number\nformat: float\nmaximum: 1e39");
  expectOne(float, "SEM124", posOf(float, "1e39"), "outside the range of format float");
  const enumValue = withField("type: integer\nformat: int32\nenum: [1, 2147483648]");
  expectOne(enumValue, "SEM124", posOf(enumValue, "2147483648"), "format int32");
  assert.deepEqual(
    codes(withField("type: integer\nformat: int32\nminimum: -2147483648\nmaximum: 2147483647")),
    [],
  );
});

test("SEM126 an enum value the field's own constraints refuse", () => {
  const max = withField("type: integer\nmaximum: 10\nenum: [1, 20]");
  expectOne(max, "SEM126", posOf(max, "20"), "enum value 20 is above the maximum 10");
  const pattern = withField("type: string\nmaxLength: 9\npattern: '^[a-z]+$'\nenum: [ok, Bad]");
  expectOne(
    pattern,
    "SEM126",
    posOf(pattern, "Bad"),
    'enum value "Bad" does not match the pattern',
  );
  assert.deepEqual(codes(withField("type: string\nmaxLength: 9\nenum: [a, b]")), []);
});

test("SEM026 a default outside the format's range", () => {
  const src = withField("type: integer\nformat: int32\ndefault: 2147483648");
  expectOne(src, "SEM026", posOf(src, "2147483648"), "outside the range of format int32");
});

test("SEM125 lengths and counts beyond what a stored object can hold", () => {
  const length = withField("type: string\nmaxLength: 1e18");
  expectOne(length, "SEM125", posOf(length, "1e18"), "maxLength 1000000000000000000");
  const items = withField(
    "type: array\nitems:\n  type: string\n  maxLength: 5\nminItems: 10000000",
  );
  expectOne(items, "SEM125", posOf(items, "10000000"), "minItems 10000000");
});

test("one diagnostic is one line: user values with newlines are escaped", () => {
  const src = withField('type: string\nmaxLength: 5\npattern: "a\\n(?=b"');
  const d = check(src).find((x) => x.code === "SEM025");
  assert.ok(d, "SEM025 reported");
  assert.ok(!d.message.includes("\n"), JSON.stringify(d.message));
});
