// The identity of an external resource is part of what stored objects mean: changing it is
// breaking, turning adoption on is risky, the rest is no finding.

import assert from "node:assert/strict";
import { test } from "node:test";
import type { CompatFinding } from "./finding.ts";
import { compareSources as compareAll, edit, lineColOf } from "./testing/compare-sources.ts";

/** The identity findings only: a new condition type also changes the conditions' description. */
function compareSources(before: string, after: string): CompatFinding[] {
  return compareAll(before, after).filter((f) =>
    ["COMPAT016", "COMPAT034", "COMPAT070"].includes(f.code),
  );
}

const WITH_KEYS = edit(
  "    replicas:\n",
  "    domain:\n      type: string\n      required: true\n      immutable: true\n    zone:\n      type: string\n      required: true\n      immutable: true\n    replicas:\n",
);

function withIdentity(identity: string): string {
  return `${WITH_KEYS}externalResources:\n  - name: bucket\n    description: A bucket.\n${identity}`;
}

const UID = withIdentity("");
const DOMAIN_REFUSE = withIdentity("    identity:\n      naturalKey: domain\n");
const DOMAIN_ADOPT = withIdentity(
  "    identity:\n      naturalKey: domain\n      adoption: Adopt\n",
);
const ZONE = withIdentity("    identity:\n      naturalKey: zone\n");

test("breaking: an external resource keyed on the UID becomes keyed on a natural key", () => {
  const [finding, ...rest] = compareSources(UID, DOMAIN_REFUSE);
  assert.deepEqual(rest, []);
  assert.equal(finding?.class, "breaking");
  assert.equal(finding.code, "COMPAT034");
  assert.equal(finding.path, "externalResources[0].identity");
  assert.equal(`${finding.line}:${finding.column}`, lineColOf(DOMAIN_REFUSE, "identity:"));
  assert.match(
    finding.message,
    /^external resource "bucket" was keyed on the object's UID and is now keyed on spec\.domain: /,
  );
  assert.match(finding.hint, /Keep identity out \(the UID\)/);
});

test("breaking: a natural key moved to another field, or dropped for the UID", () => {
  const moved = compareSources(DOMAIN_REFUSE, ZONE);
  assert.deepEqual(
    moved.map((f) => [f.code, f.class]),
    [["COMPAT034", "breaking"]],
  );
  assert.match(moved[0]!.message, /keyed on spec\.domain and is now keyed on spec\.zone/);
  const dropped = compareSources(DOMAIN_REFUSE, UID);
  assert.deepEqual(
    dropped.map((f) => f.code),
    ["COMPAT034"],
  );
  // Without identity in the new spec, it points at the resource.
  assert.equal(`${dropped[0]!.line}:${dropped[0]!.column}`, lineColOf(UID, "name: bucket"));
  assert.match(dropped[0]!.message, /loses track of/);
});

test("risky: adoption Refuse → Adopt; Adopt → Refuse and unchanged identities are no finding", () => {
  const enabled = compareSources(DOMAIN_REFUSE, DOMAIN_ADOPT);
  assert.deepEqual(
    enabled.map((f) => [f.code, f.class, f.path]),
    [["COMPAT016", "risky", "externalResources[0].identity.adoption"]],
  );
  assert.equal(`${enabled[0]!.line}:${enabled[0]!.column}`, lineColOf(DOMAIN_ADOPT, "Adopt"));
  assert.deepEqual(compareSources(DOMAIN_ADOPT, DOMAIN_REFUSE), []);
  assert.deepEqual(compareSources(DOMAIN_ADOPT, DOMAIN_ADOPT), []);
  assert.deepEqual(compareSources(UID, UID), []);
});

test("a resource added or removed is not an identity change", () => {
  assert.deepEqual(compareSources(WITH_KEYS, DOMAIN_REFUSE), []);
  assert.deepEqual(compareSources(DOMAIN_REFUSE, WITH_KEYS), []);
});

test("breaking: a natural key loses its fallback to metadata.name; gaining one is safe", () => {
  const FALLBACK = withIdentity(
    "    identity:\n      naturalKey: domain\n      fallback: metadata.name\n",
  );
  const removed = compareSources(FALLBACK, DOMAIN_REFUSE);
  assert.deepEqual(
    removed.map((f) => [f.code, f.class, f.path]),
    [["COMPAT070", "breaking", "externalResources[0].identity"]],
  );
  assert.match(removed[0]!.message, /objects stored without spec\.domain/);
  assert.deepEqual(compareSources(DOMAIN_REFUSE, FALLBACK), []);
});
