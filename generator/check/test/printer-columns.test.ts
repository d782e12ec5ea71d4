// Printer column paths are JSONPath expressions the API server evaluates for every `kubectl
// get`: one that does not parse, or names nothing, prints an empty column forever.

import assert from "node:assert/strict";
import { test } from "node:test";
import { check, expectOne, MINIMAL, posOf } from "./helpers.ts";

const column = (jsonPath: string) =>
  `${MINIMAL}printerColumns:\n  - name: X\n    type: string\n    jsonPath: '${jsonPath}'\n`;

test("SEM151 a printer column jsonPath that is not a JSONPath", () => {
  for (const [path, why] of [
    ["../../x", 'unexpected "." at character 2'],
    [".spec.size[", "unclosed [ at character 11"],
    [".spec..size", 'unexpected "." at character 7'],
    [".spec.size[?(@.x ~ 1)]", "filter"],
    [".spec[-]", "index"],
  ] as const) {
    const src = column(path);
    const d = expectOne(src, "SEM151", posOf(src, `'${path}'`), `jsonPath "${path}" is not`);
    assert.ok(d.message.includes(why), `${path}: ${d.message}`);
  }
});

test("SEM152 a printer column jsonPath that names no field", () => {
  const cases: Array<[string, string]> = [
    [".spec.nope", 'spec has no field "nope"'],
    [".spec.size.x", 'spec.size is an integer: it has no field "x"'],
    [".status.nope", 'status has no field "nope"'],
    [".metadata.nmae", 'metadata has no field "nmae"'],
    [".nope", 'the object has no field "nope"'],
    ['.status.conditions[?(@.type=="Redy")].status', 'no condition of type "Redy"'],
    ['.status.conditions[?(@.tipe=="Ready")].status', 'conditions items have no field "tipe"'],
    [".spec.size[0]", "spec.size is an integer, not a list"],
    // No phases declared: the CRD has no status.phase.
    [".status.phase", 'status has no field "phase"'],
  ];
  for (const [path, why] of cases) {
    const src = column(path);
    const d = expectOne(src, "SEM152", posOf(src, `'${path}'`), `jsonPath "${path}"`);
    assert.ok(d.message.includes(why), `${path}: ${d.message}`);
  }
  const typo = column(".spec.sise");
  assert.match(check(typo).find((d) => d.code === "SEM152")!.hint!, /\.spec\.size/);
});

test("printer column paths the API server evaluates are accepted", () => {
  const src = `${MINIMAL.replace(
    "    size:\n",
    "    tags:\n      type: map\n      values:\n        type: string\n    items:\n      type: array\n      items:\n        type: object\n        fields:\n          name:\n            type: string\n    size:\n",
  )}printerColumns:\n${[
    ".spec.size",
    ".status.observedGeneration",
    '.status.conditions[?(@.type=="Ready")].status',
    ".status.conditions[?(@.type=='Ready')].reason",
    ".metadata.creationTimestamp",
    ".metadata.labels['app.kubernetes.io/name']",
    ".metadata.ownerReferences[0].name",
    ".spec.tags.team",
    ".spec.items[0].name",
    ".spec.items[*].name",
  ]
    .map((p, i) => `  - name: C${i}\n    type: string\n    jsonPath: "${p.replace(/"/g, '\\"')}"\n`)
    .join("")}`;
  assert.deepEqual(check(src), []);
});

test("SEM152 .status.observedGeneration when the CRD has none (status.observedGeneration: false)", () => {
  const src = column(".status.observedGeneration").replace(
    "status:\n",
    "status:\n  observedGeneration: false\n",
  );
  expectOne(
    src,
    "SEM152",
    posOf(src, "'.status.observedGeneration'"),
    'status has no field "observedGeneration"',
  );
});

test("binding condition types count as declared conditions in a filter", () => {
  const src = `${column('.status.conditions[?(@.type=="InstanceReady")].status')}externalResources:\n  - name: instance\n    description: A thing.\n`;
  assert.deepEqual(
    check(src).filter((d) => d.code === "SEM152"),
    [],
  );
});

test("escaped dots in a dotted key are JSONPath, as kubectl and the API server read them (issue 21, finding 6)", () => {
  for (const path of [
    ".metadata.labels.example\\.com/cluster",
    ".metadata.annotations.app\\.kubernetes\\.io/managed-by",
  ])
    assert.deepEqual(
      check(column(path)).map((d) => `${d.code} ${d.message}`),
      [],
      path,
    );
  // A backslash at the end escapes nothing, and an empty key is still refused.
  for (const path of [".metadata.labels.team\\", ".metadata.labels.\\"])
    assert.ok(
      check(column(path)).some((d) => d.code === "SEM151"),
      path,
    );
});
