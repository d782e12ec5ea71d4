// A Kubernetes type as a field definition in the format's own vocabulary (type object with
// fields, array with items, map with values, int-or-string ...), so the checks that read raw
// definitions (defaults, CEL types and cost) and the model's field trees see the embedded type's
// real structure, exactly as its CRD schema states it.

import { inlinedSchema, kubernetesTypes } from "./catalog.ts";
import type { CatalogSchema } from "./convert.ts";

export type FieldDefinition = Record<string, unknown>;

const cache = new Map<string, FieldDefinition>();

/** The definition of a catalog type, e.g. core/v1.Toleration; undefined for an unknown name. */
export function kubernetesFieldDefinition(name: string): FieldDefinition | undefined {
  if (!Object.hasOwn(kubernetesTypes().types, name)) return undefined;
  let definition = cache.get(name);
  if (!definition) {
    definition = asField(inlinedSchema(name));
    cache.set(name, definition);
  }
  return definition;
}

export function asField(schema: CatalogSchema, required = false): FieldDefinition {
  const out: FieldDefinition = { type: fieldType(schema) };
  if (required) out.required = true;
  for (const key of ["format", "enum", "pattern", "minimum", "maximum", "default"] as const)
    if (schema[key] !== undefined) out[key] = schema[key];
  if (schema.nullable) out.nullable = true;
  if (schema["x-kubernetes-map-type"]) out.mapType = schema["x-kubernetes-map-type"];
  switch (out.type) {
    case "array":
      out.items = asField(schema.items ?? {});
      out.listType = schema["x-kubernetes-list-type"] ?? "atomic";
      if (schema["x-kubernetes-list-map-keys"])
        out.listMapKeys = [...schema["x-kubernetes-list-map-keys"]];
      break;
    case "map":
      out.values = asField(schema.additionalProperties ?? {});
      break;
    case "object": {
      const required = new Set(schema.required ?? []);
      out.fields = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [
          key,
          asField(value, required.has(key)),
        ]),
      );
      break;
    }
  }
  return out;
}

function fieldType(schema: CatalogSchema): string {
  if (schema["x-kubernetes-int-or-string"]) return "int-or-string";
  if (schema.type === "object") {
    if (schema.properties) return "object";
    if (schema.additionalProperties) return "map";
    return schema["x-kubernetes-preserve-unknown-fields"] ? "free-form" : "object";
  }
  return schema.type ?? "free-form";
}
