// A child's name is part of what live owners mean: changing how a child kind is named replaces
// every owner's children of that kind, so it is risky; the same naming is no finding.

import assert from "node:assert/strict";
import { test } from "node:test";
import type { CompatFinding } from "./finding.ts";
import { BASE_SPEC, compareSources as compareAll, lineColOf } from "./testing/compare-sources.ts";

function compareSources(before: string, after: string): CompatFinding[] {
  return compareAll(before, after).filter((f) => f.code === "COMPAT040");
}

function withChild(kind: string, ...lines: string[]): string {
  const apiVersion = kind === "StatefulSet" ? "apps/v1" : "v1";
  return `${BASE_SPEC}children:\n  - apiVersion: ${apiVersion}\n    kind: ${kind}\n${lines.map((l) => `    ${l}\n`).join("")}`;
}

test("risky: a child's name template changes, and owners' children are replaced", () => {
  const before = withChild("ConfigMap", 'name: "{metadata.name}-config"');
  const after = withChild("ConfigMap", 'name: "{metadata.name}-settings"');
  const [finding, ...rest] = compareSources(before, after);
  assert.deepEqual(rest, []);
  assert.equal(finding?.class, "risky");
  assert.equal(finding.path, "children[0].name");
  assert.equal(`${finding.line}:${finding.column}`, lineColOf(after, '"{metadata.name}-settings"'));
  assert.match(
    finding.message,
    /^the ConfigMap child was named "\{metadata\.name\}-config" and is now named "\{metadata\.name\}-settings": .* deletes the old ones\.$/,
  );
});

test("risky: a StatefulSet's template dropped for the default name says its volumes stay behind", () => {
  const before = withChild("StatefulSet", 'name: "{metadata.name}-db"');
  const after = withChild("StatefulSet");
  const [finding] = compareSources(before, after);
  assert.equal(finding?.code, "COMPAT040");
  assert.equal(finding.path, "children[0].kind");
  assert.match(
    finding.message,
    /now named after its owner \(the default\).*stay until their owner goes/,
  );
  assert.match(finding.message, /volumes stay under the old name/);
});

test("no finding: the same naming, or a child that is new", () => {
  const named = withChild("ConfigMap", 'name: "{metadata.name}-config"');
  assert.deepEqual(compareSources(named, named), []);
  assert.deepEqual(compareSources(BASE_SPEC, named), []);
});

test("risky: an id given to the only child of a kind renames it <owner>-<id>", () => {
  const before = withChild("Service");
  const after = withChild("Service", "id: headless");
  const [finding, ...rest] = compareSources(before, after);
  assert.deepEqual(rest, []);
  assert.equal(finding?.code, "COMPAT040");
  assert.match(finding.message, /now named <owner>-headless/);
});

test("risky: a child made conditional (COMPAT041) is deleted from owners the condition does not hold for", () => {
  const spec = BASE_SPEC.replace(
    "spec:\n  fields:\n",
    "spec:\n  fields:\n    tls:\n      type: boolean\n",
  );
  assert.notEqual(spec, BASE_SPEC);
  const before = `${spec}children:\n  - apiVersion: v1\n    kind: Secret\n`;
  const after = `${before}    when: tls\n`;
  const [finding, ...rest] = compareAll(before, after).filter((f) => f.code === "COMPAT041");
  assert.deepEqual(rest, []);
  assert.equal(finding?.class, "risky");
  assert.equal(finding.path, "children[0].when");
  assert.match(finding.message, /exists only when tls: every owner whose spec does not satisfy it/);
  assert.deepEqual(
    compareAll(after, after).filter((f) => f.code === "COMPAT041"),
    [],
  );
});

test("risky: a child's creationPolicy changed (COMPAT075): existing children are released or no longer written", () => {
  const before = `${BASE_SPEC}children:\n  - apiVersion: v1\n    kind: Secret\n`;
  const after = `${before}    creationPolicy: Merge\n`;
  const [finding, ...rest] = compareAll(before, after).filter((f) => f.code === "COMPAT075");
  assert.deepEqual(rest, []);
  assert.equal(finding?.class, "risky");
  assert.equal(finding.path, "children[0].creationPolicy");
  assert.match(finding.message, /creationPolicy was Owner \(the default\) and is now Merge/);
  assert.deepEqual(
    compareAll(after, after).filter((f) => f.code === "COMPAT075"),
    [],
  );
  const explicit = `${before}    creationPolicy: Owner\n`;
  assert.deepEqual(
    compareAll(before, explicit).filter((f) => f.code === "COMPAT075"),
    [],
    "Owner written out is the default",
  );
});
