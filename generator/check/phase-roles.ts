// The roles the generated reconciler gives declared phases: which one it records while work is
// under way, when everything is ready, and after a terminal error. The check stage needs them to
// refuse tables without the moves the reconciler makes (SEM157); the status view renders them.

/** The part of a phase the roles depend on (the model's PhaseModel and the checked raw table). */
export interface PhaseTableEntry {
  name: string;
  initial: boolean;
  terminal: boolean;
  /** Marked ready: true by the author. */
  ready?: boolean;
  next: readonly string[];
}

export interface PhaseRoles {
  progressing: string;
  ready: string;
  failed: string | undefined;
}

export const READY_PHASE_NAMES = [
  "Available",
  "Ready",
  "Running",
  "Active",
  "Healthy",
  "Succeeded",
  "Bound",
  "Synced",
];
const FAILED_NAMES = ["Failed", "Degraded", "Error", "Errored"];

/**
 * Read from the ready: true mark, else the phase names and the transition table. A table whose
 * names fit none of the ready names and marks none is refused (SEM245, readyPhaseKnown), so the
 * last fallback only serves tables of one phase and callers that run before the check.
 */
export function phaseRoles(phases: readonly PhaseTableEntry[]): PhaseRoles {
  if (phases.length === 0) return { progressing: "", ready: "", failed: undefined };
  const initial = phases.find((p) => p.initial) ?? phases[0]!;
  const failed =
    phases.find((p) => p.terminal)?.name ?? phases.find((p) => FAILED_NAMES.includes(p.name))?.name;
  const ready =
    phases.find((p) => p.ready)?.name ??
    phases.find((p) => READY_PHASE_NAMES.includes(p.name))?.name ??
    [...phases].reverse().find((p) => !p.terminal && p.name !== failed && p.name !== initial.name)
      ?.name ??
    initial.name;
  const progressing = initial.next.find((n) => n !== ready && n !== failed) ?? initial.name;
  return { progressing, ready, failed };
}

/** Whether the ready phase is the author's (marked) or the names say it (or there is one phase). */
export function readyPhaseKnown(phases: readonly PhaseTableEntry[]): boolean {
  return phases.length < 2 || phases.some((p) => p.ready || READY_PHASE_NAMES.includes(p.name));
}

/**
 * The moves the generated reconciler makes between roles: a new object enters progressing
 * (the initial phase or one it leads to), progressing becomes ready, and a spec change takes
 * ready back to progressing. Staying in a phase is always allowed.
 */
export function reconcilerMoves(
  phases: readonly PhaseTableEntry[],
): Array<{ from: string; to: string }> {
  if (phases.length === 0) return [];
  const { progressing, ready } = phaseRoles(phases);
  const initial = (phases.find((p) => p.initial) ?? phases[0]!).name;
  const moves = [
    { from: initial, to: progressing },
    { from: progressing, to: ready },
    { from: ready, to: progressing },
  ];
  return moves.filter(
    ({ from, to }, i) =>
      from !== to && moves.findIndex((m) => m.from === from && m.to === to) === i,
  );
}
