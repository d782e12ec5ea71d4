// identity.fallback: metadata.name, a natural key that may be absent (Config Connector's
// resourceID, "when unset, the value of metadata.name is used"). The key is still fixed from
// creation on, now including whether the field is there at all.

import assert from "node:assert/strict";
import { test } from "node:test";
import { check, edit, expectOne, MINIMAL, posOf } from "./helpers.ts";

const SPEC = edit(
  MINIMAL,
  "  fields:\n    size:\n",
  [
    "  fields:",
    "    resourceID:",
    "      type: string",
    "      immutable: { since: creation }",
    "    later:",
    "      type: string",
    "      immutable: true",
    "    domain:",
    "      type: string",
    "      required: true",
    "      immutable: true",
    "    loose:",
    "      type: string",
    "      nullable: true",
    "      immutable: { since: creation }",
    "    size:",
    "",
  ].join("\n"),
);

function keyedOn(key: string): string {
  return `${SPEC}externalResources:\n  - name: bucket\n    description: A bucket.\n    identity:\n      naturalKey: ${key}\n      fallback: metadata.name\n`;
}

test("an optional key immutable since creation may fall back to metadata.name", () => {
  assert.deepEqual(check(keyedOn("resourceID")), []);
});

test("SEM380 a fallback key that may be set after creation would move the object", () => {
  const src = keyedOn("later");
  const d = expectOne(
    src,
    "SEM380",
    posOf(src, "later", "naturalKey"),
    'naturalKey "later" falls back to metadata.name while spec.later is absent, and spec.later may still be set after creation',
  );
  assert.match(d.hint!, /immutable: \{ since: creation \}/);
});

test("WARN160 a fallback on a key that is always there never applies", () => {
  const src = keyedOn("domain");
  const d = expectOne(
    src,
    "WARN160",
    posOf(src, "fallback"),
    "fallback never applies: spec.domain is required, so every object has its key",
  );
  assert.equal(d.severity, "warning");
});

test("SEM203 still refuses a nullable key with a fallback", () => {
  const src = keyedOn("loose");
  expectOne(
    src,
    "SEM203",
    posOf(src, "loose", "naturalKey"),
    'naturalKey "loose": spec.loose is nullable, so an object may have no key',
  );
});
