// The status schema: the fields every reconciler writes (observedGeneration, phase, conditions)
// followed by the spec author's status fields, with their defaults (the reconciler applies them to
// the status it computes before comparing, see src/reconciler).

import { MAX_PHASE_LENGTH } from "../../check/context.ts";
import type { OperatorModel } from "../../model/types.ts";
import {
  conditionListType,
  conditionTypeEnum,
  requiredConditionMembers,
} from "./condition-shape.ts";
import { fieldSchema } from "./crd-schema.ts";
import type { JSONSchemaProps } from "./schema-types.ts";

/** Status fields whose shape the runtime owns; a spec's status field may not reuse these names. */
export const RESERVED_STATUS_FIELDS = ["observedGeneration", "phase", "conditions"] as const;

export function statusSchema(model: OperatorModel): JSONSchemaProps {
  const bySubresource = model.api.statusSubresource;
  // observedGeneration: false (Argo CD's Application): the Ready condition's member stands in.
  const properties: Record<string, JSONSchemaProps> = {
    ...(model.status.observedGeneration
      ? {
          observedGeneration: {
            description: bySubresource
              ? "The metadata.generation this status reflects. Status is current when it equals metadata.generation."
              : "Counts the spec versions this status has answered for. Without the status subresource every status write advances metadata.generation: compare observedSpecHash, not this, to know whether status is current.",
            type: "integer",
            format: "int64",
            minimum: 0,
          },
        }
      : {}),
    // The spec-hash tracking of @create-operator/runtime (spec-hash.ts): only without the subresource.
    ...(bySubresource
      ? {}
      : {
          observedSpecHash: {
            description:
              "A hash of the spec (and top-level fields) this status answers for: status is current when it is the hash of the object's spec.",
            type: "string",
            maxLength: 64,
          },
        }),
  };
  const phases = model.status.phases;
  if (phases.length > 0) {
    const names = phases.map((p) => p.name).join(", ");
    properties.phase =
      model.status.phaseValues === "open"
        ? {
            description: `Where the object is in its lifecycle, as text (this controller writes: ${names}).`,
            type: "string",
            maxLength: MAX_PHASE_LENGTH,
          }
        : {
            description: `Where the object is in its lifecycle: ${names}.`,
            type: "string",
            enum: phases.map((p) => p.name),
          };
  }
  properties.conditions = conditionsSchema(model);
  for (const field of model.status.fields) {
    if (Object.hasOwn(properties, field.name))
      throw new Error(
        `internal error: status field ${field.name} collides with a field the runtime writes`,
      );
    properties[field.name] = fieldSchema(field, "status");
  }
  return {
    description: bySubresource
      ? "Observed state, written only by the operator through the status subresource."
      : "Observed state, written by the operator with the object (this CRD has no status subresource).",
    type: "object",
    properties,
  };
}

/**
 * metav1.Condition exactly as apimachinery publishes it, as a list-map keyed by type, unless
 * conditionShape and conditionTypes ask for another shape (condition-shape.ts).
 */
export function conditionsSchema(model: OperatorModel): JSONSchemaProps {
  const types = model.status.conditions.map((c) => c.type);
  const required = requiredConditionMembers(model);
  return {
    description: conditionsDescription(types),
    type: "array",
    items: {
      description:
        "Condition contains details for one aspect of the current state of this API Resource.",
      type: "object",
      properties: {
        lastTransitionTime: {
          description:
            "lastTransitionTime is the last time the condition transitioned from one status to another.",
          type: "string",
          format: "date-time",
        },
        message: {
          description:
            "message is a human readable message indicating details about the transition. This may be an empty string.",
          type: "string",
          maxLength: 32768,
        },
        observedGeneration: {
          description:
            "observedGeneration represents the .metadata.generation that the condition was set based upon.",
          type: "integer",
          format: "int64",
          minimum: 0,
        },
        reason: {
          description:
            "reason contains a programmatic identifier indicating the reason for the condition's last transition.",
          type: "string",
          maxLength: 1024,
          minLength: 1,
          pattern: "^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$",
        },
        status: {
          description: "status of the condition, one of True, False, Unknown.",
          type: "string",
          enum: ["True", "False", "Unknown"],
        },
        type: {
          description: "type of condition in CamelCase or in foo.example.com/CamelCase.",
          type: "string",
          maxLength: 316,
          pattern:
            "^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$",
          ...conditionTypeEnum(model),
        },
      },
      ...(required ? { required } : {}),
    },
    ...conditionListType(model),
  };
}

const CONDITIONS_DESCRIPTION = "Latest observations of the object's state. Condition types: ";

/** The conditions field's description, which lists the condition types (kubectl explain shows it). */
export function conditionsDescription(types: readonly string[]): string {
  return `${CONDITIONS_DESCRIPTION}${types.join(", ")}.`;
}

/** The condition types a conditions description lists; undefined for any other description. */
export function conditionTypesOf(description: string | undefined): string[] | undefined {
  if (!description?.startsWith(CONDITIONS_DESCRIPTION) || !description.endsWith("."))
    return undefined;
  return description.slice(CONDITIONS_DESCRIPTION.length, -1).split(", ");
}
