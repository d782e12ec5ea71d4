// SEM244: a default on a status field, at any depth, is refused where it is written (issue 21,
// finding 8); the CRD carried none, so it was silently dropped.

import { test } from "node:test";
import { edit, expectOne, MINIMAL, posOf } from "./helpers.ts";

test("SEM244 a default on a status field is refused at the default", () => {
  const src = edit(
    MINIMAL,
    "status:\n",
    "status:\n  fields:\n    endpoint:\n      type: object\n      fields:\n        port:\n          type: integer\n          default: 5432\n",
  );
  expectOne(
    src,
    "SEM244",
    posOf(src, "default: 5432"),
    'status field "endpoint.port" has a default',
  );
});
