// config/crd/bases/<group>_<plural>.yaml: the CustomResourceDefinition, the public API of the
// operator. Each version has its own schema when fields evolve (its projection of the field tree),
// and then the operator's conversion webhook converts between them; otherwise versions share one
// schema and conversion is the identity.

import { ownerNameRules } from "./owner-name-rules.ts";
import type { GeneratedFile } from "../../base/files.ts";
import {
  hasSpec,
  type OperatorModel,
  type VersionModel,
  type VersionSchema,
} from "../../model/types.ts";
import { fieldSchema, specSchema } from "./crd-schema.ts";
import { usesCertManager } from "./conversion.ts";
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
    metadata: {
      name: api.crdName,
      // cainjector copies the serving Certificate's CA into spec.conversion.webhook.clientConfig.
      ...(usesCertManager(model)
        ? {
            annotations: {
              "cert-manager.io/inject-ca-from": `${model.namespace}/${model.conversion!.webhook.certManager.certificate}`,
            },
          }
        : {}),
      labels: labelsFor(model, "crd"),
    },
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
      versions: withoutHoistedSelectableFields(
        api.versions.map((version) => versionOf(model, version)),
      ),
      ...conversionOf(model),
    },
  };
}

function versionOf(model: OperatorModel, version: VersionModel) {
  const view = version.schema ? withSchema(model, version.schema) : model;
  return {
    name: version.name,
    served: version.served,
    storage: version.storage,
    ...(version.deprecated ? { deprecated: true } : {}),
    ...(version.deprecationWarning ? { deprecationWarning: version.deprecationWarning } : {}),
    schema: { openAPIV3Schema: rootSchema(view) },
    subresources: subresources(view),
    ...(view.printerColumns.length > 0 ? { additionalPrinterColumns: printerColumns(view) } : {}),
    ...(view.selectableFields.length > 0
      ? { selectableFields: view.selectableFields.map((jsonPath) => ({ jsonPath })) }
      : {}),
  };
}

/**
 * The API server hoists selectableFields that are equal in every version to the CRD's spec level,
 * but keeps differing schemas per version, and then refuses the CRD ("spec.selectableFields: may
 * only be set when validations.schema is included"). Versions whose schemas differ therefore must
 * not all list the same selectable fields: the newest version that is not stored goes without
 * them (the storage version keeps them: the operator's own tests and tools list by them there).
 * Clients of that version lose them, which `generate`'s compatibility report calls breaking.
 */
function withoutHoistedSelectableFields<
  V extends { schema: unknown; selectableFields?: unknown; storage: boolean },
>(versions: V[]): V[] {
  const same = (key: "schema" | "selectableFields") =>
    versions.every((v) => JSON.stringify(v[key]) === JSON.stringify(versions[0]![key]));
  if (versions.length < 2 || !versions[0]!.selectableFields) return versions;
  if (!same("selectableFields") || same("schema")) return versions;
  const dropped = versions.map((v) => !v.storage).lastIndexOf(true);
  return versions.map((version, i) => {
    if (i !== dropped) return version;
    const { selectableFields: _dropped, ...rest } = version;
    return rest as V;
  });
}

/** The model as the version sees it: its own spec, status fields and paths. */
function withSchema(model: OperatorModel, schema: VersionSchema): OperatorModel {
  const { scale: _scale, ...api } = model.api;
  return {
    ...model,
    api: { ...api, ...(schema.scale ? { scale: schema.scale } : {}) },
    spec: schema.spec,
    status: { ...model.status, fields: schema.statusFields },
    printerColumns: schema.printerColumns,
    selectableFields: schema.selectableFields,
  };
}

/**
 * The webhook the API server calls, at the operator's Service; its caBundle the operator injects
 * (or cert-manager's cainjector).
 */
function conversionOf(model: OperatorModel) {
  const conversion = model.conversion;
  if (conversion?.strategy !== "Webhook") return {};
  const { service, path } = conversion.webhook;
  return {
    conversion: {
      strategy: "Webhook",
      webhook: {
        conversionReviewVersions: ["v1"],
        clientConfig: { service: { namespace: model.namespace, name: service, path, port: 443 } },
      },
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
      // Fields beside spec and status (topLevel.fields), after them as kubectl explain lists them.
      ...Object.fromEntries(model.topLevelFields.map((f) => [f.name, fieldSchema(f, "spec")])),
    },
    ...(hasSpec(model) && model.spec.required ? { required: ["spec"] } : {}),
    ...(ownerRules.length > 0 ? { "x-kubernetes-validations": ownerRules } : {}),
  };
}

function subresources(model: OperatorModel) {
  const scale = model.api.scale;
  return {
    // Without it (api.statusSubresource: false) status is part of the object, written with it.
    ...(model.api.statusSubresource ? { status: {} } : {}),
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
