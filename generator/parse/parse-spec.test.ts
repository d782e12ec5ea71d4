import assert from "node:assert/strict";
import { test } from "node:test";
import { MAX_SPEC_BYTES, parseSpec, type ParseResult } from "./parse-spec.ts";

function failure(result: ParseResult): { code: string; at: string; message: string } {
  assert.equal(result.ok, false, "expected the parse to fail");
  const [d] = result.ok ? [] : result.diagnostics;
  return { code: d!.code, at: `${d!.position.line}:${d!.position.col}`, message: d!.message };
}

test("YAML001: malformed YAML is reported at the offending position", () => {
  const d = failure(parseSpec("api:\n  kind: [Database\nspec: {}\n", "x.yaml"));
  assert.equal(d.code, "YAML001");
  assert.equal(d.at, "3:1");
});

test("YAML002: a duplicate key is reported at the second occurrence", () => {
  const d = failure(parseSpec("api:\n  kind: A\n  kind: B\n", "x.yaml"));
  assert.deepEqual([d.code, d.at], ["YAML002", "3:3"]);
});

test("YAML002: a key that an alias makes a duplicate is reported too, at the alias", () => {
  // The yaml package compares key nodes, and an alias node is not the scalar it stands for: the
  // second definition would silently win (issue 22, finding 10).
  const d = failure(parseSpec("name: &n kind\napi:\n  kind: A\n  *n : B\n", "x.yaml"));
  assert.deepEqual([d.code, d.at], ["YAML002", "4:3"]);
  assert.match(d.message, /"kind".*twice/);
});

test("YAML002: a key that is an alias of a list or mapping is refused, not turned into text", () => {
  const d = failure(parseSpec("list: &l [a, b]\napi:\n  *l : B\n", "x.yaml"));
  assert.equal(d.code, "YAML002");
  assert.deepEqual(d.at, "3:3");
});

test("YAML003: a file over the size limit is refused before parsing", () => {
  const d = failure(parseSpec(`a: "${"x".repeat(MAX_SPEC_BYTES)}"\n`, "x.yaml"));
  assert.equal(d.code, "YAML003");
  assert.match(d.message, /the limit is 262144/);
});

test("YAML004: an alias bomb is refused instead of expanded", () => {
  const bomb = [
    "a: &a [x, x, x, x, x, x, x, x, x, x]",
    "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]",
    "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]",
    "d: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]",
  ].join("\n");
  const started = Date.now();
  const d = failure(parseSpec(bomb, "x.yaml"));
  assert.equal(d.code, "YAML004");
  assert.ok(Date.now() - started < 1000, "refused quickly, without expanding");
});

test("YAML005: a document that is not a mapping is refused", () => {
  assert.equal(failure(parseSpec("- just\n- a list\n", "x.yaml")).code, "YAML005");
  assert.equal(failure(parseSpec("", "x.yaml")).code, "YAML005");
});

test("positionOf points at values, keys, and the nearest existing ancestor", () => {
  const result = parseSpec("spec:\n  fields:\n    size:\n      default: huge\n", "x.yaml");
  assert.ok(result.ok);
  const { positionOf } = result.spec;
  assert.deepEqual(positionOf(["spec", "fields", "size", "default"]), { line: 4, col: 16 });
  assert.deepEqual(positionOf(["spec", "fields", "size", "default"], "key"), { line: 4, col: 7 });
  assert.deepEqual(positionOf(["spec", "fields", "missing", "type"]), { line: 3, col: 5 });
});

test("positionOf follows the path by position, not by name: a key named like an ancestor", () => {
  const source = "spec:\n  fields:\n    version:\n      type: string\n      spec: oops\n";
  const result = parseSpec(source, "x.yaml");
  assert.ok(result.ok);
  const path = ["spec", "fields", "version", "spec"];
  assert.deepEqual(result.spec.positionOf(path, "key"), { line: 5, col: 7 });
  assert.deepEqual(result.spec.positionOf(path), { line: 5, col: 13 });
  // The parent of a missing key, whose own name repeats an ancestor's.
  const nested = parseSpec("a:\n  b:\n    a:\n      c: 1\n", "x.yaml");
  assert.ok(nested.ok);
  assert.deepEqual(nested.spec.positionOf(["a", "b", "a"], "key"), { line: 3, col: 5 });
});

test("positionOf looks through aliases to the node they name", () => {
  const source = "base: &b\n  x: 1\nuse: *b\n";
  const result = parseSpec(source, "x.yaml");
  assert.ok(result.ok);
  assert.deepEqual(result.spec.positionOf(["use", "x"]), { line: 2, col: 6 });
});

test("YAML010: an unknown tag such as !Ref is an error at the tag", () => {
  const d = failure(parseSpec("api:\n  group: !Ref MyGroup\n", "x.yaml"));
  assert.deepEqual([d.code, d.at], ["YAML010", "2:10"]);
  assert.match(d.message, /!Ref/);
});

test("YAML010: an unknown tag is reported even when the document has no other error", () => {
  const result = parseSpec("a: !!binary aGVsbG8=\nb: !custom {x: 1}\n", "x.yaml");
  assert.equal(result.ok, false);
  const codes = result.ok ? [] : result.diagnostics.map((d) => d.code);
  assert.deepEqual(codes, ["YAML010", "YAML010"]);
});

test("the standard tags (!!str, !!int, !!map …) are still accepted", () => {
  const result = parseSpec("a: !!str 12\nb: !!int 3\nc: !!map {x: 1}\nd: !!seq [1]\n", "x.yaml");
  assert.ok(result.ok);
  assert.deepEqual(result.spec.data, { a: "12", b: 3, c: { x: 1 }, d: [1] });
});

test("YAML012: a merge key (<<) is an error at the key, not a field named << (issue 21, finding 10)", () => {
  const source =
    "defaults: &d\n  type: string\nspec:\n  fields:\n    name:\n      <<: *d\n      minLength: 1\n";
  const d = failure(parseSpec(source, "x.yaml"));
  assert.deepEqual([d.code, d.at], ["YAML012", "6:7"]);
  assert.match(d.message, /merge key/);
  // Every merge key is reported, in one run.
  const twice = parseSpec(source + "    other:\n      <<: *d\n", "x.yaml");
  assert.deepEqual(twice.ok ? [] : twice.diagnostics.map((x) => x.code), ["YAML012", "YAML012"]);
  // A quoted "<<" is a plain key, as YAML 1.2 reads it.
  assert.ok(parseSpec('a:\n  "<<": 1\n', "x.yaml").ok);
});
