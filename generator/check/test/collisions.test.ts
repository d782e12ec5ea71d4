// Distinct names in the spec that derive one file or identifier in the generated project: the
// render stage would otherwise overwrite one with the other (or crash), far from the cause.

import assert from "node:assert/strict";
import { test } from "node:test";
import { check, expectOne, MINIMAL, posOf } from "./helpers.ts";

const bindings = (...names: string[]) =>
  `${MINIMAL}externalResources:\n${names.map((n) => `  - name: ${n}\n    description: A thing.\n`).join("")}`;

const children = (...kinds: string[]) =>
  `${MINIMAL}children:\n${kinds.map((k, i) => `  - apiVersion: g${i}.example.com/v1\n    kind: ${k}\n    plural: p${i}\n    scope: Namespaced\n`).join("")}`;

test("SEM148 external resources whose names differ only in case derive one provider file", () => {
  const src = bindings("aBc", "aBC");
  const d = expectOne(src, "SEM148", posOf(src, "aBC"), 'external resource "aBC"');
  assert.match(d.message, /src\/providers\/a-bc-provider\.ts/);
  // Both places, line:col: the message names the first one.
  assert.match(
    d.message,
    new RegExp(`externalResources\\[0\\]\\.name "aBc" \\(${posOf(src, "aBc")}\\)`),
  );
});

test("SEM148 child kinds that derive one builder file", () => {
  const src = children("DNSZone", "DnsZone");
  const d = expectOne(src, "SEM148", posOf(src, "DnsZone"), 'child kind "DnsZone"');
  assert.match(d.message, /src\/children\/dns-zone\.ts/);
  assert.match(d.message, new RegExp(`\\(${posOf(src, "DNSZone")}\\)`));
});

test("SEM148 a child kind whose file is one the generator writes itself", () => {
  const src = children("Index");
  const d = expectOne(src, "SEM148", posOf(src, "Index"), 'child kind "Index"');
  assert.match(d.message, /src\/children\/index\.ts/);
  assert.match(d.message, /the generated child list/);
});

test("fields that differ only in case keep distinct JSON keys and TypeScript types", () => {
  const src = MINIMAL.replace(
    "    size:\n",
    "    aBc:\n      type: object\n      fields:\n        x:\n          type: string\n    aBC:\n      type: object\n      fields:\n        x:\n          type: string\n    size:\n",
  );
  assert.deepEqual(check(src), []);
});

test("SEM148 a child kind whose builder function is one the generator declares", () => {
  const src = children("Children");
  const d = expectOne(src, "SEM148", posOf(src, "Children"), 'child kind "Children"');
  assert.match(d.message, /desiredChildren/);
});

test("SEM148 a kind that derives a name the reconciler already imports", () => {
  const src = MINIMAL.replace("kind: Shop", "kind: Reconciler");
  const d = expectOne(src, "SEM148", "7:9", 'kind "Reconciler"');
  assert.match(d.message, /TypeScript name Reconciler/);
});

test("SEM148 an external resource whose functions meet the reconciler's own", () => {
  const src = bindings("children");
  const d = expectOne(src, "SEM148", posOf(src, "children"), 'external resource "children"');
  assert.match(d.message, /desiredChildren/);
});
