// spec is optional: a document without it describes a kind with no spec. Every place that names a
// spec field then has nothing to name, and says so at the reference.

import assert from "node:assert/strict";
import { test } from "node:test";
import { check, edit, expectOne, MINIMAL, posOf } from "./helpers.ts";

const NO_SPEC = edit(
  MINIMAL,
  "spec:\n  fields:\n    size:\n      type: integer\n      minimum: 1\n      maximum: 10\n      default: 3\n",
  "",
);

test("a document without spec, with or without status fields, is valid", () => {
  assert.doesNotMatch(NO_SPEC, /^spec:/m);
  assert.deepEqual(check(NO_SPEC), []);
  assert.deepEqual(check(`${NO_SPEC}  fields:\n    endpoint: { type: string }\n`), []);
});

test("without spec, references to spec fields name no field, each at its reference", () => {
  const src = `${NO_SPEC}printerColumns:
  - name: Size
    type: integer
    jsonPath: .spec.size
selectableFields:
  - jsonPath: .spec.size
externalResources:
  - name: instance
    description: A thing.
    inputs: [size]
`;
  expectOne(src, "SEM152", posOf(src, ".spec.size"), 'jsonPath ".spec.size" names no field');
  expectOne(
    src,
    "SEM190",
    posOf(src, ".spec.size", "selectableFields"),
    'selectable field ".spec.size" names no field',
  );
  expectOne(src, "SEM042", posOf(src, "size]"), 'input "size" is not a spec field');
});
