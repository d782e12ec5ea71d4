import assert from "node:assert/strict";
import { test } from "node:test";
import { check, edit, expectOne, MINIMAL, posOf } from "./helpers.ts";

// children[].creationPolicy: fixed (Owner, Orphan, Merge, None, CreateOrMerge) or read from a
// string spec field whose enum holds only those (SEM395–SEM397).
const SPEC = edit(
  MINIMAL,
  "  fields:\n    size:\n",
  [
    "  fields:",
    "    target:",
    "      type: object",
    "      default: { creationPolicy: Owner }",
    "      fields:",
    "        creationPolicy:",
    "          type: string",
    "          enum: [Owner, Orphan, Merge, None, CreateOrMerge]",
    "          default: Owner",
    "        mode:",
    "          type: string",
    "          enum: [Owner, Sometimes]",
    "        name:",
    "          type: string",
    "          maxLength: 20",
    "    size:",
    "",
  ].join("\n"),
);

const withSecret = (policy: string) =>
  `${SPEC}children:\n  - apiVersion: v1\n    kind: Secret\n    creationPolicy: ${policy}\n`;

test("a fixed policy and one read from an enum field of policies check clean", () => {
  for (const policy of ["Owner", "Orphan", "Merge", "CreateOrMerge", "target.creationPolicy"])
    assert.deepEqual(check(withSecret(policy)), [], policy);
});

test("SEM395 creationPolicy names no spec field (did-you-mean)", () => {
  const src = withSecret("target.creationPolicyy");
  const d = expectOne(
    src,
    "SEM395",
    posOf(src, "target.creationPolicyy"),
    'creationPolicy "target.creationPolicyy" is neither a policy nor a spec field',
  );
  assert.match(d.hint ?? "", /did you mean "target.creationPolicy"\?/);
  expectOne(withSecret("owner"), "SEM395", posOf(withSecret("owner"), "owner"), "neither a policy");
});

test("SEM396 the field is not a string enum of policies", () => {
  const free = withSecret("target.name");
  expectOne(free, "SEM396", posOf(free, "target.name", "kind: Secret"), "has no enum");
  const mode = withSecret("target.mode");
  expectOne(
    mode,
    "SEM396",
    posOf(mode, "target.mode", "kind: Secret"),
    'target.mode may be "Sometimes", which is not a creation policy',
  );
});

test("SEM397 a child whose fixed policy is None would never be written", () => {
  const src = withSecret("None");
  expectOne(src, "SEM397", posOf(src, "None", "kind: Secret"), "never written");
});
