// Phases are a record of observed state, not a script: the checks make sure the state machine
// is closed (every `next` exists), starts somewhere, and has no dead parts.

import {
  CONDITION_TYPE,
  MAX_CONDITION_TYPE_LENGTH,
  MAX_PHASE_LENGTH,
  type CheckContext,
} from "./context.ts";
import { checkPhaseMoves } from "./check-phase-moves.ts";
import { READY_PHASE_NAMES, readyPhaseKnown } from "./phase-roles.ts";
import { closestMatch } from "./did-you-mean.ts";
import { toPascal } from "./derive-names.ts";
import { objects, obj, str, strings, type RawObject } from "./raw-spec.ts";

export function checkPhases({ data, report }: CheckContext): void {
  const phases = objects(obj(data.status).phases);
  const names = new Map<string, number>();
  // The reconciler's moves are only worth checking in a table that is otherwise sound.
  let sound = true;
  for (const [i, phase] of phases) {
    const name = str(phase.name);
    if (name === undefined) continue;
    const problem = phaseNameProblem(name);
    if (problem !== undefined) {
      sound = false;
      report.error(
        "SEM030",
        ["status", "phases", i, "name"],
        `phase "${name}" ${problem}`,
        `Phases are one line of text: PascalCase by convention (${JSON.stringify(toPascal(name) || "Pending")}), or the text the API you model writes.`,
      );
    }
    if (names.has(name)) {
      sound = false;
      report.error(
        "SEM031",
        ["status", "phases", i, "name"],
        `phase "${name}" is declared twice`,
        "Remove or rename the duplicate.",
      );
    } else names.set(name, i);
  }
  if (phases.length === 0) return;
  const initials = phases.filter(([, phase]) => phase.initial === true);
  if (initials.length === 0) {
    report.error(
      "SEM032",
      ["status", "phases"],
      "no phase is marked initial",
      "Mark the phase a new object starts in with initial: true.",
      "key",
    );
  }
  for (const [i] of initials.slice(1)) {
    report.error(
      "SEM032",
      ["status", "phases", i, "initial"],
      `more than one phase is initial (first: "${str(initials[0]![1].name)}")`,
      "Exactly one phase is initial; remove initial: true from the others.",
      "key",
    );
  }
  for (const [i, phase] of phases) {
    if (phase.terminal === true && strings(phase.next).length > 0) {
      sound = false;
      report.error(
        "SEM034",
        ["status", "phases", i, "next"],
        `terminal phase "${str(phase.name)}" has next phases`,
        "A terminal phase has no way out: remove next, or remove terminal: true.",
        "key",
      );
    }
    for (const [j, target] of strings(phase.next)) {
      if (!names.has(target)) {
        sound = false;
        const match = closestMatch(target, names.keys());
        report.error(
          "SEM033",
          ["status", "phases", i, "next", j],
          `next phase "${target}" is not declared`,
          match ? `did you mean "${match}"?` : `Declared phases: ${[...names.keys()].join(", ")}.`,
        );
      }
    }
  }
  const initial = initials.length === 1 ? str(initials[0]![1].name) : undefined;
  if (initial !== undefined) reportUnreachable(initial, phases, report);
  if (!checkReadyPhase(phases, report)) sound = false;
  if (initial !== undefined && sound && names.size === phases.length)
    checkPhaseMoves(
      phases.map(([index, phase]) => ({
        index,
        hasNext: phase.next !== undefined,
        phase: {
          name: str(phase.name)!,
          initial: phase.initial === true,
          terminal: phase.terminal === true,
          ready: phase.ready === true,
          next: strings(phase.next).map(([, n]) => n),
        },
      })),
      report,
    );
}

/**
 * SEM245: the ready phase is the author's to name when the names do not say it. Guessing (the last
 * phase listed) picked failure phases of free-text tables, and SEM157 then asked for moves into
 * them. False when the table cannot say which phase is ready.
 */
function checkReadyPhase(
  phases: Array<[number, RawObject]>,
  report: CheckContext["report"],
): boolean {
  const marked = phases.filter(([, phase]) => phase.ready === true);
  for (const [i, phase] of marked.slice(1))
    report.error(
      "SEM245",
      ["status", "phases", i, "ready"],
      `more than one phase is marked ready (first: "${str(marked[0]![1].name)}"; also "${str(phase.name)}")`,
      "Mark only the phase your objects settle in when everything is in place.",
      "key",
    );
  for (const [i, phase] of marked)
    if (phase.terminal === true)
      report.error(
        "SEM245",
        ["status", "phases", i, "ready"],
        `phase "${str(phase.name)}" is marked ready and terminal: the reconciler leaves ready again after a spec change`,
        "Remove terminal: true, or mark another phase ready.",
        "key",
      );
  const table = phases.map(([, phase]) => ({
    name: str(phase.name) ?? "",
    initial: phase.initial === true,
    terminal: phase.terminal === true,
    ready: phase.ready === true,
    next: [],
  }));
  if (readyPhaseKnown(table))
    return marked.length <= 1 && !marked.some(([, p]) => p.terminal === true);
  report.error(
    "SEM245",
    ["status", "phases"],
    `no phase is marked ready, and none is named ${READY_PHASE_NAMES.join(", ")}: which one the reconciler records when everything is in place is not known`,
    `Mark it with ready: true (phases: ${table.map((p) => JSON.stringify(p.name)).join(", ")}).`,
    "key",
  );
  return false;
}

function reportUnreachable(
  initial: string,
  phases: Array<[number, RawObject]>,
  report: CheckContext["report"],
): void {
  const nextOf = new Map(phases.map(([, p]) => [str(p.name), strings(p.next).map(([, n]) => n)]));
  const reached = new Set([initial]);
  const queue = [initial];
  for (let current = queue.shift(); current !== undefined; current = queue.shift()) {
    for (const next of nextOf.get(current) ?? []) {
      if (!reached.has(next)) {
        reached.add(next);
        queue.push(next);
      }
    }
  }
  for (const [i, phase] of phases) {
    const name = str(phase.name);
    if (name !== undefined && !reached.has(name)) {
      report.warning(
        "WARN004",
        ["status", "phases", i, "name"],
        `phase "${name}" cannot be reached from the initial phase "${initial}"`,
        `Add "${name}" to the next list of a phase that leads to it, or remove it.`,
      );
    }
  }
}

/** Why a phase name cannot be recorded in status.phase, or undefined when it can. */
function phaseNameProblem(name: string): string | undefined {
  if (name.length > MAX_PHASE_LENGTH) return `is longer than ${MAX_PHASE_LENGTH} characters`;
  if (name.trim() !== name) return "starts or ends with white space";
  // Control and invisible formatting characters (bidi overrides, zero-width spaces) would hide in
  // the generated source's string literals and in kubectl's output.
  if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(name))
    return "contains a line break, a control character or an invisible formatting character";
  return undefined;
}

export function checkConditions({ data, report }: CheckContext): void {
  const seen = new Set<string>();
  for (const [i, condition] of objects(obj(data.status).conditions)) {
    const type = str(condition.type);
    if (type === undefined) continue;
    const path = ["status", "conditions", i, "type"];
    if (!CONDITION_TYPE.test(type) || type.length > MAX_CONDITION_TYPE_LENGTH)
      report.error(
        "SEM035",
        path,
        type.length > MAX_CONDITION_TYPE_LENGTH
          ? `condition type "${type}" is longer than ${MAX_CONDITION_TYPE_LENGTH} characters`
          : `condition type "${type}" is not a metav1.Condition type`,
        `metav1.Condition types are PascalCase (${JSON.stringify(toPascal(type) || "Ready")}), may contain '.', '-' and '_' (Vendor.Adopted), and may have a DNS subdomain prefix (example.com/Synced); they start and end with a letter or digit.`,
      );
    if (seen.has(type))
      report.error(
        "SEM036",
        path,
        `condition type "${type}" is declared twice`,
        "Remove the duplicate.",
      );
    seen.add(type);
  }
}
