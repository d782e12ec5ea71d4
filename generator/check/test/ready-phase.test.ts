// Which phase means "ready" is the author's to say when the names do not say it (issue 21,
// finding 9): free-text phases got the last one listed, and SEM157 then asked to make a failure
// phase reachable from it. SEM245 asks for ready: true instead; a marked phase is the ready one.

import assert from "node:assert/strict";
import { test } from "node:test";
import { phaseRoles } from "../phase-roles.ts";
import { check, edit, expectOne, MINIMAL, posOf } from "./helpers.ts";

const FREE_TEXT = `status:
  phaseValues: open
  phases:
    - name: Setting up primary
      initial: true
      next: [Cluster in healthy state]
    - name: Cluster in healthy state
      next: [Setting up primary, Cluster cannot proceed]
    - name: Cluster cannot proceed
      next: [Setting up primary]
`;

const withPhases = (phases: string) => edit(MINIMAL, "status:\n", phases);

test("SEM245 free-text phases with none marked ready are refused, not guessed", () => {
  const src = withPhases(FREE_TEXT);
  expectOne(src, "SEM245", posOf(src, "phases:"), "no phase is marked ready");
  // Nothing pushes the author to move the failure phase: SEM157 waits for the ready phase.
  assert.deepEqual(
    check(src).filter((d) => d.code === "SEM157"),
    [],
  );
});

test("a phase marked ready is the ready one, whatever its place in the table", () => {
  const src = withPhases(
    FREE_TEXT.replace(
      "    - name: Cluster in healthy state\n",
      "    - name: Cluster in healthy state\n      ready: true\n",
    ),
  );
  assert.deepEqual(
    check(src)
      .filter((d) => d.severity === "error")
      .map((d) => d.code),
    [],
  );
  const roles = phaseRoles([
    { name: "Setting up primary", initial: true, terminal: false, next: [] },
    { name: "Cluster in healthy state", initial: false, terminal: false, ready: true, next: [] },
    { name: "Cluster cannot proceed", initial: false, terminal: false, next: [] },
  ]);
  assert.equal(roles.ready, "Cluster in healthy state");
});

test("SEM245 two ready phases, or a terminal one marked ready", () => {
  const two = withPhases(
    "status:\n  phases:\n    - name: Pending\n      initial: true\n      ready: true\n      next: [Up]\n    - name: Up\n      ready: true\n      next: [Pending]\n",
  );
  expectOne(two, "SEM245", posOf(two, "ready: true", "name: Up"), "more than one phase");
  const terminal = withPhases(
    "status:\n  phases:\n    - name: Pending\n      initial: true\n      next: [Done]\n    - name: Done\n      terminal: true\n      ready: true\n",
  );
  expectOne(terminal, "SEM245", posOf(terminal, "ready: true"), "terminal");
});
