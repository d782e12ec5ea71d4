// `required` together with `default`, and the condition-type hint: two places where the spec
// and what the API server does used to disagree.

import assert from "node:assert/strict";
import { test } from "node:test";
import { check, edit, expectOne, MINIMAL, posOf } from "./helpers.ts";

test("SEM153 required together with default is refused", () => {
  const src = edit(MINIMAL, "      default: 3\n", "      default: 3\n      required: true\n");
  const d = expectOne(
    src,
    "SEM153",
    posOf(src, "required"),
    '"size" is required and has a default',
  );
  assert.match(d.hint!, /defaults before it validates/);
  const nested = edit(
    MINIMAL,
    "    size:\n",
    "    backup:\n      type: object\n      fields:\n        days:\n          type: integer\n          required: true\n          default: 7\n    size:\n",
  );
  expectOne(nested, "SEM153", posOf(nested, "required"), '"days" is required and has a default');
});

test("SEM035 accepts every condition type metav1.Condition allows", () => {
  for (const type of ["Vendor.Adopted", "disk_ready", "example.com/Synced", "a-b.c_d", "X"]) {
    const src = edit(MINIMAL, "- type: Ready", `- type: Ready\n    - type: ${type}`);
    assert.deepEqual(check(src), [], type);
  }
});
