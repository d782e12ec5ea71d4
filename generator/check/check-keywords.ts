// A keyword on the wrong type is silently meaningless in a CRD (maxLength on an integer never
// fires), so the user believes in a validation that does not exist. Reject it instead.

import type { CheckContext } from "./context.ts";
import { closestMatch } from "./did-you-mean.ts";
import { childField, SCALAR_TYPES, type FieldVisit } from "./field-walk.ts";
import { has, obj, strings, str } from "./raw-spec.ts";

/** The field types each type-specific keyword applies to; keywords not listed apply to all. */
export const KEYWORD_TYPES: Readonly<Record<string, readonly string[]>> = {
  enum: ["string", "integer", "number", "int-or-string"],
  format: ["string", "integer", "number"],
  minimum: ["integer", "number", "int-or-string"],
  maximum: ["integer", "number", "int-or-string"],
  minLength: ["string", "int-or-string"],
  maxLength: ["string", "int-or-string"],
  pattern: ["string", "int-or-string"],
  minItems: ["array"],
  maxItems: ["array"],
  items: ["array"],
  listType: ["array"],
  listMapKeys: ["array"],
  // x-kubernetes-map-type needs type: object, which objects, maps and free-form fields all are.
  mapType: ["object", "map", "free-form"],
  minProperties: ["object", "map"],
  maxProperties: ["object", "map"],
  values: ["map"],
  fields: ["object"],
};

const FORMAT_TYPES: Readonly<Record<string, string>> = {
  int32: "integer",
  int64: "integer",
  float: "number",
  double: "number",
};

const REQUIRED_PART: Readonly<Record<string, string>> = {
  array: "items",
  map: "values",
  object: "fields",
};

export function checkKeywords({ report, specFields, statusFields }: CheckContext): void {
  for (const v of [...specFields, ...statusFields]) {
    if (!v.type || !(v.type in TYPE_NAMES)) continue;
    checkApplicability(v, report);
    const part = REQUIRED_PART[v.type];
    if (part && !has(v.def, part)) {
      report.error(
        "SEM021",
        v.docPath,
        `${v.type} field "${v.name}" has no ${part}`,
        `Add ${part}: ${part === "fields" ? "the object's fields" : "a field definition"}${v.type === "object" ? ", or use type: free-form for arbitrary JSON" : ""}.`,
        "key",
      );
    }
    if (v.type === "array") checkListType(v, report);
  }
}

const TYPE_NAMES: Readonly<Record<string, true>> = Object.fromEntries(
  [
    "string",
    "integer",
    "number",
    "boolean",
    "object",
    "array",
    "map",
    "int-or-string",
    "free-form",
    "any",
  ].map((t) => [t, true]),
);

function checkApplicability(v: FieldVisit, report: CheckContext["report"]): void {
  for (const keyword of Object.keys(v.def)) {
    const types = KEYWORD_TYPES[keyword];
    if (types && !types.includes(v.type!)) {
      report.error(
        "SEM020",
        [...v.docPath, keyword],
        `${keyword} does not apply to ${withArticle(v.type!)} field`,
        `Remove ${keyword}; it applies to ${types.join(", ")} fields.`,
        "key",
      );
    }
  }
  const format = str(v.def.format);
  if (format && KEYWORD_TYPES.format!.includes(v.type!)) {
    const formatType = FORMAT_TYPES[format] ?? "string";
    if (formatType !== v.type) {
      report.error(
        "SEM020",
        [...v.docPath, "format"],
        `format ${format} does not apply to ${withArticle(v.type!)} field`,
        `format ${format} is for ${formatType} fields.`,
        "value",
      );
    }
  }
}

function checkListType(v: FieldVisit, report: CheckContext["report"]): void {
  const listType = str(v.def.listType);
  const items = obj(v.def.items);
  const itemType = str(items.type);
  if (has(v.def, "listMapKeys") && listType !== "map") {
    report.error(
      "SEM022",
      [...v.docPath, "listMapKeys"],
      "listMapKeys needs listType: map",
      "Add listType: map, or remove listMapKeys.",
      "key",
    );
  }
  if (listType === "map" && !has(v.def, "listMapKeys")) {
    report.error(
      "SEM022",
      [...v.docPath, "listType"],
      "listType map needs listMapKeys",
      "Name the item fields that identify an item, e.g. listMapKeys: [name].",
    );
  }
  if (listType === "map" && itemType && itemType !== "object") {
    report.error(
      "SEM022",
      [...v.docPath, "listType"],
      `listType map needs object items, not ${itemType}`,
      "Use listType: set for unique scalars, or make the items objects.",
    );
  }
  if (listType === "set" && itemType) checkSetItems(v, itemType, report);
  if (listType !== "map" || itemType !== "object") return;
  const keyNames = Object.keys(obj(items.fields));
  for (const [i, key] of strings(v.def.listMapKeys)) {
    const keyField = childField(items, key);
    const path = [...v.docPath, "listMapKeys", i];
    if (!keyField) {
      const match = closestMatch(key, keyNames);
      report.error(
        "SEM023",
        path,
        `list map key "${key}" is not a field of the items`,
        match ? `did you mean "${match}"?` : `Item fields: ${keyNames.join(", ") || "(none)"}.`,
      );
    } else if (!SCALAR_TYPES.has(str(keyField.type) ?? "")) {
      report.error(
        "SEM023",
        path,
        `list map key "${key}" is ${withArticle(str(keyField.type) ?? "untyped")} field; keys must be scalars`,
        "Pick a string, integer or boolean field as the key.",
      );
    } else if (
      keyField.required !== true &&
      (v.section === "status" || !has(keyField, "default"))
    ) {
      report.error(
        "SEM023",
        path,
        v.section === "status"
          ? `list map key "${key}" is not required`
          : `list map key "${key}" is neither required nor defaulted`,
        v.section === "status"
          ? `Add required: true to ${key}: server-side apply cannot merge items without their key, and status fields never default.`
          : `Add required: true (or a default) to ${key}: server-side apply cannot merge items without their key.`,
      );
    } else if (keyField.nullable === true) {
      report.error(
        "SEM023",
        path,
        `list map key "${key}" is nullable`,
        `Remove nullable from ${key}: the API server refuses a nullable list map key, since a null key identifies no item.`,
      );
    }
  }
}

/**
 * Set items must be scalars. The API server's CRD validation also admits objects and maps with
 * x-kubernetes-map-type atomic and atomic lists, but server-side apply (structured-merge-diff)
 * cannot key such items: every object holding one is stored without managedFields. A list of
 * objects identified by fields is listType: map.
 */
function checkSetItems(v: FieldVisit, itemType: string, report: CheckContext["report"]): void {
  if (SCALAR_TYPES.has(itemType)) return;
  report.error(
    "SEM022",
    [...v.docPath, "listType"],
    `listType set needs scalar items, not ${itemType}`,
    `Server-side apply cannot key ${itemType} items by value: the API server accepts such a CRD, then stores every object that holds one without managedFields, so no field ownership is tracked. Use listType: map with listMapKeys${itemType === "object" ? "" : " on object items"}, or atomic.`,
  );
}

function withArticle(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
