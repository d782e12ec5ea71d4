import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";
import { check } from "./helpers.ts";

const root = new URL("../../../", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), "utf8");

for (const file of readdirSync(new URL("examples/", root)).filter((f) => f.endsWith(".yaml"))) {
  test(`examples/${file} checks clean: no errors, no warnings`, () => {
    assert.deepEqual(check(read(`examples/${file}`)), []);
  });
}

const TEN_MISTAKES = `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata:
  name: shop-operator
api:
  group: shop
  kind: Shop
  versions:
    - name: v1
spec:
  fields:
    size:
      type: integer
      maxLenght: 3
      default: "3"
    name:
      type: string
      minLength: 5
      maxLength: 2
status:
  phases:
    - name: Pending
      initial: true
      next: [Runing]
    - name: Running
  fields:
    phase:
      type: string
rbac:
  rules:
    - apiGroups: [""]
      resources: ["*"]
      verbs: [get]
operator:
  resyncPeriod: 10 minutes
  concurrency: 100
`;

test("a spec with ten different mistakes reports all ten, positioned and sorted", () => {
  const found = check(TEN_MISTAKES).map(
    (d) => `${d.position.line}:${d.position.col} ${d.code} ${d.path}`,
  );
  assert.deepEqual(found, [
    "6:10 SEM002 api.group",
    "14:7 SPEC001 spec.fields.size.maxLenght",
    "15:16 SEM026 spec.fields.size.default",
    "18:18 SEM024 spec.fields.name.minLength",
    "24:14 SEM033 status.phases[0].next[0]",
    "25:13 WARN004 status.phases[1].name",
    "27:5 SEM013 status.fields.phase",
    "32:19 SEM050 rbac.rules[0].resources[0]",
    "35:17 SEM054 operator.resyncPeriod",
    "36:16 SPEC008 operator.concurrency",
  ]);
});

const sourceFiles = (dir: string): string[] =>
  readdirSync(new URL(dir, root), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !f.startsWith("test/"))
    .map((f) => read(`${dir}${f}`));
const codesIn = (text: string) =>
  new Set(text.match(/\b(?:YAML|SPEC|SEM|WARN|PRESET)\d{3}\b/g) ?? []);
// The pipeline adds what only render can tell (SEM186) to the check stage's diagnostics.
const emitted = codesIn(
  [
    ...sourceFiles("generator/check/"),
    ...sourceFiles("generator/parse/"),
    ...sourceFiles("generator/preset/"),
    read("generator/pipeline.ts"),
  ].join("\n"),
);

test("docs/diagnostics.md documents exactly the codes the source emits", () => {
  const documented = codesIn(read("docs/diagnostics.md"));
  assert.ok(emitted.size >= 60, `found ${emitted.size} codes in the source`);
  assert.deepEqual(
    [...emitted].filter((c) => !documented.has(c)),
    [],
    "emitted but undocumented",
  );
  assert.deepEqual(
    [...documented].filter((c) => !emitted.has(c)),
    [],
    "documented but never emitted",
  );
});

test("every check code has a bad-input test", () => {
  const tests = readdirSync(new URL("generator/check/test/", root))
    .filter((f) => f.endsWith(".test.ts"))
    .map((f) => read(`generator/check/test/${f}`))
    .concat(
      readdirSync(new URL("generator/preset/", root))
        .filter((f) => f.endsWith(".test.ts"))
        .map((f) => read(`generator/preset/${f}`)),
    )
    .join("\n");
  const tested = new Set(
    tests.match(/"(?:SPEC|SEM|WARN|PRESET)\d{3}"/g)?.map((c) => c.slice(1, -1)) ?? [],
  );
  assert.deepEqual(
    [...emitted].filter((c) => !c.startsWith("YAML") && !tested.has(c)),
    [],
  );
});
