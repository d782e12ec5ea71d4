import assert from "node:assert/strict";
import { test } from "node:test";
import { check, edit, expectOne, MINIMAL, posOf } from "./helpers.ts";

/** MINIMAL with `extra` (YAML at field-definition indentation) added as the spec field `x`. */
function withField(extra: string): string {
  return edit(
    MINIMAL,
    "  fields:\n    size:\n",
    `  fields:\n    x:\n${extra.replace(/^/gm, "      ")}\n    size:\n`,
  );
}

test("SEM020 keyword that does not apply to the type", () => {
  const src = edit(MINIMAL, "      maximum: 10\n", "      maximum: 10\n      maxLength: 5\n");
  const d = expectOne(
    src,
    "SEM020",
    posOf(src, "maxLength"),
    "maxLength does not apply to an integer field",
  );
  assert.match(d.hint!, /applies to string, int-or-string fields/);
  const listType = withField("type: map\nvalues:\n  type: string\nlistType: set");
  expectOne(
    listType,
    "SEM020",
    posOf(listType, "listType"),
    "listType does not apply to a map field",
  );
  const format = withField("type: string\nformat: int32");
  expectOne(
    format,
    "SEM020",
    posOf(format, "int32"),
    "format int32 does not apply to a string field",
  );
});

test("SEM021 array without items, map without values, object without fields", () => {
  const array = withField("type: array");
  expectOne(array, "SEM021", posOf(array, "x:"), 'array field "x" has no items');
  const map = withField("type: map");
  expectOne(map, "SEM021", posOf(map, "x:"), 'map field "x" has no values');
  const object = withField("type: object");
  const d = expectOne(object, "SEM021", posOf(object, "x:"), 'object field "x" has no fields');
  assert.match(d.hint!, /free-form/);
});

test("SEM022 listType and listMapKeys must agree with each other and the items", () => {
  const keysWithoutMap = withField("type: array\nitems:\n  type: string\nlistMapKeys: [name]");
  expectOne(
    keysWithoutMap,
    "SEM022",
    posOf(keysWithoutMap, "listMapKeys"),
    "listMapKeys needs listType: map",
  );
  const mapWithoutKeys = withField(
    "type: array\nmaxItems: 3\nlistType: map\nitems:\n  type: object\n  fields:\n    name:\n      type: string\n      required: true",
  );
  expectOne(
    mapWithoutKeys,
    "SEM022",
    posOf(mapWithoutKeys, "map\n", "listType"),
    "listType map needs listMapKeys",
  );
  const setOfObjects = withField(
    "type: array\nlistType: set\nitems:\n  type: object\n  fields: {}",
  );
  expectOne(
    setOfObjects,
    "SEM022",
    posOf(setOfObjects, "set"),
    "listType set needs scalar items, not object",
  );
});

test("SEM023 list map keys must be required-or-defaulted scalar item fields", () => {
  const base =
    "type: array\nlistType: map\nlistMapKeys: [KEY]\nitems:\n  type: object\n  fields:\n    name:\n      type: string\n      required: true\n    port:\n      type: integer\n    tags:\n      type: array\n      required: true\n      items:\n        type: string";
  const unknown = withField(base.replace("KEY", "nmae"));
  const d = expectOne(
    unknown,
    "SEM023",
    posOf(unknown, "nmae"),
    'list map key "nmae" is not a field of the items',
  );
  assert.equal(d.hint, 'did you mean "name"?');
  const optional = withField(base.replace("KEY", "port"));
  expectOne(
    optional,
    "SEM023",
    posOf(optional, "port]"),
    'list map key "port" is neither required nor defaulted',
  );
  const nonScalar = withField(base.replace("KEY", "tags"));
  expectOne(
    nonScalar,
    "SEM023",
    posOf(nonScalar, "tags]"),
    'list map key "tags" is an array field; keys must be scalars',
  );
});

test("SEM024 minimum above maximum (and the other pairs)", () => {
  expectOne(
    edit(MINIMAL, "minimum: 1", "minimum: 11"),
    "SEM024",
    "14:16",
    "minimum 11 is greater than maximum 10",
  );
  const lengths = withField("type: string\nminLength: 5\nmaxLength: 2");
  expectOne(lengths, "SEM024", posOf(lengths, "5"), "minLength 5 is greater than maxLength 2");
});

test("SEM025 pattern must compile", () => {
  const src = withField('type: string\nmaxLength: 5\npattern: "([a-z]"');
  expectOne(
    src,
    "SEM025",
    posOf(src, '"([a-z]"'),
    "pattern is not an RE2 expression: error parsing regexp: missing closing )",
  );
});

test("SEM026 default violating its own field: type, enum, bounds, pattern, nested objects", () => {
  expectOne(
    edit(MINIMAL, "default: 3", 'default: "3"'),
    "SEM026",
    "16:16",
    'default "3" is not of type integer',
  );
  expectOne(
    edit(MINIMAL, "default: 3", "default: 30"),
    "SEM026",
    "16:16",
    "default 30 is above the maximum 10",
  );
  const enumDefault = withField("type: string\nenum: [small, large]\ndefault: huge");
  expectOne(
    enumDefault,
    "SEM026",
    posOf(enumDefault, "huge"),
    'default "huge" is not one of small, large',
  );
  const patternDefault = withField(
    'type: string\nmaxLength: 8\npattern: "^[0-9]+$"\ndefault: "1a"',
  );
  expectOne(
    patternDefault,
    "SEM026",
    posOf(patternDefault, '"1a"'),
    "does not match the pattern ^[0-9]+$",
  );
  const nested = withField(
    "type: object\nfields:\n  days:\n    type: integer\n    maximum: 35\ndefault:\n  days: 90",
  );
  const d = expectOne(nested, "SEM026", posOf(nested, "90"), "default 90 is above the maximum 35");
  assert.equal(d.path, "spec.fields.x.default.days");
  const unknownKey = withField(
    "type: object\nfields:\n  days:\n    type: integer\ndefault:\n  dayz: 1",
  );
  expectOne(
    unknownKey,
    "SEM026",
    posOf(unknownKey, "dayz"),
    'has the key "dayz", which is not a field of this object',
  );
});

test("SEM027 enum values of the wrong type", () => {
  const src = withField("type: string\nenum: [small, 2]");
  const d = expectOne(src, "SEM027", posOf(src, "2]"), "enum value number 2 is not of type string");
  assert.equal(d.path, "spec.fields.x.enum[1]");
});

test("WARN002 immutable under an optional parent without default", () => {
  const src = withField(
    "type: object\nfields:\n  region:\n    type: string\n    maxLength: 20\n    immutable: true",
  );
  expectOne(
    src,
    "WARN002",
    posOf(src, "immutable"),
    '"region" is immutable, but its parent "x" is optional without a default',
  );
  const required = withField(
    "type: object\nrequired: true\nfields:\n  region:\n    type: string\n    maxLength: 20\n    immutable: true",
  );
  assert.deepEqual(check(required), []); // A list entry's field: the entry comes and goes with the list; no flag on it could change that.
  const entry = withField(
    "type: array\nrequired: true\nmaxItems: 4\nlistType: map\nlistMapKeys: [name]\nitems:\n  type: object\n  fields:\n    name:\n      type: string\n      required: true\n      maxLength: 20\n    size:\n      type: integer\n      required: true\n      immutable: true",
  );
  assert.deepEqual(check(entry), []);
});

test("WARN003 nullable together with required", () => {
  const src = withField("type: string\nmaxLength: 3\nrequired: true\nnullable: true");
  expectOne(src, "WARN003", posOf(src, "nullable"), '"x" is required and nullable');
});
