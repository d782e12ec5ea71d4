// The generated reconciler records phases itself (progressing while it works, ready when done,
// progressing again after a spec change). A table that forbids one of those moves would make
// every object end in Ready=False/IllegalPhaseTransition, so the check refuses it here, naming
// the `next` entry to add, instead of generating an operator that cannot work.

import type { CheckContext } from "./context.ts";
import { phaseRoles, reconcilerMoves, type PhaseTableEntry } from "./phase-roles.ts";

/** Call only for a table the other phase checks accepted (one initial, every next declared). */
export function checkPhaseMoves(
  phases: ReadonlyArray<{ index: number; phase: PhaseTableEntry; hasNext: boolean }>,
  report: CheckContext["report"],
): void {
  const table = phases.map((p) => p.phase);
  const { progressing, ready } = phaseRoles(table);
  const why =
    `the generated reconciler records "${progressing}" while it works, "${ready}" once ` +
    `everything is in place, and "${progressing}" again after a spec change.`;
  for (const { from, to } of reconcilerMoves(table)) {
    const entry = phases.find((p) => p.phase.name === from)!;
    if (entry.phase.next.includes(to)) continue;
    const message = `phase "${from}" cannot change to "${to}", a move the generated reconciler makes`;
    const base = ["status", "phases", entry.index];
    if (entry.phase.terminal)
      report.error(
        "SEM157",
        [...base, "terminal"],
        message,
        `Remove terminal: true from "${from}" and give it next: [${to}]: ${why}`,
        "key",
      );
    else if (entry.hasNext)
      report.error(
        "SEM157",
        [...base, "next"],
        message,
        `Add "${to}" to the next list of "${from}": ${why}`,
        "key",
      );
    else
      report.error("SEM157", [...base, "name"], message, `Add next: [${to}] to "${from}": ${why}`);
  }
}
