// Distinct names in the spec that derive one file or identifier in the generated project: the
// render stage would otherwise overwrite one with the other (or crash), far from the cause.

import assert from "node:assert/strict";
import { test } from "node:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { TEMPLATE_TYPE_NAMES } from "../derived-paths.ts";
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

test("fields that differ only in case derive distinct TypeScript types, and are refused once (SEM155)", () => {
  const src = MINIMAL.replace(
    "    size:\n",
    "    aBc:\n      type: object\n      fields:\n        x:\n          type: string\n    aBC:\n      type: object\n      fields:\n        x:\n          type: string\n    size:\n",
  );
  assert.deepEqual(
    check(src).map((d) => d.code),
    ["SEM155"],
  );
});

test("SEM148 a child kind whose builder function is one the generator declares", () => {
  const src = children("Children");
  const d = expectOne(src, "SEM148", posOf(src, "Children"), 'child kind "Children"');
  assert.match(d.message, /desiredChildren/);
});

test("SEM148 a kind that derives a name the reconciler already imports", () => {
  const src = MINIMAL.replace("kind: Shop", "kind: Reconciler");
  const d = expectOne(src, "SEM148", "7:9", 'kind "Reconciler"');
  assert.match(d.message, /TypeScript type Reconciler, a name the generated code already uses/);
});

test("SEM148 an external resource named like a key the status hooks' observation already has", () => {
  const src = bindings("children");
  const d = expectOne(src, "SEM148", posOf(src, "children"), 'external resource "children"');
  assert.match(d.message, /TypeScript name children, which the generated status observation/);
});

test("SEM148 an external resource whose hook interface is the kind's own", () => {
  // Kind Shop: binding "shopReconciler" derives ShopReconcilerHooks, the interface of all of Shop's hooks.
  const src = bindings("shopReconciler");
  const d = expectOne(
    src,
    "SEM148",
    posOf(src, "shopReconciler"),
    'external resource "shopReconciler"',
  );
  assert.match(d.message, /ShopReconcilerHooks/);
});

test("SEM148 an external resource whose hook file is the kind's status hooks", () => {
  const src = bindings("shopStatus");
  const d = expectOne(src, "SEM148", posOf(src, "shopStatus"), 'external resource "shopStatus"');
  assert.match(d.message, /src\/hooks\/shop-status\.ts/);
});

test("SEM148 a kind that would shadow a type the generated code relies on", () => {
  // Kind Record made every Record<string, V> in the generated types "not generic" (tsc error).
  for (const [kind, type] of [
    ["Record", "Record"],
    ["Condition", "Condition"],
    ["Promise", "Promise"],
    ["Logger", "Logger"],
  ]) {
    const src = MINIMAL.replace("kind: Shop", `kind: ${kind}`);
    const d = expectOne(src, "SEM148", "7:9", `kind "${kind}" derives the TypeScript type ${type}`);
    assert.match(d.hint!, /more specific kind/);
  }
  assert.deepEqual(
    check(MINIMAL.replace("kind: Shop", "kind: DNSRecord")).filter((d) => d.code === "SEM148"),
    [],
  );
});

test("every PascalCase name the project templates import is one a kind may not derive", () => {
  const root = new URL("../../../templates/project/", import.meta.url);
  const files = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|hbs)$/.test(e.name))
    .map((e) => readFileSync(join(e.parentPath, e.name), "utf8"));
  const imported = new Set(
    files.flatMap((text) =>
      [...text.matchAll(/import (?:type )?\{([^}]*)\}/g)].flatMap((m) =>
        m[1]!
          .split(",")
          .map((n) =>
            n
              .trim()
              .replace(/^type\s+/, "")
              .replace(/\s+as\s+.*$/, ""),
          )
          .filter((n) => /^[A-Z][A-Za-z0-9]*$/.test(n) && /[a-z]/.test(n)),
      ),
    ),
  );
  assert.ok(imported.size > 30, `found ${imported.size} imported names`);
  assert.deepEqual(
    [...imported].filter((n) => !TEMPLATE_TYPE_NAMES.has(n)),
    [],
  );
});

test("SEM148 two inputs of one external resource that derive one provider property", () => {
  const src = `${MINIMAL.replace(
    "    size:\n",
    "    backup:\n      type: object\n      fields:\n        enabled:\n          type: boolean\n    backupEnabled:\n      type: boolean\n    size:\n",
  )}externalResources:\n  - name: instance\n    description: A thing.\n    inputs: [backup.enabled, backupEnabled]\n`;
  const d = expectOne(src, "SEM148", posOf(src, "backupEnabled]"), 'input "backupEnabled"');
  assert.match(d.message, /externalResources\[0\]\.inputs\[0\] "backup\.enabled"/);
  assert.match(d.message, /backupEnabled/);
});

test("an external resource named like the kind derives names of its own (a real CRD's shape: kind Bucket, resource bucket)", () => {
  const src = bindings("shop");
  assert.deepEqual(
    check(src).filter((d) => d.code === "SEM148"),
    [],
  );
});
