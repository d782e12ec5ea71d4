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
