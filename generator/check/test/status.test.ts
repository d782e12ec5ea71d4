import assert from "node:assert/strict";
import { test } from "node:test";
import { check, expectOne, MINIMAL, posOf } from "./helpers.ts";

/** MINIMAL with a phases list appended under status. */
function withPhases(phases: string): string {
  return `${MINIMAL}  phases:\n${phases.replace(/^/gm, "    ")}\n`;
}

// Ready leads back to Pending: the reconciler records Pending again when the spec changes.
const GOOD =
  "- name: Pending\n  initial: true\n  next: [Ready]\n- name: Ready\n  next: [Pending, Failed]\n- name: Failed\n  terminal: true";

test("a closed state machine checks clean", () => {
  assert.deepEqual(check(withPhases(GOOD)), []);
});

test("SEM030 phase names are one line of text: PascalCase or the text a real API writes", () => {
  const text = withPhases(GOOD.replaceAll("Failed", '"Unable to create required cluster objects"'));
  assert.deepEqual(check(text), []);
  const spaced = withPhases(
    GOOD.replace("Failed]", '" Failed"]').replace("name: Failed", 'name: " Failed"'),
  );
  expectOne(
    spaced,
    "SEM030",
    posOf(spaced, '" Failed"\n'),
    'phase " Failed" starts or ends with white space',
  );
  const long = "P".repeat(129);
  const tooLong = withPhases(GOOD.replaceAll("Failed", long));
  expectOne(tooLong, "SEM030", posOf(tooLong, `${long}\n`), "is longer than 128 characters");
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
  const src = withPhases(GOOD.replace("next: [Pending, Failed]", "next: [Pending, Faild]"));
  const d = expectOne(src, "SEM033", posOf(src, "Faild"), 'next phase "Faild" is not declared');
  assert.equal(d.hint, 'did you mean "Failed"?');
  assert.equal(d.path, "status.phases[1].next[1]");
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
  const src = withPhases(GOOD.replace("next: [Pending, Failed]\n", "next: [Pending]\n"));
  expectOne(
    src,
    "WARN004",
    posOf(src, "Failed\n"),
    'phase "Failed" cannot be reached from the initial phase "Pending"',
  );
});

test("SEM157 the reconciler's moves back from ready to progressing must be in the table", () => {
  // Pending is initial and progressing, Ready is ready: a spec change moves Ready → Pending.
  const src = withPhases(GOOD.replace("next: [Pending, Failed]", "next: [Failed]"));
  const d = expectOne(
    src,
    "SEM157",
    posOf(src, "next", "name: Ready"),
    'phase "Ready" cannot change to "Pending", a move the generated reconciler makes',
  );
  assert.equal(d.path, "status.phases[1].next");
  assert.match(d.hint ?? "", /Add "Pending" to the next list of "Ready"/);
});

test("SEM157 progressing must lead to ready", () => {
  const src = withPhases(
    "- name: Pending\n  initial: true\n  next: [Provisioning]\n- name: Provisioning\n  next: [Failed]\n- name: Failed\n  next: [Available]\n- name: Available\n  next: [Provisioning]",
  );
  const d = expectOne(
    src,
    "SEM157",
    posOf(src, "next", "name: Provisioning"),
    'phase "Provisioning" cannot change to "Available", a move the generated reconciler makes',
  );
  assert.match(d.hint ?? "", /Add "Available" to the next list of "Provisioning"/);
});

test("SEM157 a terminal ready phase is pointed at its terminal flag", () => {
  const src = withPhases(
    "- name: Pending\n  initial: true\n  next: [Provisioning]\n- name: Provisioning\n  next: [Ready]\n- name: Ready\n  terminal: true",
  );
  const d = expectOne(
    src,
    "SEM157",
    posOf(src, "terminal"),
    'phase "Ready" cannot change to "Provisioning", a move the generated reconciler makes',
  );
  assert.match(
    d.hint ?? "",
    /Remove terminal: true from "Ready" and give it next: \[Provisioning\]/,
  );
});

test("SEM157 a phase without next gets the entry at its name", () => {
  const src = withPhases("- name: Pending\n  initial: true\n  next: [Ready]\n- name: Ready");
  const d = expectOne(
    src,
    "SEM157",
    posOf(src, "Ready", "name: Ready"),
    'phase "Ready" cannot change to "Pending", a move the generated reconciler makes',
  );
  assert.match(d.hint ?? "", /Add next: \[Pending\] to "Ready"/);
});

test("SEM035 condition types metav1.Condition refuses", () => {
  for (const type of ["disk ready", "-Ready", "Ready.", "Example.com/Synced", "a/b/c"]) {
    const src = `${MINIMAL}    - type: ${JSON.stringify(type)}\n`;
    const d = expectOne(
      src,
      "SEM035",
      posOf(src, JSON.stringify(type)),
      `condition type "${type}" is not a metav1.Condition type`,
    );
    assert.match(d.hint!, /example\.com\/Synced/);
  }
  const long = `${MINIMAL}    - type: ${"A".repeat(317)}\n`;
  expectOne(long, "SEM035", posOf(long, "AAAA"), "is longer than 316 characters");
});

test("SEM036 duplicate condition type", () => {
  const src = `${MINIMAL}    - type: Ready\n`;
  expectOne(src, "SEM036", "20:13", 'condition type "Ready" is declared twice');
});
