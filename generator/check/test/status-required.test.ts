// SEM156: top-level status fields cannot be required.

import { test } from "node:test";
import { edit, expectOne, MINIMAL, posOf } from "./helpers.ts";

test("SEM156 a required top-level status field; a required field inside a status object is fine", () => {
  const src = edit(
    MINIMAL,
    "status:\n",
    "status:\n  fields:\n    endpoint:\n      type: string\n      required: true\n    details:\n      type: object\n      fields:\n        host:\n          type: string\n          required: true\n",
  );
  expectOne(src, "SEM156", posOf(src, "required: true"), 'status field "endpoint" is required');
});
