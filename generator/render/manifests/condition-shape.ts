// How .status.conditions is declared, from status.conditionShape and status.conditionTypes: the
// shapes real controllers write. metav1.Condition (full) is a list-map keyed by type with every
// member required; relaxed requires type and status only (cert-manager); open requires nothing
// (Strimzi, Argo CD), and then the list cannot be a map, since the API server refuses a list-map
// whose key is neither required nor defaulted. An enum on type (conditionTypes: enum) lists the
// types this operator writes, so a hook that invents another is refused at the write.

import type { OperatorModel } from "../../model/types.ts";
import type { JSONSchemaProps } from "./schema-types.ts";

/** The members an item must have. */
export function requiredConditionMembers(model: OperatorModel): string[] | undefined {
  switch (model.status.conditionShape) {
    case "full":
      return ["lastTransitionTime", "message", "reason", "status", "type"];
    case "relaxed":
      return ["status", "type"];
    case "open":
      return undefined;
  }
}

/** The list's merge semantics: a map keyed by type while type is required, else atomic. */
export function conditionListType(model: OperatorModel): JSONSchemaProps {
  return model.status.conditionShape === "open"
    ? { "x-kubernetes-list-type": "atomic" }
    : { "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["type"] };
}

/** The enum on type (conditionTypes: enum): every type in the model, Ready first. */
export function conditionTypeEnum(model: OperatorModel): JSONSchemaProps {
  return model.status.conditionTypes === "enum"
    ? { enum: model.status.conditions.map((c) => c.type) }
    : {};
}
