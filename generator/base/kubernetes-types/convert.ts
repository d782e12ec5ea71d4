// Upstream OpenAPI v3 definitions (kube-apiserver's /openapi/v3/api/v1 and /openapi/v3/apis/<group>/<version>,
// committed in k8s.io/kubernetes as api/openapi-spec/v3/*_openapi.json) → the structural schema a CRD
// embedding those Go types gets from controller-gen: $refs become references to other catalog
// entries (inlined when a CRD is rendered), Quantity and IntOrString take controller-gen's
// int-or-string form, ObjectMeta its generateEmbeddedObjectMeta form, and the keywords a CRD
// refuses or ignores (patch strategies, unions, `default: {}` of struct fields) are dropped.

/** A converted schema: structural OpenAPI v3 plus `$ref` to another catalog entry by its spec name. */
export interface CatalogSchema {
  $ref?: string;
  description?: string;
  type?: "object" | "array" | "string" | "integer" | "number" | "boolean";
  format?: string;
  enum?: unknown[];
  default?: unknown;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
  properties?: Record<string, CatalogSchema>;
  required?: string[];
  items?: CatalogSchema;
  additionalProperties?: CatalogSchema;
  anyOf?: CatalogSchema[];
  "x-kubernetes-int-or-string"?: true;
  "x-kubernetes-preserve-unknown-fields"?: true;
  "x-kubernetes-list-type"?: "atomic" | "set" | "map";
  "x-kubernetes-list-map-keys"?: string[];
  "x-kubernetes-map-type"?: "atomic" | "granular";
}

import { emptyMarkers, type GoMarkers } from "./default-markers.ts";

type Upstream = Record<string, unknown>;

/**
 * The API groups whose stable types a spec may embed, as the Go package path names them
 * (k8s.io/api/<group>/<version>): the name a spec writes is `<group>/<version>.<Type>`. Only
 * stable versions: a beta type embedded in a CRD would outlive the beta.
 */
export const EMBEDDABLE_GROUP_VERSIONS = [
  "core/v1",
  "apps/v1",
  "batch/v1",
  "autoscaling/v2",
  "networking/v1",
  "policy/v1",
] as const;

const DEFINITION_PREFIXES: readonly (readonly [string, string])[] = [
  ...EMBEDDABLE_GROUP_VERSIONS.map(
    (groupVersion) =>
      [`io.k8s.api.${groupVersion.replace("/", ".")}.`, `${groupVersion}.`] as const,
  ),
  ["io.k8s.apimachinery.pkg.apis.meta.v1.", "meta/v1."],
];
const SPECIAL_NAMES: Readonly<Record<string, string>> = {
  "io.k8s.apimachinery.pkg.api.resource.Quantity": "Quantity",
  "io.k8s.apimachinery.pkg.util.intstr.IntOrString": "IntOrString",
};

/** The name a spec writes for an upstream definition, e.g. core/v1.Toleration; undefined if none. */
export function specTypeName(definition: string): string | undefined {
  if (SPECIAL_NAMES[definition]) return SPECIAL_NAMES[definition];
  for (const [prefix, short] of DEFINITION_PREFIXES)
    if (definition.startsWith(prefix)) return short + definition.slice(prefix.length);
  return undefined;
}

/** The upstream definition key of a spec type name (inverse of specTypeName). */
export function upstreamDefinition(name: string): string | undefined {
  for (const [definition, short] of Object.entries(SPECIAL_NAMES))
    if (short === name) return definition;
  for (const [prefix, short] of DEFINITION_PREFIXES)
    if (name.startsWith(short)) return prefix + name.slice(short.length);
  return undefined;
}

/** controller-gen's resource.Quantity: int-or-string with the quantity grammar as a pattern. */
export const QUANTITY_SCHEMA: CatalogSchema = {
  anyOf: [{ type: "integer" }, { type: "string" }],
  pattern:
    "^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$",
  "x-kubernetes-int-or-string": true,
};

/** controller-gen's intstr.IntOrString. */
export const INT_OR_STRING_SCHEMA: CatalogSchema = {
  anyOf: [{ type: "integer" }, { type: "string" }],
  "x-kubernetes-int-or-string": true,
};

/** metav1.Duration marshals as a Go duration string; controller-gen gives it `type: string`. */
export const DURATION_SCHEMA: CatalogSchema = { type: "string" };

/**
 * controller-gen's embedded ObjectMeta (crd:generateEmbeddedObjectMeta=true): of ObjectMeta, only
 * the five fields the API server keeps in a nested object's metadata. Without them `type: object`
 * would prune the labels and annotations of a pod template.
 */
export const EMBEDDED_OBJECT_META_FIELDS = [
  "annotations",
  "finalizers",
  "labels",
  "name",
  "namespace",
] as const;

/** Keywords copied unchanged; everything else upstream writes is dropped. */
const KEPT_KEYWORDS = [
  "description",
  "type",
  "format",
  "enum",
  "pattern",
  "minimum",
  "maximum",
  "nullable",
  "required",
  "x-kubernetes-int-or-string",
  "x-kubernetes-preserve-unknown-fields",
  "x-kubernetes-list-type",
  "x-kubernetes-list-map-keys",
  "x-kubernetes-map-type",
] as const;

/**
 * One upstream definition converted. References to other definitions stay references (by spec
 * name); `onReference` learns each so the caller can take the transitive closure.
 */
export function convertDefinition(
  definition: string,
  upstream: Upstream,
  onReference: (definition: string) => void = () => {},
  markers: GoMarkers = emptyMarkers(),
): CatalogSchema {
  if (definition === "io.k8s.apimachinery.pkg.api.resource.Quantity") return QUANTITY_SCHEMA;
  if (definition === "io.k8s.apimachinery.pkg.util.intstr.IntOrString") return INT_OR_STRING_SCHEMA;
  if (definition === "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta") {
    const properties = record(upstream.properties);
    upstream = {
      ...upstream,
      properties: Object.fromEntries(
        EMBEDDED_OBJECT_META_FIELDS.map((name) => [name, properties[name]]),
      ),
    };
  }
  const converted = convertSchema(upstream, onReference, definition);
  // controller-gen writes only the +default markers of the Go fields (see default-markers.ts).
  // Structs embedded inline bring theirs along, and their +structType=atomic.
  const sources = [definition, ...(markers.embeds.get(definition) ?? [])];
  for (const source of sources) {
    const marked = markers.defaults.get(source);
    for (const [name, property] of Object.entries(converted.properties ?? {}))
      if (property.$ref === undefined && marked?.has(name)) property.default = marked.get(name);
    if (markers.atomic.has(source)) converted["x-kubernetes-map-type"] ??= "atomic";
  }
  // controller-gen lists required fields sorted.
  if (converted.required) converted.required = [...converted.required].sort();
  return converted;
}

function convertSchema(
  upstream: Upstream,
  onReference: (definition: string) => void,
  where: string,
): CatalogSchema {
  const reference = referenceOf(upstream);
  if (reference !== undefined) {
    const name = specTypeName(reference);
    if (!name) throw new Error(`${where}: reference to ${reference}, which has no spec name`);
    onReference(reference);
    const description = str(upstream.description);
    return { $ref: name, ...(description !== undefined ? { description } : {}) };
  }
  const out: Record<string, unknown> = {};
  for (const key of KEPT_KEYWORDS) if (upstream[key] !== undefined) out[key] = upstream[key];
  if (isRecord(upstream.properties))
    out.properties = Object.fromEntries(
      Object.entries(upstream.properties).map(([name, property]) => [
        name,
        convertSchema(record(property), onReference, `${where}.${name}`),
      ]),
    );
  if (isRecord(upstream.items))
    out.items = convertSchema(upstream.items, onReference, `${where}[]`);
  if (isRecord(upstream.additionalProperties))
    out.additionalProperties = convertSchema(
      upstream.additionalProperties,
      onReference,
      `${where}{}`,
    );
  return out as CatalogSchema;
}

/** `$ref`, or openapi-gen's `allOf: [{$ref}]` wrapper that lets a reference carry a description. */
function referenceOf(upstream: Upstream): string | undefined {
  const direct = str(upstream.$ref);
  const wrapped =
    Array.isArray(upstream.allOf) && upstream.allOf.length === 1
      ? str(record(upstream.allOf[0]).$ref)
      : undefined;
  const ref = direct ?? wrapped;
  return ref?.replace(/^#\/components\/schemas\//, "");
}

function isRecord(value: unknown): value is Upstream {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function record(value: unknown): Upstream {
  return isRecord(value) ? value : {};
}

function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}
