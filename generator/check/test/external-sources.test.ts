import assert from "node:assert/strict";
import { test } from "node:test";
import { check, expectOne, MINIMAL, posOf } from "./helpers.ts";

/** MINIMAL with a required, mutable string key and a status output for a source to fill. */
const BASE = MINIMAL.replace(
  "  fields:\n    size:\n",
  "  fields:\n    network:\n      type: string\n      required: true\n      maxLength: 63\n    size:\n",
).replace("status:\n", "status:\n  fields:\n    cidr:\n      type: string\n");

function withSource(source: string): string {
  return `${BASE}externalResources:\n${source.replace(/^/gm, "  ")}\n`;
}

const GOOD =
  "- name: network\n  description: A shared network.\n  access: read\n  outputs: [cidr]\n  identity:\n    naturalKey: network";

test("a read-only source keyed on a mutable required field checks clean", () => {
  // SEM204 (immutable key) does not apply: a changed key looks up another source, leaving nothing.
  assert.deepEqual(check(withSource(GOOD)), []);
});

test("a managed resource on the same mutable key is still refused (SEM204)", () => {
  const src = withSource(GOOD.replace("  access: read\n", ""));
  assert.deepEqual(
    check(src).map((d) => d.code),
    ["SEM204"],
  );
});

test("SEM410 a read-only source needs a natural key", () => {
  const src = withSource(GOOD.replace(/\n  identity:\n    naturalKey: network/, ""));
  expectOne(
    src,
    "SEM410",
    posOf(src, "read"),
    'external source "network" (access: read) has no identity.naturalKey',
  );
});

for (const [key, yaml, value] of [
  ["inputs", "  inputs: [size]\n", "[size]"],
  ["deletionPolicy", "  deletionPolicy: Retain\n", "Retain"],
  ["driftPolicy", "  driftPolicy: Report\n", "Report"],
] as const) {
  test(`SEM411 ${key} does not apply to a read-only source`, () => {
    const src = withSource(GOOD.replace("  access: read\n", `  access: read\n${yaml}`));
    const d = expectOne(
      src,
      "SEM411",
      posOf(src, value, "access: read"),
      `external source "network" is read only (access: read), so ${key} does not apply: ${
        key === "inputs"
          ? "inputs feed what the operator writes, and nothing is written"
          : key === "deletionPolicy"
            ? "nothing is deleted, so there is nothing to retain"
            : "nothing is written, so there is nothing to revert or report"
      }`,
    );
    assert.equal(d.path, `externalResources[0].${key}`);
  });
}

test("SEM411 identity.adoption does not apply to a read-only source", () => {
  const src = withSource(`${GOOD}\n    adoption: Adopt`);
  const d = expectOne(
    src,
    "SEM411",
    posOf(src, "Adopt", "adoption"),
    'external source "network" is read only (access: read), so identity.adoption does not apply: adoption marks the resource as held by the object, and nothing is marked',
  );
  assert.equal(d.path, "externalResources[0].identity.adoption");
});
