// x-kubernetes-map-type and list types wherever the structural schema and server-side apply allow
// them: spec and status, at any depth, with the API server's rules for list-map keys.

import assert from "node:assert/strict";
import { test } from "node:test";
import { check, edit, expectOne, MINIMAL, posOf } from "./helpers.ts";

/** MINIMAL with `extra` (YAML at field-definition indentation) as the spec field `x`. */
function specField(extra: string): string {
  return edit(
    MINIMAL,
    "  fields:\n    size:\n",
    `  fields:\n    x:\n${extra.replace(/^/gm, "      ")}\n    size:\n`,
  );
}

/** MINIMAL with `extra` as the status field `x`. */
function statusField(extra: string): string {
  return `${MINIMAL}  fields:\n    x:\n${extra.replace(/^/gm, "      ")}\n`;
}

const EVERY_PLACE = `type: object
mapType: atomic
fields:
  ref:
    type: object
    mapType: atomic
    fields:
      name: { type: string }
  labels:
    type: map
    mapType: granular
    values: { type: string }
  config:
    type: free-form
    mapType: atomic
  hosts:
    type: array
    listType: set
    items: { type: string }
  byZone:
    type: map
    values:
      type: array
      listType: map
      listMapKeys: [zone]
      items:
        type: object
        mapType: atomic
        fields:
          zone: { type: string, required: true }
          tags: { type: map, mapType: atomic, values: { type: string } }`;

test("mapType on objects, maps and free-form fields, list types at any depth, in spec and status", () => {
  assert.deepEqual(check(specField(EVERY_PLACE)), []);
  assert.deepEqual(check(statusField(EVERY_PLACE)), []);
});

test("SEM020 mapType on a field that is not an object, map or free-form", () => {
  for (const [type, extra] of [
    ["string", ""],
    ["int-or-string", ""],
    ["array", "\nitems: { type: string }"],
  ] as const) {
    const src = specField(`type: ${type}\nmapType: atomic${extra}`);
    const d = expectOne(
      src,
      "SEM020",
      posOf(src, "mapType"),
      `mapType does not apply to ${type === "array" || type === "int-or-string" ? "an" : "a"} ${type} field`,
    );
    assert.match(d.hint!, /applies to object, map, free-form fields/);
  }
  const nested = statusField("type: array\nitems:\n  type: boolean\n  mapType: granular");
  expectOne(
    nested,
    "SEM020",
    posOf(nested, "mapType"),
    "mapType does not apply to a boolean field",
  );
});

test("mapType other than atomic or granular is a schema error at the value", () => {
  const src = specField("type: object\nmapType: merge\nfields:\n  a: { type: string }");
  const spec = check(src).filter((d) => d.code.startsWith("SPEC"));
  assert.equal(spec.length, 1, JSON.stringify(spec));
  assert.equal(`${spec[0]!.position.line}:${spec[0]!.position.col}`, posOf(src, "merge"));
  assert.match(spec[0]!.message, /atomic, granular/);
});

test("SEM022 set items must be scalars, even atomic objects, maps and lists, which server-side apply cannot key", () => {
  for (const items of [
    "type: object\n  mapType: atomic\n  fields:\n    a: { type: string }",
    "type: object\n  fields:\n    a: { type: string }",
    "type: map\n  mapType: atomic\n  values: { type: string }",
    "type: free-form\n  mapType: atomic",
    "type: array\n  items: { type: string }",
  ]) {
    const src = statusField(`type: array\nlistType: set\nitems:\n  ${items}`);
    const type = /type: (\S+)/.exec(items)![1];
    const d = expectOne(
      src,
      "SEM022",
      posOf(src, "set"),
      `listType set needs scalar items, not ${type}`,
    );
    assert.match(d.hint!, /without managedFields/);
    assert.match(d.hint!, /listType: map with listMapKeys/);
  }
});

const KEYED = `type: array
listType: map
listMapKeys: [name]
items:
  type: object
  fields:
    name: NAME`;

test("SEM023 a nullable list map key", () => {
  const src = specField(KEYED.replace("NAME", "{ type: string, default: a, nullable: true }"));
  const d = expectOne(src, "SEM023", posOf(src, "name]"), 'list map key "name" is nullable');
  assert.match(d.hint!, /refuses a nullable list map key/);
});

test("SEM023 a list map key in status must be required: status never defaults", () => {
  const src = statusField(KEYED.replace("NAME", "{ type: string, default: a }"));
  const d = expectOne(src, "SEM023", posOf(src, "name]"), 'list map key "name" is not required');
  assert.match(d.hint!, /status fields never default/);
  assert.deepEqual(check(specField(KEYED.replace("NAME", "{ type: string, default: a }"))), []);
});

test("a list map key named twice is a schema error at the list", () => {
  const src = specField(
    KEYED.replace("[name]", "[name, name]").replace("NAME", "{ type: string, required: true }"),
  );
  const spec = check(src).filter((d) => d.code.startsWith("SPEC"));
  assert.equal(spec.length, 1, JSON.stringify(spec));
  assert.match(spec[0]!.message, /duplicate/);
});
