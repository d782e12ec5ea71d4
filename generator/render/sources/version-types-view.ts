// What src/api/<version>/<kind>-types.ts prints for a version other than the storage version: the
// kind as clients of that version see it, from the version's own projection of the field tree.
// The operator never works on these (the reconciler, hooks and providers use the hub's types);
// the conversion hooks get and return them, and tests or clients that speak the old version can.

import { kubernetesTsType } from "../../base/kubernetes-types/catalog.ts";
import { walkFields } from "../../model/build-fields.ts";
import type { OperatorModel, VersionSchema } from "../../model/types.ts";
import { versionSchemaOf } from "../../model/conversion-plan.ts";
import { apiInterfaces, typeNames, type TypeNames } from "./api-types-view.ts";
import type { InterfaceView } from "./ts-types.ts";

export interface VersionTypesView {
  /** e.g. v1alpha1 */
  name: string;
  /** e.g. db.example.com/v1alpha1 */
  apiVersion: string;
  /** From src/, e.g. api/v1alpha1/database-types.ts. */
  module: string;
  deprecated: boolean;
  served: boolean;
  interfaces: InterfaceView[];
  types: TypeNames;
  specOptional: "" | "?";
  /** The @kubernetes/client-node types the module imports: V1ObjectMeta and embedded models. */
  clientNodeTypes: string;
  /** The runtime's condition type, and the hub module's phase type when status has one. */
  conditionType: string;
  phaseType: string | null;
  /** The hub's types module, relative to this one (../v1/database-types.ts). */
  hubImport: string;
}

/** Where `version`'s types live, from src/. */
export function versionTypesModule(model: OperatorModel, version: string): string {
  return `api/${version}/${model.names.kindFile}-types.ts`;
}

export function versionTypesViews(model: OperatorModel): VersionTypesView[] {
  if (model.conversion === undefined) return [];
  return model.api.versions
    .filter((version) => version.name !== model.api.version)
    .map((version) => {
      const schema: VersionSchema = version.schema ?? versionSchemaOf(model);
      // The version's model: its fields, everything else (phases, condition shape) the hub's.
      const projected: OperatorModel = {
        ...model,
        spec: schema.spec,
        status: { ...model.status, fields: schema.statusFields },
      };
      const types = typeNames(projected);
      return {
        name: version.name,
        apiVersion: `${model.api.group}/${version.name}`,
        module: versionTypesModule(model, version.name),
        deprecated: version.deprecated === true,
        served: version.served,
        interfaces: apiInterfaces(projected, types),
        types,
        specOptional: schema.spec.fields.some((f) => f.required) ? "" : "?",
        clientNodeTypes: ["V1ObjectMeta", ...embeddedModels(schema)].sort().join(", "),
        conditionType: types.condition,
        phaseType:
          model.status.phases.length > 0 && types.phaseText !== "string" ? types.phase : null,
        hubImport: `../${model.api.version}/${model.names.kindFile}-types.ts`,
      };
    });
}

function embeddedModels(schema: VersionSchema): string[] {
  const embedded = walkFields([...schema.spec.fields, ...schema.statusFields]).flatMap((f) => {
    const imported = f.kubernetesType ? kubernetesTsType(f.kubernetesType).import : undefined;
    return imported ? [imported] : [];
  });
  return [...new Set(embedded)];
}
