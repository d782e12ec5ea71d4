// The generated suites name their objects with uniqueName; the operator copies those names into
// label values, so a long kind must not make every integration test's object invalid.

import assert from "node:assert/strict";
import { test } from "node:test";
import { uniqueName } from "../templates/project/test/integration/support/unique-name.ts";

test("uniqueName stays a valid label value for a 63-character prefix", () => {
  const prefix = `a${"b".repeat(58)}-cd`;
  const first = uniqueName(prefix);
  const second = uniqueName(prefix);
  assert.notEqual(first, second);
  for (const name of [first, second]) {
    assert.ok(name.length <= 63, name);
    assert.match(name, /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/);
  }
  assert.match(uniqueName("shop"), new RegExp(`^shop-${process.pid}-\\d+$`));
});
