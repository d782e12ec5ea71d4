// The CEL type of a field definition, as the API server derives it from the CRD schema the
// generator writes (k8s.io/apiserver pkg/cel/common/schemas.go SchemaDeclType). Both the type
// checker and the cost estimator read it, so a rule is judged against exactly what the server sees:
// the same field names, the same element types, and the same size limits.

import { kubernetesFieldDefinition } from "../base/kubernetes-types/as-field.ts";
import { isKubernetesTypeName } from "../base/kubernetes-types/catalog.ts";
import { escapeCelFieldName } from "./cel-field-names.ts";
import { arr, isObject, obj, str, type RawObject } from "./raw-spec.ts";
import type { Path } from "./report.ts";

/** celconfig.MaxRequestSizeBytes: the largest request the API server accepts. */
export const MAX_REQUEST_SIZE_BYTES = 3 * 1024 * 1024;

export type DeclKind =
  | "object"
  | "list"
  | "map"
  | "string"
  | "bytes"
  | "int"
  | "double"
  | "bool"
  | "dyn"
  | "timestamp"
  | "duration";

export interface DeclField {
  /** The name as written in the spec; the DeclType map is keyed by the CEL (escaped) name. */
  name: string;
  type: DeclType;
  required: boolean;
  /** What the API server fills in when the field is missing (it defaults before it validates). */
  default?: unknown;
}

export interface DeclType {
  kind: DeclKind;
  /** Object fields by their CEL name. */
  fields?: Map<string, DeclField>;
  /** List items or map values. */
  elem?: DeclType;
  /** Longest string (in bytes: 4 per character of maxLength), most list items or map entries. */
  maxElements: number;
  /** Smallest JSON serialization of a value: what bounds how often it can repeat in a request. */
  minSerializedSize: number;
  /** The definition this type came from (undefined for map keys). */
  docPath?: Path;
  /** A string whose size only the request limit bounds: no maxLength, enum or bounding format. */
  unboundedString?: boolean;
  /** A list without maxItems or a map without maxProperties. */
  unboundedContainer?: boolean;
}

/** Map keys: apiservercel.StringType, which carries no MaxElements, so the estimator sizes them 0. */
const MAP_KEY: DeclType = { kind: "string", maxElements: 0, minSerializedSize: 2 };

/**
 * @param maxLengthOf the maxLength the generated CRD gives a definition (declared or derived);
 *   defaults to the declared one.
 */
export function declTypeOf(
  def: RawObject,
  docPath: Path,
  maxLengthOf: (def: RawObject, docPath: Path) => number | undefined = declaredMaxLength,
): DeclType {
  const at = <T extends DeclType>(t: T): T => ({ ...t, docPath });
  const kubernetesType = str(def.type);
  if (isKubernetesTypeName(kubernetesType)) {
    // The upstream schema as the CRD carries it: no maxLength can be derived on it or inside it,
    // so its types carry no docPath (which is what cel-bounds.ts would derive one at).
    const embedded = kubernetesFieldDefinition(kubernetesType);
    return embedded
      ? withoutDocPaths(declTypeOf(embedded, docPath))
      : at({ kind: "dyn", maxElements: 0, minSerializedSize: 1 });
  }
  const maxLength = maxLengthOf(def, docPath);
  switch (str(def.type)) {
    case "boolean":
      return at({ kind: "bool", maxElements: 0, minSerializedSize: 4 });
    case "integer":
      return at({ kind: "int", maxElements: 0, minSerializedSize: 1 });
    case "number":
      return at({ kind: "double", maxElements: 0, minSerializedSize: 1 });
    case "int-or-string":
      return at({
        kind: "dyn",
        maxElements: maxLength !== undefined ? maxLength * 4 : MAX_REQUEST_SIZE_BYTES - 2,
        minSerializedSize: 1,
      });
    case "string":
      return at(stringType(def, maxLength));
    case "free-form":
      // type: object with x-kubernetes-preserve-unknown-fields and no properties: an object
      // without declared fields, so `self.x.anything` does not compile on the server either.
      return at({ kind: "object", fields: new Map(), maxElements: 0, minSerializedSize: 2 });
    case "array": {
      const elem = isObject(def.items)
        ? declTypeOf(def.items, [...docPath, "items"], maxLengthOf)
        : undefined;
      if (!elem) return at({ kind: "dyn", maxElements: 0, minSerializedSize: 1 });
      return at({
        kind: "list",
        elem,
        maxElements: boundOr(
          def.maxItems,
          (MAX_REQUEST_SIZE_BYTES - 2) / (elem.minSerializedSize + 1),
        ),
        minSerializedSize: 2,
        ...(typeof def.maxItems === "number" ? {} : { unboundedContainer: true }),
      });
    }
    case "map": {
      const elem = isObject(def.values)
        ? declTypeOf(def.values, [...docPath, "values"], maxLengthOf)
        : declTypeOf({ type: "string" }, [...docPath, "values"], maxLengthOf);
      return at({
        kind: "map",
        elem,
        maxElements: boundOr(
          def.maxProperties,
          (MAX_REQUEST_SIZE_BYTES - 2) / (elem.minSerializedSize + 6),
        ),
        minSerializedSize: 2,
        ...(typeof def.maxProperties === "number" ? {} : { unboundedContainer: true }),
        ...(typeof def.maxProperties === "number" ? {} : { unboundedContainer: true }),
      });
    }
    case "object":
      return at(objectType(obj(def.fields), docPath, maxLengthOf));
    default:
      return at({ kind: "dyn", maxElements: 0, minSerializedSize: 1 });
  }
}

function withoutDocPaths(type: DeclType): DeclType {
  const { docPath: _docPath, ...rest } = type;
  const out: DeclType = { ...rest };
  if (type.elem) out.elem = withoutDocPaths(type.elem);
  if (type.fields)
    out.fields = new Map(
      [...type.fields].map(([name, field]) => [
        name,
        { ...field, type: withoutDocPaths(field.type) },
      ]),
    );
  return out;
}

/** The type of an object with these fields (spec and status roots, and `type: object` fields). */
export function objectType(
  fields: RawObject,
  docPath: Path,
  maxLengthOf: (def: RawObject, docPath: Path) => number | undefined = declaredMaxLength,
): DeclType {
  const declared = new Map<string, DeclField>();
  let minSerializedSize = 2;
  for (const [name, def] of Object.entries(fields)) {
    if (!isObject(def)) continue;
    const type = declTypeOf(def, [...docPath, "fields", name], maxLengthOf);
    const required = def.required === true;
    const celName = escapeCelFieldName(name);
    if (celName !== undefined)
      declared.set(celName, {
        name,
        type,
        required,
        ...(def.default !== undefined ? { default: def.default } : {}),
      });
    if (required && def.default === undefined)
      minSerializedSize += name.length + type.minSerializedSize + 4;
  }
  return { kind: "object", fields: declared, maxElements: 0, minSerializedSize, docPath };
}

function stringType(def: RawObject, maxLength: number | undefined): DeclType {
  const requestBound = MAX_REQUEST_SIZE_BYTES - 2;
  switch (str(def.format)) {
    case "byte":
      return {
        kind: "bytes",
        maxElements: maxLength ?? requestBound,
        minSerializedSize: 2,
        ...(maxLength === undefined ? { unboundedString: true } : {}),
      };
    case "duration":
      return { kind: "duration", maxElements: 32, minSerializedSize: 3 };
    case "date":
      return { kind: "timestamp", maxElements: 12, minSerializedSize: 12 };
    case "date-time":
      return { kind: "timestamp", maxElements: 32, minSerializedSize: 21 };
  }
  if (maxLength !== undefined)
    return { kind: "string", maxElements: maxLength * 4, minSerializedSize: 2 };
  const enumValues = arr(def.enum).filter((v): v is string => typeof v === "string");
  if (arr(def.enum).length > 0)
    return {
      kind: "string",
      maxElements: Math.max(0, ...enumValues.map((v) => Buffer.byteLength(v))),
      minSerializedSize: 2,
    };
  return { kind: "string", maxElements: requestBound, minSerializedSize: 2, unboundedString: true };
}

/** maxItems/maxProperties when declared, else the most that fit in one request (integer division). */
function boundOr(declared: unknown, estimate: number): number {
  return typeof declared === "number" ? Math.max(0, declared) : Math.floor(estimate);
}

function declaredMaxLength(def: RawObject): number | undefined {
  return typeof def.maxLength === "number" ? def.maxLength : undefined;
}

/** The key type of a map, as the estimator sees it. */
export function mapKeyType(): DeclType {
  return MAP_KEY;
}
