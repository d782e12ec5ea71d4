// A child that was one kind and is now chosen by a field (children[].kinds + kindField): every
// owner whose field chooses another kind has its old child deleted and gets the other kind, unless
// the field's default is the old kind (existing owners read it as chosen).

import assert from "node:assert/strict";
import { test } from "node:test";
import type { CompatFinding } from "./finding.ts";
import {
  BASE_SPEC,
  compareSources as compareAll,
  edit,
  lineColOf,
} from "./testing/compare-sources.ts";

const compareSources = (before: string, after: string): CompatFinding[] =>
  compareAll(before, after).filter((f) => f.code === "COMPAT110");

const WITH_FIELD = edit(
  "    replicas:\n",
  "    runAs:\n      type: string\n      enum: [Deployment, StatefulSet]\n      default: StatefulSet\n    replicas:\n",
);
const single = `${WITH_FIELD}children:\n  - apiVersion: apps/v1\n    kind: Deployment\n    name: "{metadata.name}-pods"\n`;
const chosen = (source: string) =>
  `${source}children:\n  - kindField: runAs\n    kinds:\n      - apiVersion: apps/v1\n        kind: Deployment\n      - apiVersion: apps/v1\n        kind: StatefulSet\n    name: "{metadata.name}-pods"\n`;

test("risky: a child's kind is now chosen by a field whose default is another kind", () => {
  const after = chosen(WITH_FIELD);
  const [finding, ...rest] = compareSources(single, after);
  assert.deepEqual(rest, []);
  assert.equal(finding?.class, "risky");
  assert.equal(finding.path, "children[0].kindField");
  assert.equal(`${finding.line}:${finding.column}`, lineColOf(after, "runAs", 1));
  assert.match(
    finding.message,
    /^the Deployment child's kind is now chosen by spec\.runAs \(StatefulSet when left out\)/,
  );
});

test("no finding when the field's default is the old kind, or the child was already chosen", () => {
  const keeps = chosen(WITH_FIELD.replace("default: StatefulSet", "default: Deployment"));
  assert.deepEqual(compareSources(single, keeps), []);
  assert.deepEqual(compareSources(chosen(WITH_FIELD), chosen(WITH_FIELD)), []);
  assert.deepEqual(compareSources(BASE_SPEC, chosen(WITH_FIELD)), []);
});
