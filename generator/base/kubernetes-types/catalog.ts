// The Kubernetes types a spec field can name (`type: core/v1.ResourceRequirements`), read from
// schema/kubernetes-types.json (scripts/kubernetes-types.ts writes it from the pinned release's
// OpenAPI). Every stage asks here: check for the names and the CEL types, model for the TypeScript
// type, render for the CRD schema with every reference inlined.

import { readFileSync } from "node:fs";
import type { CatalogSchema } from "./convert.ts";

export interface KubernetesTypeCatalog {
  kubernetesVersion: string;
  types: Readonly<Record<string, CatalogSchema>>;
}

let loaded: KubernetesTypeCatalog | undefined;

export function kubernetesTypes(): KubernetesTypeCatalog {
  loaded ??= JSON.parse(
    readFileSync(new URL("../../../schema/kubernetes-types.json", import.meta.url), "utf8"),
  ) as KubernetesTypeCatalog;
  return loaded;
}

/** A field type that names a Kubernetes type rather than one of the format's own types. */
export function isKubernetesTypeName(type: string | undefined): type is string {
  return type !== undefined && KUBERNETES_TYPE_NAME.test(type);
}

/** What the JSON Schema admits as a Kubernetes type name; check then looks it up. */
export const KUBERNETES_TYPE_NAME =
  /^(?:(?:core|meta|apps|batch|networking|policy)\/v1\.[A-Z][A-Za-z0-9]*|autoscaling\/v2\.[A-Z][A-Za-z0-9]*|Quantity|IntOrString|Duration)$/;

export function knownKubernetesType(name: string): boolean {
  return Object.hasOwn(kubernetesTypes().types, name);
}

export function kubernetesTypeNames(): string[] {
  return Object.keys(kubernetesTypes().types);
}

/**
 * Types whose name another group also uses at the same version, so @kubernetes/client-node names
 * them <Group><Version><Name> (core/v1.ResourceClaim is not resource.k8s.io's V1ResourceClaim).
 */
const GROUP_PREFIXED: ReadonlySet<string> = new Set([
  "core/v1.EndpointPort",
  "core/v1.Event",
  "core/v1.EventList",
  "core/v1.EventSeries",
  "core/v1.ResourceClaim",
]);

/**
 * The TypeScript type of a value of this Kubernetes type, and the @kubernetes/client-node model
 * it needs imported (if any): core/v1.Toleration → V1Toleration, autoscaling/v2.HPAScalingRules →
 * V2HPAScalingRules.
 */
export function kubernetesTsType(name: string): { tsType: string; import?: string } {
  switch (name) {
    case "Quantity":
    case "IntOrString":
      return { tsType: "number | string" };
    case "Duration":
    case "meta/v1.Time":
      return { tsType: "string" };
  }
  const [groupVersion = "", short = ""] = name.split(".");
  const [group = "", version = ""] = groupVersion.split("/");
  const versioned = `${version.charAt(0).toUpperCase()}${version.slice(1)}${short}`;
  const model = GROUP_PREFIXED.has(name)
    ? `${group.charAt(0).toUpperCase()}${group.slice(1)}${versioned}`
    : versioned;
  return { tsType: model, import: model };
}

/**
 * The type's schema with every reference inlined, as a CRD carries it. A reference's own
 * description (the field's documentation) replaces the referenced type's, as controller-gen does.
 */
export function inlinedSchema(name: string, seen: readonly string[] = []): CatalogSchema {
  const schema = kubernetesTypes().types[name];
  if (!schema) throw new Error(`internal error: unknown Kubernetes type ${name}`);
  if (seen.includes(name))
    throw new Error(`internal error: Kubernetes type ${name} refers to itself`);
  return inline(schema, [...seen, name]);
}

function inline(schema: CatalogSchema, seen: readonly string[]): CatalogSchema {
  if (schema.$ref !== undefined) {
    const { $ref, description } = schema;
    const target = inlinedSchema($ref, seen);
    return description !== undefined ? { ...target, description } : target;
  }
  const out: CatalogSchema = { ...schema };
  if (schema.properties)
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([key, value]) => [key, inline(value, seen)]),
    );
  if (schema.items) out.items = inline(schema.items, seen);
  if (schema.additionalProperties)
    out.additionalProperties = inline(schema.additionalProperties, seen);
  return out;
}

/** The inlined schema without descriptions: what CEL typing and value generation look at. */
export function withoutDescriptions(schema: CatalogSchema): CatalogSchema {
  const { description: _description, ...rest } = schema;
  const out: CatalogSchema = { ...rest };
  if (rest.properties)
    out.properties = Object.fromEntries(
      Object.entries(rest.properties).map(([key, value]) => [key, withoutDescriptions(value)]),
    );
  if (rest.items) out.items = withoutDescriptions(rest.items);
  if (rest.additionalProperties)
    out.additionalProperties = withoutDescriptions(rest.additionalProperties);
  return out;
}
