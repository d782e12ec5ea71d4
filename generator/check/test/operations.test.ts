import assert from "node:assert/strict";
import { test } from "node:test";
import { check, edit, expectOne, MINIMAL, posOf } from "./helpers.ts";

test("SEM050 wildcards in extra RBAC rules", () => {
  const src = `${MINIMAL}rbac:\n  rules:\n    - apiGroups: [""]\n      resources: ["*"]\n      verbs: [get]\n`;
  const d = expectOne(src, "SEM050", posOf(src, '"*"'), 'wildcard "*" in resources');
  assert.equal(d.path, "rbac.rules[0].resources[0]");
});

test("SEM050 replaces the schema's enum error for a wildcard verb", () => {
  const src = `${MINIMAL}rbac:\n  rules:\n    - apiGroups: [""]\n      resources: [pods]\n      verbs: ["*"]\n`;
  const codes = check(src).map((d) => d.code);
  assert.deepEqual(codes, ["SEM050"]);
});

test("SEM051 watchNamespaces on a cluster-scoped kind", () => {
  const src = `${edit(MINIMAL, "  kind: Shop\n", "  kind: Shop\n  scope: Cluster\n")}rbac:\n  watchNamespaces: [team-a]\n`;
  expectOne(
    src,
    "SEM051",
    posOf(src, "watchNamespaces"),
    "Shop is cluster-scoped and cannot be watched per namespace",
  );
});

const COLUMN = "  - name: Size\n    type: integer\n    jsonPath: .spec.size\n";

test("SEM052 printer column jsonPath must start with a dot", () => {
  const src = `${MINIMAL}printerColumns:\n${COLUMN.replace(".spec.size", "spec.size")}`;
  const d = expectOne(
    src,
    "SEM052",
    posOf(src, "spec.size"),
    'jsonPath "spec.size" does not start with "."',
  );
  assert.match(d.hint!, /\.spec\.size/);
});

test("SEM053 duplicate printer column names (case-insensitive)", () => {
  const src = `${MINIMAL}printerColumns:\n${COLUMN}${COLUMN.replace("Size", "SIZE")}`;
  expectOne(
    src,
    "SEM053",
    posOf(src, "SIZE"),
    'printer column "SIZE" duplicates printerColumns[0]',
  );
});

test("SEM054 durations are Go-style", () => {
  const src = `${MINIMAL}operator:\n  resyncPeriod: 10 minutes\n`;
  expectOne(src, "SEM054", posOf(src, "10 minutes"), '"10 minutes" is not a positive duration');
  const zero = `${MINIMAL}operator:\n  backoff:\n    initial: 0s\n`;
  expectOne(zero, "SEM054", posOf(zero, "0s"), '"0s" is not a positive duration');
});

test("operator.deletionStuckAfter: a Go-style duration of whole milliseconds within a timer's range", () => {
  const at = (value: string) => `${MINIMAL}operator:\n  deletionStuckAfter: ${value}\n`;
  assert.deepEqual(check(at("5m")), []);
  const words = at("a while");
  expectOne(words, "SEM054", posOf(words, "a while"), '"a while" is not a positive duration');
  const fraction = at("1.5us");
  expectOne(
    fraction,
    "SEM150",
    posOf(fraction, "1.5us"),
    '"1.5us" is not a whole number of milliseconds',
  );
  const long = at("600h");
  expectOne(long, "SEM149", posOf(long, "600h"), '"600h" is longer than 596h31m23.647s');
});

test("SEM055 backoff initial longer than max", () => {
  const src = `${MINIMAL}operator:\n  backoff:\n    initial: 10m\n    max: 1m30s\n`;
  expectOne(src, "SEM055", posOf(src, "10m"), "backoff initial 10m is longer than max 1m30s");
});

test("SEM056 scale paths point at fields of the right type", () => {
  const scale = (spec: string, status: string, selector = "") =>
    edit(
      MINIMAL,
      "    - name: v1\n",
      `    - name: v1\n  scale:\n    specReplicasPath: ${spec}\n    statusReplicasPath: ${status}\n${selector ? `    labelSelectorPath: ${selector}\n` : ""}`,
    ) + "  fields:\n    replicas:\n      type: integer\n    selector:\n      type: string\n";
  assert.deepEqual(check(scale(".spec.size", ".status.replicas", ".status.selector")), []);
  const missing = scale(".spec.replicas", ".status.replicas");
  expectOne(
    missing,
    "SEM056",
    posOf(missing, ".spec.replicas"),
    'specReplicasPath ".spec.replicas" names no spec field',
  );
  const wrongType = scale(".spec.size", ".status.selector");
  expectOne(
    wrongType,
    "SEM056",
    posOf(wrongType, ".status.selector"),
    'statusReplicasPath ".status.selector" names a string field, not an integer',
  );
  const wrongSection = scale(".spec.size", ".status.replicas", ".spec.size");
  expectOne(
    wrongSection,
    "SEM056",
    posOf(wrongSection, ".spec.size", "labelSelectorPath"),
    'labelSelectorPath ".spec.size" must start with .status.',
  );
});
