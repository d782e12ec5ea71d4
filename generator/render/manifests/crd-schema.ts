// FieldModel trees → structural OpenAPI v3 schemas. Structural means every node states its type
// (except int-or-string and preserve-unknown-fields nodes), which the API server needs for
// pruning, defaulting and CEL.

import { inlinedSchema } from "../../base/kubernetes-types/catalog.ts";
import { escapeCelFieldName } from "../../check/cel-field-names.ts";
import { changeMessage, fieldImmutability, presenceRule } from "../../check/immutability.ts";
import {
  CONSTRAINT_KEYS,
  type CelRule,
  type FieldModel,
  type OperatorModel,
} from "../../model/types.ts";
import { deprecatedDescription } from "./deprecated-field.ts";
import type { JSONSchemaProps } from "./schema-types.ts";

/** Which section a field is in: list-map keys and immutability differ between them. */
export type SchemaSide = "spec" | "status";

export function specSchema(model: OperatorModel): JSONSchemaProps {
  const fields = model.spec.fields;
  const schema = objectSchema(fields, "spec", [...model.spec.rules]);
  // Without this, defaults of spec fields would not apply to an object created with no spec. Not
  // when spec is required (the default would fill it before validation, so required never fires)
  // nor when a field is (a defaulted empty spec would be refused for the missing field).
  const needsEmptyDefault =
    !model.spec.required && !fields.some((f) => f.required) && fields.some((f) => f.hasDefault);
  return {
    ...(model.spec.description ? { description: model.spec.description } : {}),
    ...schema,
    ...(needsEmptyDefault ? { default: rootDefault(fields) } : {}),
  };
}

/** The schema of one field, with its description, constraints, CEL rules and default. */
export function fieldSchema(field: FieldModel, side: SchemaSide): JSONSchemaProps {
  const schema: JSONSchemaProps = {};
  if (field.description) schema.description = field.description;
  Object.assign(schema, typeSchema(field, side));
  // An embedded type is documented by the field, as controller-gen does, when the spec says more.
  if (field.description) schema.description = field.description;
  if (field.deprecated)
    schema.description = deprecatedDescription(field.deprecated, field.description);
  copyConstraints(field, schema);
  if (field.type === "array") {
    // Every array states how server-side apply merges it; atomic unless the spec says otherwise.
    schema["x-kubernetes-list-type"] = field.listType ?? "atomic";
    if (field.listType === "map" && field.listMapKeys)
      schema["x-kubernetes-list-map-keys"] = [...field.listMapKeys];
  }
  // Only when declared: granular is the API server's default for every object.
  if (field.mapType) schema["x-kubernetes-map-type"] = field.mapType;
  if (field.nullable) schema.nullable = true;
  // Status defaults too: real CRDs carry them, and the reconciler compares its status with the
  // stored one after them (withSchemaDefaults), so they cost no write.
  if (field.hasDefault) schema.default = field.default;
  const rules: CelRule[] = [
    ...(field.immutable
      ? [{ rule: "self == oldSelf", message: changeMessage(field.name, fieldImmutability(field)!) }]
      : []),
    ...(schema["x-kubernetes-validations"] ?? []),
    ...field.rules,
  ];
  delete schema["x-kubernetes-validations"];
  if (rules.length > 0) schema["x-kubernetes-validations"] = rules.map(celRule);
  return schema;
}

function typeSchema(field: FieldModel, side: SchemaSide): JSONSchemaProps {
  switch (field.type) {
    case "string":
    case "integer":
    case "number":
    case "boolean":
      return { type: field.type };
    case "int-or-string":
      return { "x-kubernetes-int-or-string": true };
    case "free-form":
      return { type: "object", "x-kubernetes-preserve-unknown-fields": true };
    case "any":
      // No type: the structural schema allows that only with preserve-unknown-fields.
      return { "x-kubernetes-preserve-unknown-fields": true };
    case "map":
      return {
        type: "object",
        additionalProperties: field.items ? fieldSchema(field.items, side) : { type: "string" },
      };
    case "array": {
      if (!field.items) throw new Error(`internal error: array field ${field.path} has no items`);
      return { type: "array", items: fieldSchema(field.items, side) };
    }
    case "object":
      return objectSchema(field.fields, side, []);
    case "kubernetes":
      if (!field.kubernetesType)
        throw new Error(`internal error: field ${field.path} names no Kubernetes type`);
      return inlinedSchema(field.kubernetesType) as JSONSchemaProps;
  }
}

/**
 * An object's properties and required list. Optional immutable fields without a default also get
 * a rule on the object: a transition rule on the field itself only runs while the field exists,
 * so without it an immutable value could be removed and then set to something else.
 */
/** An object of these spec-side fields: e.g. the spec of a kind other than the operator's own. */
export function fieldsSchema(fields: readonly FieldModel[]): JSONSchemaProps {
  return objectSchema(fields, "spec", []);
}

function objectSchema(
  fields: readonly FieldModel[],
  side: SchemaSide,
  rules: CelRule[],
): JSONSchemaProps {
  const schema: JSONSchemaProps = { type: "object" };
  if (fields.length > 0)
    schema.properties = Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f, side)]));
  const required = fields.filter((f) => f.required).map((f) => f.name);
  if (required.length > 0) schema.required = required;
  const absentable = fields.filter(
    (f) => f.immutable && !f.required && !(side === "spec" && f.hasDefault),
  );
  const all = [
    // CEL sees a field named like a keyword (namespace, in, ...) or with dashes and dots under
    // the API server's escaped name; an unrepresentable name is refused by check (SEM102).
    ...absentable.map((f) => presenceRule(celName(f.name), f.name, fieldImmutability(f)!)),
    ...rules,
  ];
  if (all.length > 0) schema["x-kubernetes-validations"] = all.map(celRule);
  return schema;
}

/** Fixed key order so the output does not depend on how the spec author ordered them. */
function celRule(rule: CelRule): CelRule {
  return {
    rule: rule.rule,
    message: rule.message,
    ...(rule.reason ? { reason: rule.reason } : {}),
    ...(rule.fieldPath ? { fieldPath: rule.fieldPath } : {}),
  };
}

function copyConstraints(field: FieldModel, schema: JSONSchemaProps): void {
  if (field.enum) schema.enum = [...field.enum];
  for (const key of CONSTRAINT_KEYS.filter((k) => k !== "enum")) {
    const value = field[key];
    if (value !== undefined) (schema as Record<string, unknown>)[key] = value;
  }
}

/**
 * What the spec root stores when an object is created without spec: its fields' own defaults.
 * Nested objects get no implied default: an optional object left out stays absent (real CRDs
 * tell "absent" from "present with defaults", and a one-of object must not grow a member), and
 * its members' defaults apply once it is sent. An author who wants it always present writes
 * `default: {}` on it.
 */
function rootDefault(fields: readonly FieldModel[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => f.hasDefault).map((f) => [f.name, f.default]));
}

function celName(name: string): string {
  return escapeCelFieldName(name) ?? name;
}
