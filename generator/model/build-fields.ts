// Turns the spec's field trees into FieldModels: required flags hoisted from children, the
// string lengths CEL cost needs derived, and the TypeScript type of every field computed once.

import { DERIVED_MAX_LENGTH } from "../check/cel-bounds.ts";
import { toPascal } from "../check/derive-names.ts";
import { immutabilityOf } from "../check/immutability.ts";
import { kubernetesFieldDefinition } from "../base/kubernetes-types/as-field.ts";
import { isKubernetesTypeName, kubernetesTsType } from "../base/kubernetes-types/catalog.ts";
import type { CelRule, FieldConstraints, FieldModel, FieldType } from "./types.ts";

/** The field shape as the JSON Schema admits it; check has already proven it well-formed. */
export interface RawField extends FieldConstraints {
  /** One of the format's own types, or a Kubernetes type name (core/v1.Toleration, Quantity). */
  type: Exclude<FieldType, "kubernetes"> | (string & {});
  description?: string;
  required?: boolean;
  nullable?: boolean;
  default?: unknown;
  examples?: unknown[];
  immutable?: boolean | { message?: string; since?: "set" | "creation" };
  deprecated?: string;
  items?: RawField;
  values?: RawField;
  fields?: Record<string, RawField>;
  listType?: "atomic" | "set" | "map";
  listMapKeys?: string[];
  mapType?: "atomic" | "granular";
  rules?: CelRule[];
  reference?: unknown;
}

/**
 * @param typeName the TypeScript name an object at this position gets, e.g. DatabaseSpecBackup;
 *   nested objects append their field name to it.
 * @param derivedMaxLength the paths (backup.name, tags[]) of the strings whose CEL rules need a
 *   maxLength the spec does not declare (check/cel-bounds.ts decides, from the server's estimate).
 */
export function buildFields(
  raw: Record<string, RawField> | undefined,
  parentPath: string,
  typeName: string,
  derivedMaxLength: ReadonlySet<string> = new Set(),
  namePatterns: ReadonlyMap<string, string> = new Map(),
): FieldModel[] {
  return Object.entries(raw ?? {}).map(([name, field]) =>
    buildField(
      name,
      field,
      parentPath ? `${parentPath}.${name}` : name,
      `${typeName}${toPascal(name)}`,
      derivedMaxLength,
      namePatterns,
    ),
  );
}

export function buildField(
  name: string,
  raw: RawField,
  path: string,
  typeName: string,
  derivedMaxLength: ReadonlySet<string>,
  namePatterns: ReadonlyMap<string, string>,
): FieldModel {
  const rules = raw.rules ?? [];
  const items =
    raw.type === "array" && raw.items
      ? buildField(name, raw.items, `${path}[]`, `${typeName}Item`, derivedMaxLength, namePatterns)
      : raw.type === "map" && raw.values
        ? buildField(
            name,
            raw.values,
            `${path}{}`,
            `${typeName}Value`,
            derivedMaxLength,
            namePatterns,
          )
        : undefined;
  const fields =
    raw.type === "object"
      ? buildFields(raw.fields, path, typeName, derivedMaxLength, namePatterns)
      : [];
  const maxLength = raw.maxLength ?? (derivedMaxLength.has(path) ? DERIVED_MAX_LENGTH : undefined);
  const kubernetesType = isKubernetesTypeName(raw.type) ? raw.type : undefined;
  const model: FieldModel = {
    name,
    path,
    type: kubernetesType ? "kubernetes" : (raw.type as FieldType),
    required: raw.required === true,
    nullable: raw.nullable === true,
    hasDefault: raw.default !== undefined,
    immutable: immutabilityOf(raw) !== undefined,
    fields,
    rules,
    tsType: tsTypeOf(raw, typeName, items),
  };
  assignDefined(model, {
    kubernetesType,
    immutability: immutabilityOf(raw),
    description: raw.description,
    deprecated: raw.deprecated,
    default: raw.default,
    examples: raw.examples,
    enum: raw.enum,
    format: raw.format,
    minimum: raw.minimum,
    maximum: raw.maximum,
    minLength: raw.minLength,
    maxLength,
    // A field a child's name reads gets the DNS-label pattern that keeps the name valid.
    pattern: raw.pattern ?? namePatterns.get(path),
    minItems: raw.minItems,
    maxItems: raw.maxItems,
    minProperties: raw.minProperties,
    maxProperties: raw.maxProperties,
    items,
    listType: raw.type === "array" ? (raw.listType ?? "atomic") : undefined,
    listMapKeys: raw.listMapKeys,
    mapType: raw.mapType,
    reference: raw.reference !== undefined ? true : undefined,
  });
  return model;
}

function tsTypeOf(raw: RawField, typeName: string, items: FieldModel | undefined): string {
  const nullable = raw.nullable ? " | null" : "";
  if (isKubernetesTypeName(raw.type)) return kubernetesTsType(raw.type).tsType + nullable;
  switch (raw.type) {
    case "string":
      return (raw.enum ? raw.enum.map((v) => JSON.stringify(v)).join(" | ") : "string") + nullable;
    case "integer":
    case "number":
      return (raw.enum ? raw.enum.map((v) => JSON.stringify(v)).join(" | ") : "number") + nullable;
    case "boolean":
      return "boolean" + nullable;
    case "int-or-string":
      return "number | string" + nullable;
    case "free-form":
      return "Record<string, unknown>" + nullable;
    case "any":
      return "unknown";
    case "object":
      return typeName + nullable;
    case "array": {
      const element = items?.tsType ?? "unknown";
      return (/[|&]/.test(element) ? `Array<${element}>` : `${element}[]`) + nullable;
    }
    case "map":
      return `Record<string, ${items?.tsType ?? "unknown"}>` + nullable;
    default:
      throw new Error(`internal error: unknown field type ${raw.type}`);
  }
}

/** Copies only the keys whose value is defined, so models stay free of `key: undefined` noise. */
function assignDefined<T extends object>(target: T, values: Partial<T>): void {
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined) (target as Record<string, unknown>)[key] = value;
  }
}

/** Every field in a tree, depth first, parents before children. */
export function walkFields(fields: readonly FieldModel[]): FieldModel[] {
  return fields.flatMap((f) => [
    f,
    ...(f.items ? walkFields([f.items]) : []),
    ...walkFields(f.fields),
  ]);
}

/**
 * A kubernetes-typed field with the embedded type's structure spelled out as ordinary fields
 * (objects, arrays, maps, int-or-string), for code that needs to build or judge its values.
 * Other fields are returned unchanged.
 */
export function expandedKubernetesField(field: FieldModel): FieldModel {
  if (field.type !== "kubernetes" || !field.kubernetesType) return field;
  const definition = kubernetesFieldDefinition(field.kubernetesType);
  if (!definition)
    throw new Error(`internal error: unknown Kubernetes type ${field.kubernetesType}`);
  const expanded = buildField(
    field.name,
    { ...(definition as unknown as RawField), required: field.required, nullable: field.nullable },
    field.path,
    "Embedded",
    new Set(),
    new Map(),
  );
  return {
    ...expanded,
    rules: field.rules,
    hasDefault: field.hasDefault,
    ...(field.hasDefault ? { default: field.default } : {}),
    ...(field.examples ? { examples: field.examples } : {}),
    tsType: field.tsType,
  };
}
