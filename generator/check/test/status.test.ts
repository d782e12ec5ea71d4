import assert from "node:assert/strict";
import { test } from "node:test";
import { check, expectOne, MINIMAL, posOf } from "./helpers.ts";

/** MINIMAL with a phases list appended under status. */
function withPhases(phases: string): string {
  return `${MINIMAL}  phases:\n${phases.replace(/^/gm, "    ")}\n`;
}

const GOOD =
  "- name: Pending\n  initial: true\n  next: [Ready]\n- name: Ready\n  next: [Failed]\n- name: Failed\n  terminal: true";

test("a closed state machine checks clean", () => {
  assert.deepEqual(check(withPhases(GOOD)), []);
});

test("SEM030 phase names are PascalCase", () => {
  const src = withPhases(
    GOOD.replace("Failed]", "failed]").replace("name: Failed", "name: failed"),
  );
  expectOne(src, "SEM030", posOf(src, "failed\n"), 'phase "failed" is not PascalCase');
});

test("SEM031 duplicate phase", () => {
  const src = withPhases(`${GOOD}\n- name: Ready`);
  expectOne(src, "SEM031", posOf(src, "Ready", "terminal"), 'phase "Ready" is declared twice');
});

test("SEM032 exactly one initial phase", () => {
  const none = withPhases(GOOD.replace("  initial: true\n", ""));
  expectOne(none, "SEM032", posOf(none, "phases:"), "no phase is marked initial");
  const two = withPhases(GOOD.replace("- name: Ready\n", "- name: Ready\n  initial: true\n"));
  expectOne(
    two,
    "SEM032",
    posOf(two, "initial", "name: Ready"),
    'more than one phase is initial (first: "Pending")',
  );
});

test("SEM033 next naming an undeclared phase, with did-you-mean", () => {
  const src = withPhases(GOOD.replace("next: [Failed]", "next: [Faild]"));
  const d = expectOne(src, "SEM033", posOf(src, "Faild"), 'next phase "Faild" is not declared');
  assert.equal(d.hint, 'did you mean "Failed"?');
  assert.equal(d.path, "status.phases[1].next[0]");
});

test("SEM034 terminal phase with next", () => {
  const src = withPhases(`${GOOD}\n  next: [Pending]`);
  expectOne(
    src,
    "SEM034",
    posOf(src, "next", "terminal"),
    'terminal phase "Failed" has next phases',
  );
});

test("WARN004 phase unreachable from the initial phase", () => {
  const src = withPhases(GOOD.replace("next: [Failed]\n", "next: []\n"));
  expectOne(
    src,
    "WARN004",
    posOf(src, "Failed\n"),
    'phase "Failed" cannot be reached from the initial phase "Pending"',
  );
});

test("SEM035 condition types are PascalCase", () => {
  const src = `${MINIMAL}    - type: disk_ready\n`;
  expectOne(
    src,
    "SEM035",
    posOf(src, "disk_ready"),
    'condition type "disk_ready" is not PascalCase',
  );
});

test("SEM036 duplicate condition type", () => {
  const src = `${MINIMAL}    - type: Ready\n`;
  expectOne(src, "SEM036", "20:13", 'condition type "Ready" is declared twice');
});
