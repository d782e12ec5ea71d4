import assert from "node:assert/strict";
import { test } from "node:test";
import { check, edit, expectOne, MINIMAL, posOf } from "./helpers.ts";

test("SEM001 kind must be PascalCase", () => {
  const src = edit(MINIMAL, "kind: Shop", "kind: shop_item");
  const d = expectOne(src, "SEM001", "7:9", 'kind "shop_item" is not PascalCase');
  assert.match(d.hint!, /"ShopItem"/);
});

test("SEM002 group must be a DNS subdomain with a dot, and the message names what is wrong", () => {
  const group = (value: string) => edit(MINIMAL, "group: shop.example.com", `group: ${value}`);
  expectOne(group("shop"), "SEM002", "6:10", 'group "shop" has no dot');
  // It has a dot: the message must not say it lacks one (issue 23).
  const upper = expectOne(group("Platform.Example"), "SEM002", "6:10", "upper-case letters");
  assert.doesNotMatch(upper.message, /with a dot|no dot/);
  assert.match(upper.hint!, /"platform\.example"/);
  expectOne(group("shop_x.example.com"), "SEM002", "6:10", '"shop_x" is not a DNS label');
  expectOne(group("shop..example.com"), "SEM002", "6:10", "an empty label");
});

test("SEM003 metadata.name must be a DNS-1123 label", () => {
  expectOne(
    edit(MINIMAL, "name: shop-operator", "name: shop_operator-"),
    "SEM003",
    "4:9",
    'metadata.name "shop_operator-" is not a DNS-1123 label',
  );
});

test("SEM004 plural, singular and short names must be lower-case DNS labels", () => {
  const src = edit(MINIMAL, "  kind: Shop\n", "  kind: Shop\n  plural: Shops\n");
  expectOne(src, "SEM004", posOf(src, "Shops"), 'plural "Shops" is not a lower-case DNS label');
  const short = edit(MINIMAL, "  kind: Shop\n", "  kind: Shop\n  shortNames: [sh, s_h]\n");
  const d = expectOne(short, "SEM004", posOf(short, "s_h"), 'short name "s_h"');
  assert.equal(d.path, "api.shortNames[1]");
});

test("SEM005 version names follow Kubernetes conventions", () => {
  expectOne(
    edit(MINIMAL, "name: v1\n", "name: v1.0\n"),
    "SEM005",
    "9:13",
    'version "v1.0" is not a Kubernetes version name',
  );
  expectOne(edit(MINIMAL, "name: v1\n", "name: v1gamma1\n"), "SEM005", "9:13", '"v1gamma1"');
});

test("SEM006 duplicate version", () => {
  const src = edit(MINIMAL, "    - name: v1\n", "    - name: v1\n    - name: v1\n");
  expectOne(src, "SEM006", "10:13", 'version "v1" is listed twice');
});

const versionsOf = (lines: string) => edit(MINIMAL, "    - name: v1\n", lines);

test("several versions with one storage version are accepted", () => {
  const src = versionsOf(
    "    - name: v1alpha1\n      served: false\n    - name: v1beta1\n      deprecated: true\n      deprecationWarning: use v1\n    - name: v1\n      storage: true\n",
  );
  assert.deepEqual(check(src), []);
});

test("SEM007 several versions and no storage version, two, or the only one not stored", () => {
  const none = versionsOf("    - name: v1beta1\n    - name: v1\n");
  const d = expectOne(
    none,
    "SEM007",
    posOf(none, "- name: v1beta1"),
    "2 versions are listed and none is the storage version",
  );
  assert.match(d.hint!, /storage: true/);
  const two = versionsOf(
    "    - name: v1beta1\n      storage: true\n    - name: v1\n      storage: true\n",
  );
  expectOne(
    two,
    "SEM007",
    posOf(two, "true", "- name: v1\n"),
    "2 versions are marked storage: true; exactly one may be",
  );
  const only = versionsOf("    - name: v1\n      storage: false\n");
  expectOne(only, "SEM007", posOf(only, "false"), "the only version is not the storage version");
});

test("SEM247 versions out of Kubernetes version priority", () => {
  const src = versionsOf("    - name: v1\n      storage: true\n    - name: v1beta1\n");
  const d = expectOne(
    src,
    "SEM247",
    posOf(src, "v1beta1"),
    'version "v1beta1" is listed after "v1"',
  );
  assert.match(d.hint!, /v1alpha1, v1alpha2, v1beta1, v1, v2alpha1, v2/);
  // A GA version outranks every pre-release one, whatever its major.
  const major = versionsOf("    - name: v2alpha1\n    - name: v1\n      storage: true\n");
  assert.deepEqual(check(major), []);
});

test("SEM248 a deprecation warning on a version that is not deprecated", () => {
  const src = versionsOf("    - name: v1\n      deprecationWarning: going away\n");
  expectOne(
    src,
    "SEM248",
    posOf(src, "going away"),
    'version "v1" has a deprecationWarning but is not deprecated',
  );
});

test("SEM249 the storage version is not served", () => {
  const src = versionsOf(
    "    - name: v1beta1\n    - name: v1\n      served: false\n      storage: true\n",
  );
  expectOne(src, "SEM249", posOf(src, "false"), 'the storage version "v1" is not served');
});

test("SEM010 plural equal to singular, and short names equal to either", () => {
  const same = edit(MINIMAL, "  kind: Shop\n", "  kind: Shop\n  plural: shop\n");
  expectOne(same, "SEM010", posOf(same, "shop\n", "plural"), 'plural and singular are both "shop"');
  const short = edit(MINIMAL, "  kind: Shop\n", "  kind: Shop\n  shortNames: [shops]\n");
  expectOne(short, "SEM010", posOf(short, "shops]"), 'short name "shops" equals the plural');
});

test("SEM011 field names are what real APIs use: camelCase, snake_case, kebab-case", () => {
  for (const name of ["pg_hba", "max-connections", "_internal", "Size", "ipv4Address", "a__b"]) {
    const src = edit(MINIMAL, "    size:\n", `    ${name}:\n`);
    assert.deepEqual(
      check(src).filter((d) => d.code === "SEM011"),
      [],
      `${name} is a valid field name`,
    );
  }
});

test("SEM011 field names that cannot be a field: dots, a leading digit or dash, punctuation", () => {
  const dotted = expectOne(
    edit(MINIMAL, "    size:\n", '    "max.connections":\n'),
    "SEM011",
    "12:5",
    'field name "max.connections" cannot be used',
  );
  assert.match(dotted.hint!, /scale subresource's paths and selectableFields as dotted paths/);
  assert.match(dotted.hint!, /type: map/);
  assert.match(dotted.hint!, /self\['a\.b'\]/);
  // Also inside objects and in status.
  const nested = `${MINIMAL}  fields:\n    pool:\n      type: object\n      fields:\n        "a.b": { type: string }\n`;
  expectOne(nested, "SEM011", posOf(nested, '"a.b"'), 'field name "a.b" cannot be used');
  for (const name of ["1size", "-size", "size!", "__", "si ze"]) {
    const d = expectOne(
      edit(MINIMAL, "    size:\n", `    ${JSON.stringify(name)}:\n`),
      "SEM011",
      "12:5",
      `field name "${name}" cannot be used`,
    );
    assert.match(d.hint!, /letters, digits/);
  }
});

test("keys with dots live in maps: defaults, CEL index access and rule examples are checked like any other", () => {
  const src = edit(
    MINIMAL,
    "  fields:\n",
    `  fields:
    parameters:
      type: map
      maxProperties: 8
      values: { type: string, maxLength: 64 }
      default: { "pg_stat_statements.max": "10000", max_connections: "200" }
      rules:
        - rule: "!('pg_stat_statements.max' in self) || int(self['pg_stat_statements.max']) >= 100"
          message: pg_stat_statements.max must be at least 100
          examples:
            valid: [{ "pg_stat_statements.max": "100" }, { "app.kubernetes.io/name": "x" }]
            invalid: [{ "pg_stat_statements.max": "99" }]
`,
  );
  assert.deepEqual(check(src), []);
  const wrong = src.replace(
    'valid: [{ "pg_stat_statements.max": "100" }',
    'valid: [{ "pg_stat_statements.max": "10" }',
  );
  assert.ok(
    check(wrong).some((d) => d.severity === "error" && /pg_stat_statements/.test(d.message)),
    JSON.stringify(check(wrong)),
  );
});

test("SEM014 fields named like Object.prototype members", () => {
  for (const [from, to] of [
    ["    size:\n", "    constructor:\n"],
    ["    size:\n", "    toString:\n"],
    ["    size:\n", "    __proto__:\n"],
  ] as const) {
    const d = expectOne(
      edit(MINIMAL, from, to),
      "SEM014",
      "12:5",
      "a member every JavaScript object inherits",
    );
    assert.match(d.hint!, /rename the field/);
  }
});

test("SEM012 two object fields deriving the same TypeScript type", () => {
  const src = edit(
    MINIMAL,
    "  fields:\n    size:\n",
    "  fields:\n    backup:\n      type: object\n      fields:\n        policy:\n          type: object\n          fields: {}\n    backupPolicy:\n      type: object\n      fields: {}\n    size:\n",
  );
  expectOne(
    src,
    "SEM012",
    posOf(src, "backupPolicy:"),
    "spec.fields.backupPolicy and spec.fields.backup.fields.policy both derive the TypeScript type ShopSpecBackupPolicy",
  );
});

test("SEM012 counts array items as <Field>Item, like the model", () => {
  const src = edit(
    MINIMAL,
    "  fields:\n    size:\n",
    "  fields:\n    rows:\n      type: array\n      items:\n        type: object\n        fields: {}\n    rowsItem:\n      type: object\n      fields: {}\n    size:\n",
  );
  expectOne(src, "SEM012", posOf(src, "rowsItem:"), "ShopSpecRowsItem");
});

test("SEM013 reserved status field names", () => {
  const src = `${MINIMAL}  fields:\n    observedGeneration:\n      type: integer\n`;
  expectOne(
    src,
    "SEM013",
    posOf(src, "observedGeneration"),
    'status field "observedGeneration" is reserved',
  );
  assert.equal(
    check(`${MINIMAL}  fields:\n    phase:\n      type: string\n`).filter(
      (d) => d.code === "SEM013",
    ).length,
    1,
  );
});
