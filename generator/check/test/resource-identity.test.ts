import assert from "node:assert/strict";
import { test } from "node:test";
import { check, edit, expectOne, MINIMAL, posOf } from "./helpers.ts";

// A spec with a string field fit to be a natural key, and one external resource keyed on it.
const SPEC = edit(
  MINIMAL,
  "  fields:\n    size:\n",
  [
    "  fields:",
    "    domain:",
    "      type: string",
    "      required: true",
    "      immutable: true",
    "    zone:",
    "      type: object",
    "      required: true",
    "      fields:",
    "        name:",
    "          type: string",
    "          default: main",
    "          immutable: { message: zone names are fixed, since: creation }",
    "    region:",
    "      type: string",
    "      enum: [eu, us]",
    "      required: true",
    "      immutable: true",
    "    note:",
    "      type: string",
    "      immutable: true",
    "    label:",
    "      type: string",
    "      required: true",
    "    size:",
    "",
  ].join("\n"),
);

function keyedOn(key: string, adoption = "Adopt"): string {
  return `${SPEC}externalResources:\n  - name: zone\n    description: A hosted zone.\n    identity:\n      naturalKey: ${key}\n      adoption: ${adoption}\n`;
}

test("a natural key on a required, immutable string checks clean", () => {
  assert.deepEqual(check(keyedOn("domain")), []);
  assert.deepEqual(check(keyedOn("domain", "Refuse")), []);
});

test("a natural key may be nested, defaulted and immutable since creation", () => {
  assert.deepEqual(check(keyedOn("zone.name")), []);
});

test("adoption defaults to Refuse: naturalKey alone checks clean", () => {
  const src = `${SPEC}externalResources:\n  - name: zone\n    description: A hosted zone.\n    identity: { naturalKey: domain }\n`;
  assert.deepEqual(check(src), []);
});

test("SPEC: identity needs naturalKey, and adoption is Adopt or Refuse", () => {
  const missing = `${SPEC}externalResources:\n  - name: zone\n    description: A hosted zone.\n    identity: { adoption: Adopt }\n`;
  expectOne(
    missing,
    "SPEC002",
    posOf(missing, "identity"),
    'missing required key "naturalKey" in externalResources[0].identity',
  );
  const bad = keyedOn("domain", "Take");
  expectOne(bad, "SPEC004", posOf(bad, "Take"), '"Take" is not one of Adopt, Refuse');
});

test("SEM200 the natural key names a spec field, with did-you-mean", () => {
  const src = keyedOn("domian");
  const d = expectOne(
    src,
    "SEM200",
    posOf(src, "domian"),
    'naturalKey "domian" is not a spec field',
  );
  assert.equal(d.hint, 'did you mean "domain"?');
  assert.equal(d.path, "externalResources[0].identity.naturalKey");
  const nested = keyedOn("zone.nmae");
  expectOne(nested, "SEM200", posOf(nested, "zone.nmae"), 'naturalKey "zone.nmae"');
});

test("SEM201 the natural key is a string", () => {
  const src = keyedOn("size");
  expectOne(
    src,
    "SEM201",
    posOf(src, "size", "naturalKey"),
    'naturalKey "size" is an integer, not a string',
  );
  const object = keyedOn("zone");
  expectOne(
    object,
    "SEM201",
    posOf(object, "zone", "naturalKey"),
    'naturalKey "zone" is an object, not a string',
  );
});

test("SEM202 a natural key with an enum names too few resources", () => {
  const src = keyedOn("region");
  const d = expectOne(
    src,
    "SEM202",
    posOf(src, "region", "naturalKey"),
    'naturalKey "region" has an enum, so at most 2 such resource(s) could ever exist',
  );
  assert.match(d.hint!, /drop the enum/);
});

test("SEM203 a natural key that may be absent", () => {
  const src = keyedOn("note");
  const d = expectOne(
    src,
    "SEM203",
    posOf(src, "note", "naturalKey"),
    'naturalKey "note": spec.note is optional and has no default, so an object may have no key',
  );
  assert.match(d.hint!, /Make the field required/);
  // The field is required within its object, but the object itself is optional.
  const nested = edit(
    keyedOn("zone.name"),
    "      type: object\n      required: true\n",
    "      type: object\n",
  );
  const n = expectOne(
    nested,
    "SEM203",
    posOf(nested, "zone.name"),
    'naturalKey "zone.name": spec.zone, on the path to spec.zone.name, is optional and has no default',
  );
  assert.match(n.hint!, /Make "zone" required/);
  // Required, but null satisfies required.
  const nullable = edit(
    keyedOn("domain"),
    "    domain:\n      type: string\n      required: true\n",
    "    domain:\n      type: string\n      required: true\n      nullable: true\n",
  );
  const z = expectOne(
    nullable,
    "SEM203",
    posOf(nullable, "domain", "naturalKey"),
    'naturalKey "domain": spec.domain is nullable, so an object may have no key',
  );
  assert.match(z.hint!, /Drop nullable/);
});

test("SEM204 a natural key that may change", () => {
  const src = keyedOn("label");
  const d = expectOne(
    src,
    "SEM204",
    posOf(src, "label", "naturalKey"),
    'naturalKey "label": spec.label is not immutable',
  );
  assert.match(d.hint!, /immutable: true/);
  // An immutable object fixes everything in it.
  const whole = edit(
    edit(
      keyedOn("zone.name"),
      "      required: true\n      fields:\n",
      "      required: true\n      immutable: true\n      fields:\n",
    ),
    "          immutable: { message: zone names are fixed, since: creation }\n",
    "",
  );
  assert.deepEqual(
    check(whole).filter((x) => x.code === "SEM204"),
    [],
  );
});
