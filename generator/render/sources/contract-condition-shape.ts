// Contract cases for the condition shapes other writers use (status.conditionShape: open,
// status.conditionTypes: enum; generator/render/manifests/condition-shape.ts): each proves on the
// real API server that the CRD stores or refuses what the spec says.

import type { OperatorModel } from "../../model/types.ts";
import type { Spec } from "./contract-slots.ts";
import type { StatusCase } from "./contract-status.ts";

/** A type no table lists: what a hook or another controller might invent. */
const UNLISTED_TYPE = "WrittenElsewhere";

export function conditionShapeCases(model: OperatorModel, status: Spec): StatusCase[] {
  const cases: StatusCase[] = [];
  if (model.status.conditionShape === "open")
    cases.push({
      name: "a condition with only a message is stored (conditionShape: open)",
      status: { ...status, conditions: [{ message: "written by another controller" }] },
      expect: "accepted",
    });
  if (model.status.conditionTypes === "enum") {
    let type = UNLISTED_TYPE;
    while (model.status.conditions.some((c) => c.type === type)) type += "X";
    cases.push({
      name: "a condition type the table does not list is refused (conditionTypes: enum)",
      status: {
        ...status,
        conditions: [
          {
            type,
            status: "True",
            reason: "Written",
            message: "",
            lastTransitionTime: "2024-01-01T00:00:00Z",
          },
        ],
      },
      expect: {
        field: "status.conditions[0].type",
        reason: "FieldValueNotSupported",
        message: "Unsupported value",
      },
    });
  }
  return cases;
}
