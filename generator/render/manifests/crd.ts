// config/crd/bases/<group>_<plural>.yaml: the CustomResourceDefinition, the public API of the
// operator. Served versions share one schema, so conversion between them is the identity.

import { ownerNameRules } from "./owner-name-rules.ts";
import type { GeneratedFile } from "../../base/files.ts";
import { hasSpec, type OperatorModel } from "../../model/types.ts";
import { specSchema } from "./crd-schema.ts";
import { labelsFor } from "./labels.ts";
import type { JSONSchemaProps } from "./schema-types.ts";
import { statusSchema } from "./status-schema.ts";
import { yamlFile } from "./yaml-file.ts";

export function crdPath(model: OperatorModel): string {
  return `config/crd/bases/${model.api.group}_${model.api.plural}.yaml`;
}

export function renderCrd(model: OperatorModel): GeneratedFile {
  return yamlFile(crdPath(model), [buildCrd(model)]);
}

export function buildCrd(model: OperatorModel) {
  const { api } = model;
  return {
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    metadata: { name: api.crdName, labels: labelsFor(model, "crd") },
    spec: {
      group: api.group,
      names: {
        kind: api.kind,
        listKind: api.listKind,
        plural: api.plural,
        singular: api.singular,
        ...(api.shortNames.length > 0 ? { shortNames: [...api.shortNames] } : {}),
        ...(api.categories.length > 0 ? { categories: [...api.categories] } : {}),
      },
      scope: api.scope,
      versions: api.versions.map((version) => ({
        name: version.name,
        served: version.served,
        storage: version.storage,
        ...(version.deprecated ? { deprecated: true } : {}),
        ...(version.deprecationWarning ? { deprecationWarning: version.deprecationWarning } : {}),
        schema: { openAPIV3Schema: rootSchema(model) },
        subresources: subresources(model),
        ...(model.printerColumns.length > 0
          ? { additionalPrinterColumns: printerColumns(model) }
          : {}),
        ...(model.selectableFields.length > 0
          ? { selectableFields: model.selectableFields.map((jsonPath) => ({ jsonPath })) }
          : {}),
      })),
    },
  };
}

export function rootSchema(model: OperatorModel): JSONSchemaProps {
  const spec = specSchema(model);
  const ownerRules = ownerNameRules(model);
  return {
    description: `${model.api.kind} is the Schema for the ${model.api.plural} API. ${model.description}`,
    type: "object",
    properties: {
      apiVersion: {
        description: "APIVersion defines the versioned schema of this representation of an object.",
        type: "string",
      },
      kind: {
        description:
          "Kind is a string value representing the REST resource this object represents.",
        type: "string",
      },
      metadata: { type: "object" },
      // A kind without spec has none in its schema: the API server drops a spec that is sent.
      ...(hasSpec(model) ? { spec } : {}),
      status: statusSchema(model),
    },
    ...(hasSpec(model) && spec.required ? { required: ["spec"] } : {}),
    ...(ownerRules.length > 0 ? { "x-kubernetes-validations": ownerRules } : {}),
  };
}

function subresources(model: OperatorModel) {
  const scale = model.api.scale;
  return {
    status: {},
    ...(scale
      ? {
          scale: {
            specReplicasPath: scale.specReplicasPath,
            statusReplicasPath: scale.statusReplicasPath,
            ...(scale.labelSelectorPath ? { labelSelectorPath: scale.labelSelectorPath } : {}),
          },
        }
      : {}),
  };
}

function printerColumns(model: OperatorModel) {
  return model.printerColumns.map((column) => ({
    name: column.name,
    type: column.type,
    jsonPath: column.jsonPath,
    ...(column.description ? { description: column.description } : {}),
    ...(column.priority !== undefined ? { priority: column.priority } : {}),
  }));
}
