// `required` together with `default`, and the condition-type hint: two places where the spec
// and what the API server does used to disagree.

import assert from "node:assert/strict";
import { test } from "node:test";
import { edit, expectOne, MINIMAL, posOf } from "./helpers.ts";

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

test("SEM035's hint does not misstate what metav1.Condition allows", () => {
  const dotted = edit(MINIMAL, "- type: Ready", "- type: Vendor.Adopted");
  const d = expectOne(dotted, "SEM035", posOf(dotted, "Vendor.Adopted"), '"Vendor.Adopted"');
  assert.match(d.hint!, /"VendorAdopted"/);
  assert.match(d.hint!, /not supported by this format yet/);
  assert.doesNotMatch(d.hint!, /as metav1\.Condition types are/);
  const snake = edit(MINIMAL, "- type: Ready", "- type: disk_ready");
  const s = expectOne(snake, "SEM035", posOf(snake, "disk_ready"), '"disk_ready"');
  assert.match(s.hint!, /"DiskReady"/);
});
