import assert from "node:assert/strict";
import { test } from "node:test";
import { check, edit, expectOne, MINIMAL, posOf } from "./helpers.ts";

// A spec with a map list of pools, a count, and strings a child's name may read.
const SPEC = edit(
  MINIMAL,
  "  fields:\n    size:\n",
  [
    "  fields:",
    "    region:",
    "      type: string",
    "      required: true",
    "      maxLength: 10",
    "    note:",
    "      type: string",
    "      maxLength: 10",
    "    label:",
    "      type: string",
    "      required: true",
    "    tier:",
    "      type: string",
    "      required: true",
    "      maxLength: 10",
    "      pattern: '^[A-Z]+$'",
    "    zone:",
    "      type: string",
    "      default: EU_1",
    "      maxLength: 10",
    "    replicas:",
    "      type: integer",
    "      minimum: 0",
    "      maximum: 5",
    "    unbounded:",
    "      type: integer",
    "    pools:",
    "      type: array",
    "      listType: map",
    "      listMapKeys: [name]",
    "      maxItems: 8",
    "      items:",
    "        type: object",
    "        fields:",
    "          name:",
    "            type: string",
    "            required: true",
    "            maxLength: 20",
    "          servers:",
    "            type: integer",
    "            required: true",
    "    tags:",
    "      type: array",
    "      maxItems: 4",
    "      items:",
    "        type: string",
    "    size:",
    "",
  ].join("\n"),
);

function withChild(...lines: string[]): string {
  return `${SPEC}children:\n  - apiVersion: apps/v1\n    kind: StatefulSet\n${lines.map((l) => `    ${l}\n`).join("")}`;
}

test("names from the spec check clean: forEach, count, a spec field, a fixed name", () => {
  assert.deepEqual(check(withChild("forEach: pools", 'name: "{metadata.name}-{item.name}"')), []);
  assert.deepEqual(check(withChild("count: replicas", 'name: "{metadata.name}-{index}"')), []);
  assert.deepEqual(check(withChild('name: "{metadata.name}-{spec.region}"')), []);
  assert.deepEqual(check(withChild('name: "minio"')), []);
});

test("SEM230 a name template that is not one", () => {
  const braces = withChild('name: "{metadata.name-x"');
  expectOne(braces, "SEM230", posOf(braces, '"{metadata'), "has unbalanced braces");
  const literal = withChild('name: "{metadata.name}_X"');
  expectOne(literal, "SEM230", posOf(literal, '"{metadata'), '"_X" is not lower-case letters');
  const unknown = withChild('name: "{owner}-x"');
  expectOne(unknown, "SEM230", posOf(unknown, '"{owner}'), "{owner} is not a placeholder");
  const index = withChild('name: "{metadata.name}-{index}"');
  expectOne(index, "SEM230", posOf(index, '"{metadata'), "{index} needs count");
  const item = withChild('name: "{metadata.name}-{item.name}"');
  expectOne(item, "SEM230", posOf(item, '"{metadata'), "{item.name} needs forEach");
  const dash = withChild('name: "{metadata.name}-"');
  expectOne(dash, "SEM230", posOf(dash, '"{metadata'), "start or end with '-'");
});

test("SEM231 a placeholder names a field that does not exist, with did-you-mean", () => {
  const src = withChild('name: "{metadata.name}-{spec.regoin}"');
  const d = expectOne(src, "SEM231", posOf(src, '"{metadata'), "{spec.regoin} is not a field");
  assert.equal(d.hint, 'did you mean "region"?');
  assert.equal(d.path, "children[0].name");
});

test("SEM232 a placeholder reads a non-string or a field that may be absent", () => {
  const integer = withChild("count: replicas", 'name: "{metadata.name}-{spec.replicas}-{index}"');
  expectOne(integer, "SEM232", posOf(integer, '"{metadata'), "is an integer, not a string");
  const optional = withChild('name: "{metadata.name}-{spec.note}"');
  expectOne(optional, "SEM232", posOf(optional, '"{metadata'), "{spec.note} is optional");
});

test("SEM233 a field read into a name needs a maxLength and no pattern of its own", () => {
  const unbounded = withChild('name: "{metadata.name}-{spec.label}"');
  expectOne(unbounded, "SEM233", posOf(unbounded, '"{metadata'), "{spec.label} has no maxLength");
  const pattern = withChild('name: "{metadata.name}-{spec.tier}"');
  expectOne(pattern, "SEM233", posOf(pattern, '"{metadata'), "{spec.tier} has its own pattern");
  const misfit = withChild('name: "{metadata.name}-{spec.zone}"');
  expectOne(misfit, "SEM233", posOf(misfit, '"{metadata'), '{spec.zone} may hold "EU_1"');
});

test("SEM234 forEach and count name a bounded list keyed on one field, or an integer with a maximum", () => {
  const both = withChild("forEach: pools", "count: replicas", 'name: "{metadata.name}-{index}"');
  expectOne(both, "SEM234", posOf(both, "replicas", "count:"), "forEach or count, not both");
  const tags = withChild("forEach: tags", 'name: "{metadata.name}-{index}"');
  expectOne(tags, "SEM234", posOf(tags, "tags", "forEach:"), 'forEach "tags" is not a spec list');
  const unbounded = withChild("count: unbounded", 'name: "{metadata.name}-{index}"');
  expectOne(unbounded, "SEM234", posOf(unbounded, "unbounded", "count:"), "with a maximum");
  const noMax = edit(
    withChild("forEach: pools", 'name: "{metadata.name}-{item.name}"'),
    "      maxItems: 8\n",
    "",
  );
  expectOne(noMax, "SEM234", posOf(noMax, "pools", "forEach:"), "has no maxItems");
  const role = `${SPEC}children:\n  - apiVersion: rbac.authorization.k8s.io/v1\n    kind: Role\n    name: "{metadata.name}-x"\n`;
  expectOne(
    role,
    "SEM234",
    posOf(role, '"{metadata'),
    "a Role child cannot be named from the spec",
  );
});

test("SEM235 instances need a name that tells them apart", () => {
  const noName = withChild("forEach: pools");
  expectOne(noName, "SEM235", posOf(noName, "pools", "forEach:"), "needs a name template");
  const noKey = withChild("forEach: pools", 'name: "{metadata.name}-x"');
  expectOne(noKey, "SEM235", posOf(noKey, '"{metadata'), "does not read {item.name}");
  const noIndex = withChild("count: replicas", 'name: "{metadata.name}-x"');
  expectOne(noIndex, "SEM235", posOf(noIndex, '"{metadata'), "does not read {index}");
});

test("SEM236 a template whose names can outgrow the kind's limit", () => {
  const long = withChild(`name: "{metadata.name}-${"a".repeat(51)}"`);
  expectOne(long, "SEM236", posOf(long, '"{metadata'), "a StatefulSet name holds at most 52");
  const fixed = withChild(`name: "${"a".repeat(53)}"`);
  expectOne(fixed, "SEM236", posOf(fixed, '"aaa'), "can make names of 53 characters");
});

// A Secret's name is a DNS subdomain of up to 253 characters, not a 63-character label.
function withSecret(...lines: string[]): string {
  const spec = edit(
    SPEC,
    "    size:\n",
    [
      "    target:",
      "      type: object",
      "      fields:",
      "        name:",
      "          type: string",
      `          maxLength: ${lines.includes("long") ? 243 : 242}`,
      "    size:",
      "",
    ].join("\n"),
  );
  return `${spec}children:\n  - apiVersion: v1\n    kind: Secret\n${lines
    .filter((l) => l !== "long")
    .map((l) => `    ${l}\n`)
    .join("")}`;
}

test("a name read from an optional field falls back to the owner's: {spec.<field> ?? metadata.name}", () => {
  assert.deepEqual(check(withSecret('name: "{spec.target.name ?? metadata.name}"')), []);
  assert.deepEqual(check(withSecret('name: "{spec.target.name ?? metadata.name}-tls"')), []);
  // Without the fallback the optional field could leave a hole in the name.
  const hole = withSecret('name: "{spec.target.name}"');
  expectOne(hole, "SEM232", posOf(hole, '"{spec'), "optional without a default");
  // Only the owner's name is a fallback.
  const other = withSecret('name: "{spec.target.name ?? spec.region}"');
  expectOne(other, "SEM230", posOf(other, '"{spec'), "is not a placeholder");
});

test("SEM236 a Secret's name holds 253 characters: the fallback field gets the owner's share", () => {
  // 253 - "-tls" = 249 for the field with maxLength 243: fits; 243 + 11 does not.
  assert.deepEqual(
    check(withSecret('name: "{spec.target.name ?? metadata.name}-tls"', "long")),
    [],
  );
  const over = withSecret(`name: "{spec.target.name ?? metadata.name}-${"a".repeat(10)}"`, "long");
  expectOne(
    over,
    "SEM236",
    posOf(over, '"{spec'),
    "may hold 243 characters where the owner's name would",
  );
  const fixed = withSecret(`name: "${"a".repeat(253)}"`);
  assert.deepEqual(check(fixed), []);
  const tooLong = withSecret(`name: "${"a".repeat(254)}"`);
  expectOne(tooLong, "SEM236", posOf(tooLong, '"aaa'), "a Secret name holds at most 253");
});
