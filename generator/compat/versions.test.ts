// The compatibility check across API versions (issue 19): a change that breaks a version is safe
// when a new version makes it and the old one keeps its shape; removing a version that stores
// objects is breaking; moving the storage version comes with the migration runbook; and the hint
// for a breaking change is the spec edit that makes it a new version, proven by applying it.

import assert from "node:assert/strict";
import { test } from "node:test";
import { parse, parseDocument } from "yaml";
import type { CompatFinding } from "./finding.ts";
import { BASE_SPEC, compareSources, edit, lineColOf } from "./testing/compare-sources.ts";

const ONE_VERSION = "  versions:\n    - name: v1alpha1\n";

/** BASE_SPEC with its versions list replaced (and more edits applied to the result). */
function withVersions(versions: string, source = BASE_SPEC): string {
  return edit(ONE_VERSION, `  versions:\n${versions}`, source);
}

const V1ALPHA2_STORED = "    - name: v1alpha1\n    - name: v1alpha2\n      storage: true\n";

function describe(findings: CompatFinding[]): string {
  return findings.map((f) => `${f.class} ${f.code} ${f.path} [${f.version}]`).join("\n");
}

const inNewVersion: Array<[string, string, string]> = [
  [
    "a rename",
    "    name:\n      type: string\n      maxLength: 63\n",
    "    title:\n      type: string\n      maxLength: 63\n      versions:\n        renamed: { v1alpha1: name }\n",
  ],
  [
    "a removal",
    "    replicas:\n      type: integer\n      minimum: 1\n      maximum: 10\n",
    "    replicas:\n      type: integer\n      minimum: 1\n      maximum: 10\n      versions:\n        removed: v1alpha2\n",
  ],
  [
    "a type change through a hook",
    "    replicas:\n      type: integer\n      minimum: 1\n      maximum: 10\n",
    "    replicas:\n      type: string\n      maxLength: 8\n      versions:\n        converted: hook\n        changed: { v1alpha1: { type: integer, minimum: 1, maximum: 10 } }\n",
  ],
  [
    "an enum value removed",
    "      enum: [small, medium, huge]\n",
    "      enum: [small, medium]\n      versions:\n        changed: { v1alpha1: { enum: [small, medium, huge] } }\n",
  ],
  [
    "a bound tightened",
    "      maxLength: 63\n",
    "      maxLength: 32\n      versions:\n        changed: { v1alpha1: { maxLength: 63 } }\n",
  ],
  [
    "a rename inside list items",
    "          sku:\n            type: string\n",
    "          code:\n            type: string\n            versions:\n              renamed: { v1alpha1: sku }\n",
  ],
  [
    "a rename inside map values",
    "          value:\n            type: string\n",
    "          text:\n            type: string\n            versions:\n              renamed: { v1alpha1: value }\n",
  ],
  [
    "a field added only in the new version",
    "    name:\n",
    "    zone:\n      type: string\n      versions:\n        added: v1alpha2\n    name:\n",
  ],
];

for (const [what, from, to] of inNewVersion)
  test(`versions: ${what} made in a new version v1alpha2 is not breaking; v1alpha2 is reported added (safe, converted by the webhook)`, () => {
    const after = withVersions(V1ALPHA2_STORED, edit(from, to));
    const findings = compareSources(BASE_SPEC, after);
    assert.deepEqual(
      findings.filter((f) => f.class === "breaking"),
      [],
      describe(findings),
    );
    const added = findings.find((f) => f.code === "COMPAT006" && f.version === "v1alpha2");
    assert.ok(added, describe(findings));
    assert.equal(added.class, "safe");
    assert.equal(added.path, "api.versions[1]");
    assert.match(
      added.message,
      what.startsWith("a rename") ||
        what.startsWith("a removal") ||
        what.startsWith("a type") ||
        what.startsWith("a field")
        ? /^version v1alpha2 added: served beside v1alpha1; the API server converts between them through the operator's conversion webhook, and each older version keeps its schema$/
        : // Only validation differs: objects have the same fields, so the CRD converts by apiVersion.
          /^version v1alpha2 added: served beside v1alpha1; its objects have the same fields, so the API server converts them by apiVersion alone \(conversion None\)$/,
    );
  });

test("versions: the storage version moved (v1alpha1 → v1alpha2) is risky and its hint is the migration runbook", () => {
  const after = withVersions(V1ALPHA2_STORED);
  const finding = compareSources(BASE_SPEC, after).find((f) => f.code === "COMPAT018");
  assert.ok(finding, describe(compareSources(BASE_SPEC, after)));
  assert.equal(finding.class, "risky");
  assert.equal(finding.path, "api.versions[1].storage");
  assert.equal(`${finding.line}:${finding.column}`, lineColOf(after, "true"));
  assert.equal(finding.version, "v1alpha2");
  assert.match(
    finding.message,
    /^the storage version moved from v1alpha1 to v1alpha2: objects already stored stay encoded in v1alpha1 until they are written again/,
  );
  for (const step of [
    /the operator's storage migrator re-writes every object/,
    /operator_storage_migration_objects_remaining/,
    /kubectl get crd shops\.shop\.example\.com -o jsonpath='\{\.status\.storedVersions\}'/,
    /deprecated: true/,
    /served: false/,
    /remove v1alpha1 from api\.versions/,
  ])
    assert.match(finding.hint, step);
});

test("versions: removing the storage version is breaking (COMPAT036), in the previous spec, and the edit keeps it", () => {
  const before = withVersions("    - name: v1alpha1\n      storage: true\n    - name: v1alpha2\n");
  const after = withVersions("    - name: v1alpha2\n      storage: true\n");
  const findings = compareSources(before, after);
  const finding = findings.find((f) => f.code === "COMPAT036");
  assert.ok(finding, describe(findings));
  assert.equal(finding.class, "breaking");
  assert.equal(finding.file, "base/operator.yaml");
  assert.equal(finding.path, "api.versions[0].name");
  assert.equal(`${finding.line}:${finding.column}`, lineColOf(before, "v1alpha1\n", 1));
  assert.match(
    finding.message,
    /^version v1alpha1 removed while it is the storage version: every object written so far is stored in v1alpha1, and the API server refuses to drop a version that status\.storedVersions lists/,
  );
  assert.equal(
    findings.some((f) => f.code === "COMPAT030" && f.path === "api.versions[0].name"),
    false,
    "one finding for the removal, the storage one",
  );
  assertEditHeals(before, after, finding);
});

test("versions: removing a version that is no longer served is risky (COMPAT019): it may still be in status.storedVersions, and the hint says how to check", () => {
  const before = withVersions(
    "    - name: v1alpha1\n      served: false\n    - name: v1alpha2\n      storage: true\n",
  );
  const after = withVersions("    - name: v1alpha2\n      storage: true\n");
  const findings = compareSources(before, after);
  const finding = findings.find((f) => f.code === "COMPAT019");
  assert.ok(finding, describe(findings));
  assert.equal(finding.class, "risky");
  assert.equal(finding.file, "base/operator.yaml");
  assert.match(finding.message, /^version v1alpha1 removed \(it was no longer served\)/);
  assert.match(
    finding.hint,
    /kubectl get crd shops\.shop\.example\.com -o jsonpath='\{\.status\.storedVersions\}'/,
  );
  assert.deepEqual(
    findings.filter((f) => f.class === "breaking"),
    [],
  );
});

test("versions: a served version removed is breaking, and its hint mentions status.storedVersions", () => {
  const before = withVersions("    - name: v1alpha1\n    - name: v1alpha2\n      storage: true\n");
  const after = withVersions("    - name: v1alpha2\n      storage: true\n");
  const finding = compareSources(before, after).find((f) => f.code === "COMPAT030")!;
  assert.equal(finding.class, "breaking");
  assert.match(finding.hint, /status\.storedVersions/);
  assertEditHeals(before, after, finding);
});

// Breaking changes made in place, each with the edit that makes it a new version instead.
const inPlace: Array<[string, string, string, string, RegExp]> = [
  [
    "COMPAT021",
    "a rename",
    "    name:\n      type: string\n",
    "    title:\n      type: string\n",
    /^spec:\n {2}fields:\n {4}title:\n {6}versions:\n {8}renamed: \{ v1alpha1: name \}\n$/m,
  ],
  [
    "COMPAT021",
    "a rename inside list items",
    "          sku:\n            type: string\n",
    "          code:\n            type: string\n",
    /^ {4}items:\n {6}items:\n {8}fields:\n {10}code:\n {12}versions:\n {14}renamed: \{ v1alpha1: sku \}\n$/m,
  ],
  [
    "COMPAT021",
    "a rename inside map values",
    "          value:\n            type: string\n",
    "          text:\n            type: string\n",
    /^ {4}labels:\n {6}values:\n {8}fields:\n {10}text:\n {12}versions:\n {14}renamed: \{ v1alpha1: value \}\n$/m,
  ],
  [
    "COMPAT020",
    "a removal",
    "    replicas:\n      type: integer\n      minimum: 1\n      maximum: 10\n",
    "",
    /^ {4}replicas:\n {6}type: integer\n {6}minimum: 1\n {6}maximum: 10\n {6}versions:\n {8}removed: v1alpha2\n/m,
  ],
  [
    "COMPAT022",
    "a type change",
    "    replicas:\n      type: integer\n      minimum: 1\n      maximum: 10\n",
    "    replicas:\n      type: string\n",
    /^ {6}versions:\n {8}changed: \{ v1alpha1: \{ type: integer, minimum: 1, maximum: 10 \} \}\n {8}converted: hook\n/m,
  ],
  [
    "COMPAT024",
    "an enum value removed",
    "      enum: [small, medium, huge]\n",
    "      enum: [small, medium]\n",
    /^ {8}changed: \{ v1alpha1: \{ enum: \[small, medium, huge\] \} \}\n/m,
  ],
  [
    "COMPAT025",
    "a bound tightened",
    "      maximum: 10\n",
    "      maximum: 5\n",
    /^ {8}changed: \{ v1alpha1: \{ maximum: 10 \} \}\n/m,
  ],
  [
    "COMPAT036",
    "the only (so storage) version replaced by another",
    ONE_VERSION,
    "  versions:\n    - name: v1beta1\n",
    /^api:\n {2}versions:\n {4}- name: v1alpha1\n {4}- name: v1beta1\n {6}storage: true\n$/m,
  ],
];

for (const [code, what, from, to, snippet] of inPlace)
  test(`versions: ${what} in place (${code}) gets a hint with the spec edit that makes it a new version, and that edit leaves nothing breaking`, () => {
    const after = edit(from, to);
    const findings = compareSources(BASE_SPEC, after);
    const finding = findings.find((f) => f.code === code);
    assert.ok(finding, describe(findings));
    assert.ok(finding.edit, `no edit in ${JSON.stringify(finding, null, 2)}`);
    assert.match(finding.edit, snippet);
    // A version kept whole: its own hint says why (the storage version's objects live in it).
    if (code === "COMPAT036") return assertEditHeals(BASE_SPEC, after, finding);
    assert.match(
      finding.edit,
      /^api:\n {2}versions:\n {4}- name: v1alpha1\n {4}- name: v1alpha2\n {6}storage: true\n/,
    );
    assert.match(
      finding.hint,
      /^Make it a new version instead: apply the edit below to operator\.yaml, so .+ keeps its shape and the operator converts( \(write the conversion of this field in src\/hooks\/shop-conversion\.ts; tsc names what is missing\))?; or pass --allow-breaking if no cluster stores these objects yet\.$/,
    );
    assertEditHeals(BASE_SPEC, after, finding);
  });

test("versions: the type change's hint names the conversion hook file tsc will ask for", () => {
  const after = edit(
    "    replicas:\n      type: integer\n      minimum: 1\n      maximum: 10\n",
    "    replicas:\n      type: string\n",
  );
  const finding = compareSources(BASE_SPEC, after).find((f) => f.code === "COMPAT022")!;
  assert.match(finding.hint, /src\/hooks\/shop-conversion\.ts/);
});

test("versions: a breaking change in an older version of a two-version spec is healed without a third version", () => {
  const before = withVersions(V1ALPHA2_STORED);
  const after = edit(
    "      enum: [small, medium, huge]\n",
    "      enum: [small, medium]\n",
    before,
  );
  const findings = compareSources(before, after);
  const older = findings.find((f) => f.code === "COMPAT024" && f.version === "v1alpha1");
  assert.ok(older?.edit, describe(findings));
  assert.doesNotMatch(older.edit, /^api:/m, "no new version: v1alpha2 already follows v1alpha1");
});

/** Applies the finding's edit to `after` (maps merged, lists replaced) and re-compares: no breaking change may remain. */
function assertEditHeals(before: string, after: string, finding: CompatFinding): void {
  assert.ok(finding.edit, `no edit in ${JSON.stringify(finding, null, 2)}`);
  const doc = parseDocument(after);
  const merge = (path: string[], value: unknown): void => {
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      for (const [key, child] of Object.entries(value)) merge([...path, key], child);
      return;
    }
    doc.setIn(path, doc.createNode(value));
  };
  merge([], parse(finding.edit));
  const healed = doc.toString();
  const left = compareSources(before, healed).filter((f) => f.class === "breaking");
  assert.deepEqual(left, [], `${finding.edit}\n---\n${healed}\n---\n${describe(left)}`);
}

test("versions: a required field whose type changes in v1alpha2 stays required in v1alpha1 (nothing but the new version and the storage move is reported)", () => {
  const before = edit(
    "    name:\n      type: string\n",
    "    name:\n      type: string\n      required: true\n",
  );
  const after = withVersions(
    V1ALPHA2_STORED,
    edit(
      "    name:\n      type: string\n      required: true\n      maxLength: 63\n",
      "    name:\n      type: object\n      required: true\n      fields:\n        first: { type: string }\n      versions:\n        converted: hook\n        changed: { v1alpha1: { type: string, maxLength: 63 } }\n",
      before,
    ),
  );
  const findings = compareSources(before, after);
  assert.deepEqual(
    findings.map((f) => `${f.code} ${f.version}`).sort(),
    ["COMPAT006 v1alpha2", "COMPAT018 v1alpha2"],
    describe(findings),
  );
});
