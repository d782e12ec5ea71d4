// `required` together with `default`, and the condition-type hint: two places where the spec
// and what the API server does used to disagree. Required with a default was refused once; real
// CRDs carry it and the API server accepts it, so it is a warning now (issue 21).

import assert from "node:assert/strict";
import { test } from "node:test";
import { check, edit, expectOne, MINIMAL, posOf } from "./helpers.ts";

test("WARN112 required together with default is warned, not refused: the API server accepts it", () => {
  const src = edit(MINIMAL, "      default: 3\n", "      default: 3\n      required: true\n");
  const d = expectOne(
    src,
    "WARN112",
    posOf(src, "required"),
    '"size" is required and has a default: an object without it is accepted and stored with the default',
  );
  assert.equal(d.severity, "warning");
  assert.match(d.hint!, /defaults before it validates/);
  const nested = edit(
    MINIMAL,
    "    size:\n",
    "    backup:\n      type: object\n      fields:\n        days:\n          type: integer\n          required: true\n          default: 7\n    size:\n",
  );
  expectOne(
    nested,
    "WARN112",
    posOf(nested, "required"),
    '"days" is required and has a default: an object without it is accepted and stored with the default',
  );
});

test("SEM035 accepts every condition type metav1.Condition allows", () => {
  for (const type of ["Vendor.Adopted", "disk_ready", "example.com/Synced", "a-b.c_d", "X"]) {
    const src = edit(MINIMAL, "- type: Ready", `- type: Ready\n    - type: ${type}`);
    assert.deepEqual(check(src), [], type);
  }
});
