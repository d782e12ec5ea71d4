// The status side of the generated API contract tests: a status the status schema accepts, the
// printer columns the server's Table output must show for an object carrying it, and the scale
// subresource's view of spec and status.

import { conditionShapeCases } from "./contract-condition-shape.ts";
import type { FieldModel, OperatorModel, PrinterColumn } from "../../model/types.ts";
import { exampleValue } from "../manifests/example-values.ts";
import { fieldViolations } from "../manifests/field-violations.ts";
import type { Expectation } from "./contract-case-types.ts";
import { serverDefaults, type Spec } from "./contract-slots.ts";
import { tableCell } from "./contract-table-cell.ts";

export interface ColumnCheck {
  name: string;
  /** The cell the server must return; absent when only a non-empty cell can be asserted (ages, names). */
  value?: unknown;
}

export interface ScaleView {
  /** The replica field as the API server names it, e.g. spec.replicas. */
  field: string;
  /** The path segments under spec and status, e.g. ["replicas"]. */
  specPath: string[];
  statusPath: string[];
  specReplicas: number;
  statusReplicas: number;
  /** A different valid replica count to write through /scale. */
  newReplicas: number;
  /** The label selector status carries, or null. */
  selector: unknown;
  hasMaximum: boolean;
  /** maximum + 1: refused through /scale too. */
  tooMany: number;
  maximum: number;
}

/** Every condition True, the initial phase, each status field's example value. */
export function contractStatus(model: OperatorModel): Spec {
  const status: Spec = model.status.observedGeneration ? { observedGeneration: 1 } : {};
  const phase = model.status.initialPhase ?? model.status.phases[0]?.name;
  if (phase) status.phase = phase;
  status.conditions = model.status.conditions.map((c) => ({
    type: c.type,
    status: "True",
    reason: "ContractTest",
    message: "written by the API contract test",
    lastTransitionTime: "2025-01-01T00:00:00Z",
  }));
  for (const field of model.status.fields) {
    const value = exampleValue(field);
    const problems = fieldViolations(field, value, `status.${field.path}`);
    if (problems.length > 0)
      throw new Error(`internal error: no valid status example: ${problems.join("; ")}`);
    status[field.name] = value;
  }
  // With the status fields' defaults already in: the server fills them in on every status write,
  // and the tests compare what they wrote with what is stored.
  return serverDefaults(model.status.fields, status);
}

/** A status written through /status: accepted or rejected. */
export interface StatusCase {
  name: string;
  status: Spec;
  expect: Expectation;
}

/** Text no declared phase has: what another controller may have written into status.phase. */
const UNLISTED_PHASE = "Written by another controller";

/** What the status schema makes of other writers' conditions and phases (conditionShape, phaseValues). */
export function statusShapeCases(model: OperatorModel, status: Spec): StatusCase[] {
  const relaxed = model.status.conditionShape === "relaxed";
  const cases: StatusCase[] = [...conditionShapeCases(model, status)];
  if (model.status.conditionShape !== "open")
    cases.unshift({
      name: relaxed
        ? "a condition with only type and status is stored (conditionShape: relaxed)"
        : "a condition without lastTransitionTime, reason and message is refused (conditionShape: full)",
      status: { ...status, conditions: [{ type: "Ready", status: "True" }] },
      expect: relaxed
        ? "accepted"
        : {
            field: "status.conditions[0].lastTransitionTime",
            reason: "FieldValueRequired",
            message: "Required value",
          },
    });
  if (model.status.phases.length > 0) {
    let text = UNLISTED_PHASE;
    while (model.status.phases.some((p) => p.name === text)) text += ".";
    const open = model.status.phaseValues === "open";
    cases.push({
      name: open
        ? "phase text the table does not list is stored (phaseValues: open)"
        : "phase text the table does not list is refused (phaseValues: enum)",
      status: { ...status, phase: text },
      expect: open
        ? "accepted"
        : { field: "status.phase", reason: "FieldValueNotSupported", message: "Unsupported value" },
    });
  }
  return cases;
}

const CONDITION_COLUMN = /^\.status\.conditions\[\?\(@\.type=="([^"]+)"\)\]\.(\w+)$/;
const SIMPLE_PATH = /^(\.[A-Za-z_][A-Za-z0-9_-]*)+$/;

/**
 * The server's default when a version declares no printer columns (apiextensions-apiserver's
 * serveDefaultColumnsIfEmpty): an Age column after the Name column it always puts first.
 */
const SERVED_DEFAULT_COLUMNS: OperatorModel["printerColumns"] = [
  { name: "Age", type: "date", jsonPath: ".metadata.creationTimestamp" },
];

/** Column names in order, Name first, with the cell each must show for `{spec, status}`. */
export function printerColumnChecks(model: OperatorModel, spec: Spec, status: Spec): ColumnCheck[] {
  const object = { spec, status };
  const served = model.printerColumns.length > 0 ? model.printerColumns : SERVED_DEFAULT_COLUMNS;
  return [
    { name: "Name" },
    ...served.map((column): ColumnCheck => {
      if (column.type === "date") return { name: column.name };
      const condition = CONDITION_COLUMN.exec(column.jsonPath);
      if (condition) {
        const found = (status.conditions as Spec[]).find((c) => c.type === condition[1]);
        return found ? cellCheck(column, found[condition[2]!]) : { name: column.name };
      }
      // The suites create their objects without labels or annotations, so a cell on one is empty
      // (escaped-dot keys too: .metadata.labels.example\.com/team).
      if (/^\.metadata\.(labels|annotations)\b/.test(column.jsonPath))
        return { name: column.name, value: null };
      if (!SIMPLE_PATH.test(column.jsonPath)) return { name: column.name };
      const value = valueAt(object, column.jsonPath.slice(1).split("."));
      // The JSONPath finds nothing in a field the object leaves out: the server's cell is empty.
      if (value === undefined && /^\.(spec|status)\./.test(column.jsonPath))
        return { name: column.name, value: null };
      return cellCheck(column, value);
    }),
  ];
}

/** A scalar's cell as the server converts it; objects, lists and absent values: presence only. */
function cellCheck(column: PrinterColumn, value: unknown): ColumnCheck {
  if (!["string", "number", "boolean"].includes(typeof value)) return { name: column.name };
  const cell = tableCell(column.type, value as string | number | boolean);
  return cell === undefined ? { name: column.name } : { name: column.name, value: cell };
}

export function scaleView(model: OperatorModel, spec: Spec, status: Spec): ScaleView | null {
  const scale = model.api.scale;
  if (!scale) return null;
  const segments = (path: string, root: string): string[] => {
    if (!path.startsWith(`.${root}.`))
      throw new Error(`internal error: scale path ${path} is not under .${root}`);
    return path.slice(root.length + 2).split(".");
  };
  const specPath = segments(scale.specReplicasPath, "spec");
  const statusPath = segments(scale.statusReplicasPath, "status");
  // The path may lead through objects (.spec.pool.size): the integer field is at its end.
  const field = specPath.reduce<FieldModel | undefined>(
    (at, name, i) =>
      (i === 0 ? model.spec.fields : (at?.fields ?? [])).find((f) => f.name === name),
    undefined,
  );
  const specReplicas = Number(valueAt(spec, specPath) ?? 0);
  const fits = (n: number) => !field || fieldViolations(field, n).length === 0;
  const newReplicas = [specReplicas + 1, specReplicas - 1, 1].find((n) => n >= 0 && fits(n));
  if (newReplicas === undefined)
    throw new Error(`internal error: no second replica count for ${scale.specReplicasPath}`);
  const selector = scale.labelSelectorPath
    ? valueAt(status, segments(scale.labelSelectorPath, "status"))
    : undefined;
  return {
    field: ["spec", ...specPath].join("."),
    specPath,
    statusPath,
    specReplicas,
    statusReplicas: Number(valueAt(status, statusPath) ?? 0),
    newReplicas,
    selector: selector ?? null,
    // A Scale's replicas is an int32: past that, the maximum is not what refuses a scale request.
    hasMaximum: field?.maximum !== undefined && field.maximum < 2 ** 31 - 1,
    tooMany: (field?.maximum ?? 0) + 1,
    maximum: field?.maximum ?? 0,
  };
}

function valueAt(object: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>(
    (at, key) =>
      at !== null && typeof at === "object" ? (at as Record<string, unknown>)[key] : undefined,
    object,
  );
}
