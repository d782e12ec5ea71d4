import assert from "node:assert/strict";
import { test } from "node:test";
import { check, edit, expectOne, MINIMAL, posOf } from "./helpers.ts";

// children[].kinds + kindField: one child whose kind each object chooses with a string spec field
// (SEM460–SEM466); each kind is checked as its own child would be.
const SPEC = edit(
  MINIMAL,
  "  fields:\n    size:\n",
  [
    "  fields:",
    "    workload:",
    "      type: object",
    "      default: {}",
    "      fields:",
    "        kind:",
    "          type: string",
    "          enum: [Deployment, StatefulSet]",
    "          default: Deployment",
    "        engine:",
    "          type: string",
    "          enum: [Deployment, DaemonSet]",
    "          default: Deployment",
    "        free:",
    "          type: string",
    "          maxLength: 20",
    "          default: db",
    "        optional:",
    "          type: string",
    "          enum: [Deployment, StatefulSet]",
    "    runAs:",
    "      type: string",
    "      enum: [Deployment, StatefulSet]",
    "      required: true",
    "    size:",
    "",
  ].join("\n"),
);

const KINDS = [
  "    kinds:",
  "      - apiVersion: apps/v1",
  "        kind: Deployment",
  "      - apiVersion: apps/v1",
  "        kind: StatefulSet",
].join("\n");

const choosing = (kindField: string, extra = "") =>
  `${SPEC}children:\n  - kindField: ${kindField}\n${KINDS}\n${extra}`;

test("a kind chosen by a defaulted or a required enum field checks clean, with a shared name", () => {
  assert.deepEqual(check(choosing("workload.kind")), []);
  assert.deepEqual(check(choosing("runAs")), []);
  assert.deepEqual(check(choosing("workload.kind", '    name: "{metadata.name}-db"\n')), []);
});

test("SEM460 a child with neither apiVersion/kind nor kinds, or with both", () => {
  const none = `${SPEC}children:\n  - id: workload\n`;
  expectOne(none, "SEM460", posOf(none, "id: workload"), "needs apiVersion and kind, or kinds");
  const both = `${SPEC}children:\n  - apiVersion: apps/v1\n    kind: Deployment\n    kindField: workload.kind\n${KINDS}\n`;
  expectOne(both, "SEM460", posOf(both, "- apiVersion", "    kinds:"), "not both");
  const half = `${SPEC}children:\n  - kind: Deployment\n`;
  expectOne(half, "SEM460", posOf(half, "kind: Deployment"), "needs apiVersion too");
});

test("SEM461 kindField names no spec field (did-you-mean), or kinds without kindField", () => {
  const typo = choosing("workload.kinds");
  const d = expectOne(typo, "SEM461", posOf(typo, "workload.kinds"), "is not a spec field");
  assert.match(d.hint ?? "", /did you mean "workload.kind"\?/);
  const without = `${SPEC}children:\n  - id: workload\n${KINDS}\n`;
  expectOne(without, "SEM461", posOf(without, "- apiVersion", "    kinds:"), "needs kindField");
});

test("SEM462 the field is not a string enum", () => {
  const src = choosing("workload.free");
  expectOne(
    src,
    "SEM462",
    posOf(src, "workload.free", "children:"),
    "not a string field with an enum",
  );
});

test("SEM463 the enum lists a kind the child does not declare", () => {
  const src = choosing("workload.engine");
  expectOne(
    src,
    "SEM463",
    posOf(src, "workload.engine", "children:"),
    'may be "DaemonSet", which is none of this child\'s kinds',
  );
});

test("SEM464 a declared kind the enum does not list", () => {
  const src = `${SPEC}children:\n  - kindField: workload.kind\n${KINDS}\n      - apiVersion: apps/v1\n        kind: DaemonSet\n`;
  expectOne(
    src,
    "SEM464",
    posOf(src, "workload.kind", "children:"),
    "DaemonSet is not in the enum",
  );
});

test("SEM465 an optional field without a default chooses no kind when left out", () => {
  const src = choosing("workload.optional");
  expectOne(src, "SEM465", posOf(src, "workload.optional", "children:"), "may be left out");
});

test("SEM466 forEach, count and when are refused; a kind twice; an RBAC kind; one kind", () => {
  for (const [key, value] of [
    ["when", "workload.optional"],
    ["count", "size"],
  ] as const) {
    const src = choosing("workload.kind", `    ${key}: ${value}\n`);
    expectOne(src, "SEM466", posOf(src, `${value}`, `${key}:`), `cannot have ${key}`);
  }
  const twice = `${SPEC}children:\n  - kindField: workload.kind\n${KINDS}\n      - apiVersion: apps/v2\n        kind: StatefulSet\n`;
  expectOne(twice, "SEM466", posOf(twice, "StatefulSet", "apps/v2"), "listed twice");
  const one = `${SPEC}children:\n  - kindField: workload.kind\n    kinds:\n      - apiVersion: apps/v1\n        kind: Deployment\n`;
  assert.ok(check(one).some((d) => d.code === "SEM466" && /at least two kinds/.test(d.message)));
});

test("each kind is checked as its own child: a kind that is not built in, at kinds[j]", () => {
  const src = `${SPEC}children:\n  - kindField: workload.kind\n    kinds:\n      - apiVersion: apps/v1\n        kind: Deployment\n      - apiVersion: v1\n        kind: StatefulSet\n`;
  expectOne(
    src,
    "SEM044",
    posOf(src, "StatefulSet", "apiVersion: v1"),
    "v1 StatefulSet is not a built-in kind",
  );
});

test("a shared name template must suit every kind: the tightest limit (StatefulSet's 52) holds", () => {
  const src = choosing("workload.kind", '    name: "{metadata.name}-{spec.workload.free}"\n');
  // free has maxLength 20: within Deployment's 63 but the owner part must leave room for 52.
  const ok = check(src).filter((d) => d.severity === "error");
  assert.deepEqual(ok, []);
  const long = edit(src, "maxLength: 20", "maxLength: 55");
  const errors = check(long).filter((d) => d.severity === "error");
  assert.equal(errors.length, 1, errors.map((d) => `${d.code} ${d.message}`).join(" | "));
  assert.match(errors[0]!.message, /52/);
});
