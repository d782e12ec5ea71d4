// Example values honour a field's maxLength for every format with a short valid form: the sample,
// the contract tests and the status sample all need one (an email field with maxLength 15 used to
// get user@example.com, 16 characters, and generation stopped with an internal error).

import assert from "node:assert/strict";
import { test } from "node:test";
import { exampleValue } from "./example-values.ts";
import { fieldViolations } from "./field-violations.ts";
import { field } from "./testing/fixtures.ts";

/** The shortest value of each format the API server accepts that this generator should find. */
const SHORTEST: Record<string, number> = {
  hostname: 1,
  cidr: 4,
  ipv4: 7,
  ipv6: 3,
  email: 6,
  uri: 8,
  byte: 4,
  password: 2,
  duration: 2,
};

test("a format with a tight maxLength still gets a valid example", () => {
  for (const [format, maxLength] of Object.entries(SHORTEST)) {
    for (const index of [0, 1]) {
      const f = field("x", "string", { format, maxLength });
      const value = exampleValue(f, index);
      if (index === 0)
        assert.deepEqual(fieldViolations(f, value), [], `${format} within ${maxLength}: ${value}`);
      assert.ok(String(value).length > 0);
    }
  }
  // The readable example stays first where it fits.
  assert.equal(exampleValue(field("x", "string", { format: "email" })), "user@example.com");
  assert.equal(exampleValue(field("x", "string", { format: "email", maxLength: 15 })), "a@b.io");
});
