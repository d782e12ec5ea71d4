// Another project's CRD schema as field models, so a child of that kind can be built from the
// example-value machinery that builds our own samples: required fields, enums, patterns, formats
// and bounds come out valid. Its CEL rules are not modelled (the child's example values are only
// structurally valid); the generated tests apply the child to the real API server, which says.

import {
  CONSTRAINT_KEYS,
  type FieldConstraints,
  type FieldModel,
  type FieldType,
} from "./types.ts";

/** An OpenAPI v3 schema as a CRD carries it (structural; only what the field model needs). */
export interface OpenApiSchema extends FieldConstraints {
  type?: string;
  properties?: Record<string, OpenApiSchema>;
  required?: string[];
  items?: OpenApiSchema;
  additionalProperties?: OpenApiSchema | boolean;
  nullable?: boolean;
  default?: unknown;
  "x-kubernetes-int-or-string"?: boolean;
  "x-kubernetes-preserve-unknown-fields"?: boolean;
  "x-kubernetes-list-type"?: "atomic" | "set" | "map";
  "x-kubernetes-list-map-keys"?: string[];
  "x-kubernetes-map-type"?: "atomic" | "granular";
}

/** The properties of an object schema as fields, in the schema's order. */
export function fieldsFromSchema(schema: OpenApiSchema, prefix = ""): FieldModel[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) =>
    fieldFromSchema(name, prefix ? `${prefix}.${name}` : name, property, required.has(name)),
  );
}

function fieldFromSchema(
  name: string,
  path: string,
  schema: OpenApiSchema,
  required: boolean,
): FieldModel {
  const type = fieldType(schema);
  const constraints = Object.fromEntries(
    CONSTRAINT_KEYS.filter((key) => schema[key] !== undefined).map((key) => [key, schema[key]]),
  );
  const field: FieldModel = {
    name,
    path,
    type,
    required,
    nullable: schema.nullable === true,
    hasDefault: schema.default !== undefined,
    ...(schema.default !== undefined ? { default: schema.default } : {}),
    immutable: false,
    fields: type === "object" ? fieldsFromSchema(schema, path) : [],
    rules: [],
    tsType: "unknown",
    ...constraints,
  };
  if (type === "array") {
    field.items = fieldFromSchema(`${name}Item`, `${path}[]`, schema.items ?? {}, false);
    field.listType = schema["x-kubernetes-list-type"] ?? "atomic";
    if (schema["x-kubernetes-list-map-keys"])
      field.listMapKeys = schema["x-kubernetes-list-map-keys"];
  }
  const mapType = schema["x-kubernetes-map-type"];
  if (mapType && (type === "object" || type === "map" || type === "free-form"))
    field.mapType = mapType;
  if (type === "map") {
    const values = schema.additionalProperties;
    field.items = fieldFromSchema(
      `${name}Value`,
      `${path}[]`,
      typeof values === "object" ? values : {},
      false,
    );
  }
  return field;
}

function fieldType(schema: OpenApiSchema): FieldType {
  if (schema["x-kubernetes-int-or-string"]) return "int-or-string";
  switch (schema.type) {
    case "string":
    case "integer":
    case "number":
    case "boolean":
    case "array":
      return schema.type;
    case "object":
      if (schema.properties) return "object";
      if (schema.additionalProperties !== undefined && schema.additionalProperties !== false)
        return typeof schema.additionalProperties === "object" ? "map" : "free-form";
      return schema["x-kubernetes-preserve-unknown-fields"] ? "free-form" : "object";
    default:
      return "free-form";
  }
}
