import assert from "node:assert/strict";
import { test } from "node:test";
import { check, expectOne, MINIMAL, posOf } from "./helpers.ts";

/** MINIMAL (spec.size: integer) with more spec fields and a selectableFields list. */
function withSelectable(paths: string[], fields = ""): string {
  const src = fields ? MINIMAL.replace("  fields:\n", `  fields:\n${fields}`) : MINIMAL;
  return `${src}selectableFields:\n${paths.map((p) => `  - jsonPath: ${JSON.stringify(p)}\n`).join("")}`;
}

const FIELDS = `    color: { type: string, enum: [red, blue] }
    paused: { type: boolean }
    tags: { type: array, items: { type: string } }
    labels: { type: map, values: { type: string } }
    ratio: { type: number }
    placement: { type: object, fields: { zone: { type: string } } }
`;

test("string, integer and boolean fields of spec and status, through objects, are selectable", () => {
  const src = withSelectable(
    [
      ".spec.color",
      ".spec.size",
      ".spec.paused",
      ".spec.placement.zone",
      ".status.observedGeneration",
    ],
    FIELDS,
  );
  assert.deepEqual(check(src), []);
});

test("SEM190 a path that names no field, with did-you-mean, or is outside spec and status", () => {
  const typo = withSelectable([".spec.colour"], FIELDS);
  const d = expectOne(typo, "SEM190", posOf(typo, '".spec.colour"'), 'has no field "colour"');
  assert.match(d.hint!, /\.spec\.color/);
  const outside = withSelectable([".kind"], FIELDS);
  expectOne(outside, "SEM190", posOf(outside, '".kind"'), "is not under spec or status");
});

test("SEM191 a list, a map, metadata or a type a field selector cannot compare", () => {
  for (const [path, why] of [
    [".spec.tags[0]", "goes through a list"],
    [".spec.labels.team", "a map"],
    [".metadata.name", "is under metadata"],
    [".spec.ratio", "is of type number"],
    [".spec.placement", "is a object"],
  ] as const) {
    const src = withSelectable([path], FIELDS);
    expectOne(src, "SEM191", posOf(src, JSON.stringify(path)), why);
  }
});

test("SEM192 a field listed twice; more than 8 is a schema error", () => {
  const twice = withSelectable([".spec.size", ".spec.size"], FIELDS);
  expectOne(
    twice,
    "SEM192",
    posOf(twice, '".spec.size"', '.spec.size"\n  - jsonPath'),
    "duplicates selectableFields[0]",
  );
  const many = withSelectable(
    Array.from({ length: 9 }, () => ".spec.size"),
    FIELDS,
  );
  assert.ok(check(many).some((d) => d.code.startsWith("SPEC") && /8/.test(d.message)));
});
