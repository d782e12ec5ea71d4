// The instance label carries the owner's name: unchanged while it fits a label value, else a
// shortened, hashed stand-in, so an owner with a 253-character name still gets children.

import assert from "node:assert/strict";
import { test } from "node:test";
import { labelValueOf, selectorLabels } from "../src/ownership.ts";

const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

test("a name of 63 characters or fewer is its own label value", () => {
  const name = "a".repeat(63);
  assert.equal(labelValueOf(name), name);
  const labels = selectorLabels({ metadata: { name: "db" } }, "op", "database");
  assert.equal(labels["app.kubernetes.io/instance"], "db");
});

test("a longer name becomes a valid label value, distinct for names that share a prefix", () => {
  const long = `${"a".repeat(51)}.${"b".repeat(100)}`;
  const other = `${"a".repeat(51)}.${"c".repeat(100)}`;
  for (const name of [long, other, `${"x".repeat(51)}-${"y".repeat(200)}`]) {
    const value = labelValueOf(name);
    assert.ok(value.length <= 63 && LABEL_VALUE.test(value), value);
  }
  assert.notEqual(labelValueOf(long), labelValueOf(other));
  // A cut that ends in a dot or dash drops it: the value must end with a letter or digit.
  assert.match(labelValueOf(long), /^a{51}-[0-9a-f]{10}$/);
});
