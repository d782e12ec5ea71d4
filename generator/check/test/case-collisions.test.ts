// SEM155: sibling names that differ only in case, wherever the spec declares names.

import assert from "node:assert/strict";
import { test } from "node:test";
import { check, edit, expectOne, MINIMAL, posOf } from "./helpers.ts";

test("SEM155 sibling spec fields that differ only in case, at the second one", () => {
  const src = edit(
    MINIMAL,
    "    size:\n",
    "    storage:\n      type: string\n      maxLength: 8\n    storagE:\n      type: string\n      maxLength: 8\n    size:\n",
  );
  const d = expectOne(
    src,
    "SEM155",
    posOf(src, "storagE"),
    'field "storagE" differs from "storage"',
  );
  assert.match(d.message, new RegExp(`\\(${posOf(src, "storage:")}\\)`));
});

test("SEM155 nested fields, condition types and phases; the same name in two objects is fine", () => {
  const nested = edit(
    MINIMAL,
    "    size:\n",
    "    a:\n      type: object\n      fields:\n        name:\n          type: boolean\n        Name:\n          type: boolean\n    b:\n      type: object\n      fields:\n        name:\n          type: boolean\n    size:\n",
  );
  expectOne(nested, "SEM155", posOf(nested, "Name:"), 'field "Name" differs from "name"');
  const conditions = edit(MINIMAL, "    - type: Ready\n", "    - type: Ready\n    - type: READY\n");
  expectOne(conditions, "SEM155", posOf(conditions, "READY"), 'condition type "READY"');
  const clean = edit(
    MINIMAL,
    "    size:\n",
    "    a:\n      type: object\n      fields:\n        name:\n          type: boolean\n    b:\n      type: object\n      fields:\n        name:\n          type: boolean\n    size:\n",
  );
  assert.deepEqual(
    check(clean).filter((d) => d.code === "SEM155"),
    [],
  );
});

test("SEM155 external resources whose names differ only in case", () => {
  const src = `${MINIMAL}externalResources:\n  - name: instance\n    description: A thing.\n  - name: instancE\n    description: Another.\n`;
  expectOne(src, "SEM155", posOf(src, "instancE"), 'external resource "instancE"');
});
