// The TypeScript names of the custom resource's API: its type and function names, the modules
// that declare them, and the Spec and Status interfaces every other generated file imports.

import { hasSpec, type OperatorModel } from "../../model/types.ts";
import {
  docComment,
  interfacesFor,
  memberDoc,
  type InterfaceView,
  type PropertyView,
} from "./ts-types.ts";

export interface TypeNames {
  resource: string;
  list: string;
  spec: string;
  status: string;
  phase: string;
  conditionType: string;
  /** The runtime's type for a status condition: Condition, ObservedCondition (relaxed) or OpenCondition (open). */
  condition: "Condition" | "ObservedCondition" | "OpenCondition";
  /** What status.phase may hold: the phase union, or any text when phases are open. */
  phaseText: string;
  reconciler: string;
  reconcilerDeps: string;
  finalizeFn: string;
  finalizeDeps: string;
}

/** Module paths relative to src/, e.g. api/v1alpha1/database-types.ts. */
export interface ModulePaths {
  types: string;
  phases: string;
  reconciler: string;
  finalize: string;
}

const CONDITION_TYPE = {
  full: "Condition",
  relaxed: "ObservedCondition",
  open: "OpenCondition",
} as const;

const CONDITIONS_DOC = {
  full: "Latest observations in metav1.Condition form; Ready is always present once reconciled.",
  relaxed:
    "Latest observations; only type and status are required (conditions other writers set may have no more). Ready is always present once reconciled.",
  open: "Latest observations; no member is required (another writer's entry may lack type or status). This operator writes every member, and Ready once reconciled.",
} as const;

export function typeNames(model: OperatorModel): TypeNames {
  const { kind } = model.api;
  return {
    resource: kind,
    list: `${kind}List`,
    spec: model.names.specType,
    status: model.names.statusType,
    phase: `${kind}Phase`,
    conditionType: `${kind}ConditionType`,
    condition: CONDITION_TYPE[model.status.conditionShape],
    phaseText: model.status.phaseValues === "open" ? "string" : `${kind}Phase`,
    reconciler: `${kind}Reconciler`,
    reconcilerDeps: `${kind}ReconcilerDeps`,
    finalizeFn: `finalize${kind}`,
    finalizeDeps: `Finalize${kind}Deps`,
  };
}

export function modulePaths(model: OperatorModel): ModulePaths {
  return {
    types: `api/${model.api.version}/${model.names.kindFile}-types.ts`,
    phases: `api/${model.api.version}/phases.ts`,
    reconciler: `reconciler/${model.names.kindFile}-reconciler.ts`,
    finalize: "reconciler/finalize.ts",
  };
}

/** The Spec interfaces, then the Status ones with the fields the operator always writes. */
export function apiInterfaces(model: OperatorModel, types: TypeNames): InterfaceView[] {
  const { kind } = model.api;
  const phases = model.status.phases;
  const statusExtra: PropertyView[] = [
    prop(
      "observedGeneration",
      "number",
      !model.status.observedGeneration
        ? "Not stored (operator.yaml: status.observedGeneration: false): the Ready condition's observedGeneration, which the operator's client fills in when it reads the object."
        : model.api.statusSubresource
          ? "The metadata.generation this status reflects; compare it with metadata.generation before trusting the rest."
          : "Counts the spec versions this status answered for (no status subresource: compare observedSpecHash instead).",
    ),
    ...(model.api.statusSubresource
      ? []
      : [
          prop(
            "observedSpecHash",
            "string",
            "The hash of the spec this status answers for (specHash in @create-operator/runtime); status is current when it matches.",
          ),
        ]),
    ...(phases.length > 0
      ? [
          prop(
            "phase",
            types.phaseText,
            model.status.phaseValues === "open"
              ? `Observed lifecycle phase as text: this operator writes ${types.phase} values; others may have written other text.`
              : "Observed lifecycle phase (a summary; conditions carry the detail).",
          ),
        ]
      : []),
    prop("conditions", `${types.condition}[]`, CONDITIONS_DOC[model.status.conditionShape]),
  ];
  const spec: InterfaceView[] = hasSpec(model)
    ? interfacesFor(
        types.spec,
        [model.spec.description ?? `Desired state of a ${kind}.`],
        model.spec.fields,
      )
    : [
        {
          name: types.spec,
          doc: docComment([
            `${kind} has no spec: its CRD declares none, so the API server drops a spec that is sent.`,
          ]),
          properties: [],
          alias: "Record<string, never>",
        },
      ];
  return [
    ...spec,
    ...interfacesFor(
      types.status,
      [`Observed state of a ${kind}, written only by the operator.`],
      model.status.fields,
      statusExtra,
    ),
    ...(model.topLevelFields.length > 0
      ? interfacesFor(
          topLevelTypeName(model),
          [`The fields of a ${kind} beside spec and status (operator.yaml's topLevel).`],
          model.topLevelFields,
        )
      : []),
  ];
}

/** The interface the object's type extends with its top-level fields; "" when there are none. */
export function topLevelTypeName(model: OperatorModel): string {
  return model.topLevelFields.length > 0 ? `${model.api.kind}Root` : "";
}

function prop(name: string, type: string, doc: string): PropertyView {
  return { name, optional: "?", type, doc: memberDoc([doc]) };
}
