// What the API server fills in for fields left out, so a status the controller computes can be
// compared with the stored one as the server will store it. Without this, a status field with a
// default (real CRDs have them) that the controller leaves out, or a nested object it rebuilds
// without a defaulted member, differs from the stored status on every pass: each pass writes,
// the server defaults the field again, the watch brings the object back, and it never settles.
//
// The algorithm is the API server's structural defaulting
// (k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting/algorithm.go): in an object, a
// property that is absent (or null where the schema does not allow null) takes a deep copy of its
// default; then every property, array item and map value is defaulted in turn, defaults included.

/** The parts of a structural schema that carry defaults; generated from the CRD's own schema. */
export interface SchemaDefaults {
  default?: unknown;
  nullable?: boolean;
  properties?: Record<string, SchemaDefaults>;
  items?: SchemaDefaults;
  /** The values of a map (additionalProperties). */
  values?: SchemaDefaults;
}

/** `value` with the schema's defaults filled in, as the API server stores it; never mutates it. */
export function withSchemaDefaults<T>(schema: SchemaDefaults, value: T): T {
  return fill(schema, structuredClone(value)) as T;
}

function fill(schema: SchemaDefaults, value: unknown): unknown {
  if (Array.isArray(value)) {
    if (schema.items)
      for (let i = 0; i < value.length; i++) value[i] = fill(schema.items, value[i]);
    return value;
  }
  if (value === null || typeof value !== "object") return value;
  const object = value as Record<string, unknown>;
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (property.default === undefined) continue;
    const current = object[name];
    if (current === undefined || (current === null && property.nullable !== true))
      object[name] = structuredClone(property.default);
  }
  for (const [name, member] of Object.entries(object)) {
    const property = schema.properties?.[name] ?? schema.values;
    if (property) object[name] = fill(property, member);
  }
  return object;
}
