// Field definitions nest three ways (object fields, array items, map values). Most checks want
// every definition once, with its place in the document and its enclosing definition.

import { isObject, obj, str, type RawObject } from "./raw-spec.ts";
import type { Path } from "./report.ts";

export type Section = "spec" | "status";

export interface FieldVisit {
  def: RawObject;
  /** Where the definition sits in the document, e.g. spec.fields.backup.fields.enabled. */
  docPath: Path;
  /** Path in the custom resource's .spec/.status; array items and map values add no segment. */
  fieldPath: readonly string[];
  /** Property name; array items and map values carry their container's name. */
  name: string;
  role: "field" | "items" | "values";
  /** Field names with "[]" for array items and "{}" for map values, as the model writes paths. */
  steps: readonly string[];
  section: Section;
  parent?: FieldVisit;
  type: string | undefined;
}

/**
 * Every definition under spec.fields or status.fields, parents before children. `root` reads
 * another field map of the same language instead (topLevel.fields, visited as spec-like fields,
 * for checks that hold for every field, such as its name).
 */
export function walkFields(
  data: RawObject,
  section: Section,
  root: "spec" | "status" | "topLevel" = section,
): FieldVisit[] {
  const visits: FieldVisit[] = [];
  const visitMap = (fields: unknown, parent: FieldVisit | undefined) => {
    for (const [name, def] of Object.entries(obj(fields))) {
      const docPath = parent ? [...parent.docPath, "fields", name] : [root, "fields", name];
      visit(
        def,
        docPath,
        [...(parent?.fieldPath ?? []), name],
        [...(parent?.steps ?? []), name],
        name,
        "field",
        parent,
      );
    }
  };
  const visit = (
    def: unknown,
    docPath: Path,
    fieldPath: readonly string[],
    steps: readonly string[],
    name: string,
    role: FieldVisit["role"],
    parent?: FieldVisit,
  ) => {
    if (!isObject(def)) return;
    const v: FieldVisit = {
      def,
      docPath,
      fieldPath,
      steps,
      name,
      role,
      section,
      type: str(def.type),
    };
    if (parent) v.parent = parent;
    visits.push(v);
    visitMap(def.fields, v);
    visit(def.items, [...docPath, "items"], fieldPath, [...steps, "[]"], name, "items", v);
    visit(def.values, [...docPath, "values"], fieldPath, [...steps, "{}"], name, "values", v);
  };
  visitMap(obj(data[root]).fields, undefined);
  return visits;
}

/** A child field of an object definition, when the definition has one of that name. */
export function childField(def: RawObject | undefined, name: string): RawObject | undefined {
  const child = obj(def?.fields)[name];
  return isObject(child) ? child : undefined;
}

/** Resolves a dotted path (backup.retentionDays) through object fields from a field map. */
export function resolveFieldPath(fields: unknown, dotted: string): RawObject | undefined {
  let current: RawObject | undefined = { fields };
  for (const segment of dotted.split(".")) {
    current = childField(current, segment);
    if (!current) return undefined;
  }
  return current;
}

/** Every dotted path reachable through object fields, for did-you-mean suggestions. */
export function dottedFieldPaths(fields: unknown, prefix = ""): string[] {
  return Object.entries(obj(fields)).flatMap(([name, def]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    return [path, ...dottedFieldPaths(obj(def).fields, path)];
  });
}

export const SCALAR_TYPES: ReadonlySet<string> = new Set([
  "string",
  "integer",
  "number",
  "boolean",
  "int-or-string",
]);
