// The status side of the view: declared phases with the roles the reconciler gives them, the
// condition types, and which conditions and status fields are left to the user's code because no
// external binding fills them.

import { phaseRoles } from "../../check/phase-roles.ts";
import type { OperatorModel } from "../../model/types.ts";
import { memberDoc, tsKey, tsMember } from "./ts-types.ts";

export interface PhaseView {
  name: string;
  /** The name as a TypeScript property key (quoted unless it is an identifier). */
  key: string;
  doc: string;
  nextLiteral: string;
  terminal: boolean;
}

export interface StatusView {
  hasPhases: boolean;
  /** false: the CRD has no status.observedGeneration; the Ready condition's stands in. */
  recordsObservedGeneration: boolean;
  phases: PhaseView[];
  phaseUnion: string;
  /** JSON literals of the initial, progressing and ready phases. */
  initialPhase: string;
  progressingPhase: string;
  readyPhase: string;
  /** Why status.phase may hold text the table does not list, for a comment. */
  unlistedPhase: string;
  /** JSON literal of the failure phase, or `undefined`. */
  failedPhaseLiteral: string;
  hasFailedPhase: boolean;
  conditions: Array<{ type: string; json: string; doc: string }>;
  conditionUnion: string;
  /** Declared conditions other than Ready and the per-binding ones: the user's code sets them. */
  /** `key`: the type as a property key, bare when it is an identifier (as prettier prints it). */
  userConditions: Array<{ type: string; json: string; key: string }>;
  conditionDocs: boolean;
  conditionList: string;
  hasUserConditions: boolean;
  /** Status fields no external binding fills: the user's code sets them (key and member as TypeScript prints them). */
  userStatusFields: Array<{ key: string; member: string }>;
}

export function statusView(model: OperatorModel): StatusView {
  const phases = model.status.phases;
  const roles = phaseRoles(phases);
  return {
    hasPhases: phases.length > 0,
    recordsObservedGeneration: model.status.observedGeneration,
    phases: phases.map((p) => ({
      name: p.name,
      key: tsKey(p.name),
      doc: memberDoc(
        [
          p.description ?? "",
          p.terminal
            ? "Terminal: left by deletion, or by a spec change (a new generation starts over)."
            : "",
        ].filter(Boolean),
      ),
      nextLiteral: `[${p.next.map((n) => JSON.stringify(n)).join(", ")}]`,
      terminal: p.terminal,
    })),
    phaseUnion: phases.map((p) => JSON.stringify(p.name)).join(" | ") || "never",
    initialPhase: JSON.stringify(model.status.initialPhase ?? ""),
    progressingPhase: JSON.stringify(roles.progressing),
    readyPhase: JSON.stringify(roles.ready),
    unlistedPhase:
      model.status.phaseValues === "open"
        ? "another controller wrote it (phases are open)"
        : "a phase left operator.yaml after it was recorded",
    failedPhaseLiteral: roles.failed === undefined ? "undefined" : JSON.stringify(roles.failed),
    hasFailedPhase: roles.failed !== undefined,
    conditions: model.status.conditions.map((c) => ({
      type: c.type,
      json: JSON.stringify(c.type),
      doc: memberDoc(c.description ? [c.description] : []),
    })),
    conditionUnion: model.status.conditions.map((c) => JSON.stringify(c.type)).join(" | "),
    // A documented condition puts its comment on a line of its own, which breaks the list as
    // prettier does; without any, the list is one line (prettier joins it when it fits).
    conditionDocs: model.status.conditions.some(
      (c) => memberDoc(c.description ? [c.description] : []) !== "",
    ),
    conditionList: model.status.conditions.map((c) => JSON.stringify(c.type)).join(", "),
    userConditions: userConditions(model).map((type) => ({
      type,
      json: JSON.stringify(type),
      key: tsKey(type),
    })),
    hasUserConditions: userConditions(model).length > 0,
    userStatusFields: userStatusFields(model).map((name) => ({
      key: tsKey(name),
      member: tsMember(name),
    })),
  };
}

/** Declared conditions other than Ready and the per-binding ones: the user's status hooks set them. */
export function userConditions(model: OperatorModel): string[] {
  return model.status.conditions
    .map((c) => c.type)
    .filter((t) => t !== "Ready" && !bindingConditionTypes(model).has(t));
}

/**
 * The conditions the generated parts set for external resources (<Name>Ready, <Name>Adopted)
 * and for external sources (<Name>Ready).
 */
function bindingConditionTypes(model: OperatorModel): Set<string> {
  return new Set([
    ...model.externalResources.flatMap((b) => [
      b.conditionType,
      ...(b.identity.kind === "naturalKey" && b.identity.adoptedConditionType
        ? [b.identity.adoptedConditionType]
        : []),
    ]),
    ...model.externalSources.map((s) => s.conditionType),
  ]);
}

/** Status fields no external resource or source fills: the user's status hooks set them. */
export function userStatusFields(model: OperatorModel): string[] {
  const filled = [...model.externalResources, ...model.externalSources].flatMap((b) =>
    b.outputs.map((o) => o.name),
  );
  return model.status.fields.map((f) => f.name).filter((n) => !filled.includes(n));
}
