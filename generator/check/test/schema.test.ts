import assert from "node:assert/strict";
import { test } from "node:test";
import type { ErrorObject } from "ajv";
import { translateAjvError } from "../schema-errors.ts";
import { check, edit, expectOne, MINIMAL, posOf } from "./helpers.ts";

test("the minimal spec checks clean", () => {
  assert.deepEqual(check(MINIMAL), []);
});

test("SPEC001 unknown key, with did-you-mean from the field keywords", () => {
  const src = edit(MINIMAL, "      maximum: 10\n", "      maximum: 10\n      maxLenght: 3\n");
  const d = expectOne(src, "SPEC001", posOf(src, "maxLenght"), 'unknown key "maxLenght"');
  assert.equal(d.path, "spec.fields.size.maxLenght");
  assert.equal(d.hint, 'did you mean "maxLength"?');
});

test("SPEC001 without a close match lists the allowed keys", () => {
  const src = edit(MINIMAL, "  name: shop-operator\n", "  name: shop-operator\n  zzzzzz: 1\n");
  const d = expectOne(src, "SPEC001", posOf(src, "zzzzzz"), 'unknown key "zzzzzz"');
  assert.match(d.hint!, /allowed keys here: name, description, image, namespace/);
});

test("SPEC002 missing required key points at the enclosing key", () => {
  const src = edit(MINIMAL, "  group: shop.example.com\n", "");
  const d = expectOne(src, "SPEC002", posOf(src, "api:"), 'missing required key "group" in api');
  assert.equal(d.path, "api.group");
});

test("SPEC003 wrong type, with a quoting hint for numbers", () => {
  const src = edit(MINIMAL, "name: shop-operator", "name: 42");
  const d = expectOne(src, "SPEC003", posOf(src, "42"), "expected a string, got number 42");
  assert.equal(d.hint, 'Quote it: "42".');
});

test("SPEC004 value not in the enum lists the values and suggests one", () => {
  const src = edit(MINIMAL, "type: integer", "type: integr");
  const d = expectOne(
    src,
    "SPEC004",
    posOf(src, "integr"),
    '"integr" is not one of string, integer, number, boolean, object, array, map, int-or-string, free-form',
  );
  assert.equal(d.hint, 'did you mean "integer"?');
});

test("SPEC005 constant mismatch on apiVersion", () => {
  const src = edit(MINIMAL, "create-operator.dev/v1alpha1", "create-operator.dev/v2");
  expectOne(
    src,
    "SPEC005",
    "1:13",
    'must be "create-operator.dev/v1alpha1", not "create-operator.dev/v2"',
  );
});

test("SPEC006 string length: metadata.name over 40 characters", () => {
  const long = "a".repeat(41);
  const src = edit(MINIMAL, "name: shop-operator", `name: ${long}`);
  expectOne(src, "SPEC006", "4:9", "must be at most 40 characters long");
});

test("SPEC007 list size: versions must not be empty", () => {
  const src = edit(MINIMAL, "  versions:\n    - name: v1\n", "  versions: []\n");
  expectOne(src, "SPEC007", posOf(src, "[]"), "must have at least 1 item");
});

test("SPEC008 number range: concurrency above 64", () => {
  const src = `${MINIMAL}operator:\n  concurrency: 65\n`;
  expectOne(src, "SPEC008", posOf(src, "65"), "number 65 must be <= 64");
});

test("SPEC009 duplicate item in a unique list points at the second one", () => {
  const src = edit(MINIMAL, "  kind: Shop\n", "  kind: Shop\n  shortNames: [sh, sp, sh]\n");
  const d = expectOne(src, "SPEC009", posOf(src, "sh]"), 'duplicate item "sh"');
  assert.equal(d.path, "api.shortNames[2]");
});

test("SPEC010 is the fallback for schema keywords without a dedicated message", () => {
  const error = {
    keyword: "format",
    instancePath: "/metadata/name",
    schemaPath: "#/x",
    params: { format: "hostname" },
    message: 'must match format "hostname"',
  } as ErrorObject;
  const d = translateAjvError(error, { metadata: { name: "x" } });
  assert.deepEqual(d, {
    code: "SPEC010",
    path: ["metadata", "name"],
    message: 'must match format "hostname"',
    hint: "Compare with schema/operator-spec.schema.json.",
    at: "value",
  });
});

test("ajv noise is collapsed to one diagnostic per node", () => {
  const src = edit(MINIMAL, "      type: integer\n", "      type: [integer]\n");
  const here = check(src).filter((d) => d.path === "spec.fields.size.type");
  assert.equal(here.length, 1);
  // type is one of the format's types or a Kubernetes type name: a string either way.
  assert.equal(here[0]!.code, "SPEC003");
  assert.equal(here[0]!.message, "expected a string, got a list");
});
