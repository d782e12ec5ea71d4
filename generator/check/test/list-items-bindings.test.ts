// SEM158 (nullable items in set/map lists) and SEM159 (a binding child without its role child),
// both refused by the API server; found by the property test's real-server sample.

import assert from "node:assert/strict";
import { test } from "node:test";
import { check, edit, expectOne, MINIMAL, posOf } from "./helpers.ts";

test("SEM158 nullable items in a listType: set list, at the items' nullable", () => {
  const src = edit(
    MINIMAL,
    "    size:\n",
    "    refs:\n      type: array\n      listType: set\n      maxItems: 4\n      items:\n        type: string\n        maxLength: 8\n        nullable: true\n    size:\n",
  );
  expectOne(
    src,
    "SEM158",
    posOf(src, "nullable: true"),
    'items of the set list "refs" cannot be nullable',
  );
  assert.deepEqual(
    check(src.replace("      listType: set\n", "")).filter((d) => d.code === "SEM158"),
    [],
    "atomic lists may hold nulls",
  );
});

test("SEM159 a binding child without the role child it binds", () => {
  const src = `${MINIMAL}children:\n  - apiVersion: rbac.authorization.k8s.io/v1\n    kind: RoleBinding\n`;
  expectOne(src, "SEM159", posOf(src, "RoleBinding"), "the RoleBinding child binds the Role child");
  const withRole = `${src}  - apiVersion: rbac.authorization.k8s.io/v1\n    kind: Role\n`;
  assert.deepEqual(
    check(withRole).filter((d) => d.code === "SEM159"),
    [],
  );
});

test("SEM160 a set list whose minItems exceeds the distinct values its items admit, at minItems", () => {
  const list = (items: string, minItems: number) =>
    edit(
      MINIMAL,
      "    size:\n",
      `    modes:\n      type: array\n      listType: set\n      minItems: ${minItems}\n      items:\n${items}    size:\n`,
    );
  const twoModes = "        type: string\n        enum: [fast, safe]\n";
  const src = list(twoModes, 3);
  expectOne(
    src,
    "SEM160",
    posOf(src, "3", "minItems"),
    'the set list "modes" needs at least 3 distinct items, but its items admit only 2 values',
  );
  const threeInts = "        type: integer\n        minimum: 1\n        maximum: 3\n";
  expectOne(
    list(threeInts, 4),
    "SEM160",
    posOf(list(threeInts, 4), "4", "minItems"),
    "only 3 values",
  );
  expectOne(
    list("        type: boolean\n", 3),
    "SEM160",
    posOf(list("        type: boolean\n", 3), "3", "minItems"),
    "only 2 values",
  );
  for (const ok of [list(twoModes, 2), list(threeInts, 3), list("        type: string\n", 9)])
    assert.deepEqual(
      check(ok).filter((d) => d.code === "SEM160"),
      [],
    );
  assert.deepEqual(
    check(list(twoModes, 3).replace("      listType: set\n", "")).filter(
      (d) => d.code === "SEM160",
    ),
    [],
    "atomic lists may repeat items",
  );
});
