import assert from "node:assert/strict";
import { test } from "node:test";
import { check, expectOne, MINIMAL, posOf } from "./helpers.ts";

function withTopLevel(fields: string): string {
  return `${MINIMAL}topLevel:\n  fields:\n${fields.replace(/^/gm, "    ")}\n`;
}

const DATA =
  "data:\n  type: map\n  maxProperties: 16\n  values: { type: string, maxLength: 256 }\n  examples: [{ greeting: hello }]";

test("optional plain top-level fields beside spec and status check clean", () => {
  assert.deepEqual(check(withTopLevel(DATA)), []);
});

for (const name of ["spec", "status", "metadata", "kind", "apiVersion"])
  test(`SEM413 a top-level field named ${name} is refused`, () => {
    const src = withTopLevel(`${name}:\n  type: string`);
    const d = expectOne(
      src,
      "SEM413",
      posOf(src, "type: string", "topLevel:"),
      `top-level field "${name}" would replace the object's own ${name}`,
    );
    assert.equal(d.path, `topLevel.fields.${name}`);
  });

for (const [key, yaml, value] of [
  ["required", "required: true", "true"],
  ["default", "default: x", "x"],
  ["immutable", "immutable: true", "true"],
] as const)
  test(`SEM414 a top-level field cannot have ${key}`, () => {
    const src = withTopLevel(`note:\n  type: string\n  ${yaml}`);
    const d = expectOne(
      src,
      "SEM414",
      posOf(src, value, `  ${key}:`),
      `top-level field "note" cannot have ${key}: ${
        key === "required"
          ? "the generated suites and the sample make objects from the spec alone"
          : key === "default"
            ? "defaults are checked and tested for spec and status fields only"
            : "immutability is a CEL rule, checked for spec and status only"
      }`,
    );
    assert.equal(d.path, `topLevel.fields.note.${key}`);
  });

test("SEM414 reaches nested fields: a CEL rule inside a top-level object", () => {
  const src = withTopLevel(
    "provider:\n  type: object\n  fields:\n    region:\n      type: string\n      rules:\n        - { rule: self != '', message: empty }",
  );
  const d = expectOne(
    src,
    "SEM414",
    posOf(src, "- { rule"),
    'top-level field "provider.region" cannot have rules: CEL rules are compiled and costed for spec and status fields only',
  );
  assert.equal(d.path, "topLevel.fields.provider.fields.region.rules");
});

test("SEM309 a top-level example is checked like a spec field's (the sample shows it)", () => {
  const src = withTopLevel(DATA.replace("greeting: hello", "greeting: 42"));
  assert.deepEqual(
    check(src).map((d) => `${d.code} ${d.path}`),
    ["SEM309 topLevel.fields.data.examples[0].greeting"],
  );
});

test("SEM011 and SEM014: a top-level field, or one nested in it, takes the names spec fields take", () => {
  const nested = withTopLevel("provider:\n  type: object\n  fields:\n    a/b: { type: string }");
  const d = expectOne(nested, "SEM011", posOf(nested, "a/b"), 'field name "a/b" cannot be used');
  assert.equal(d.path, "topLevel.fields.provider.fields.a/b");
  const inherited = withTopLevel("constructor:\n  type: string");
  const e = expectOne(
    inherited,
    "SEM014",
    posOf(inherited, "constructor"),
    'field name "constructor" is a member every JavaScript object inherits',
  );
  assert.equal(e.path, "topLevel.fields.constructor");
});
