// What converting between the hub (the storage version) and each other version means, derived from
// the field tree: fields both have (copied, under their name in each), fields only one has (kept
// in the conversion-data annotation while the object is in the other version, so round trips are
// lossless, as Cluster API does), and fields whose type changed (a user hook converts them). The
// runtime's declarative converter executes the plan; nothing per field is hand-written but hooks.

import { placeFields, type PlacedField } from "../base/field-evolution.ts";
import type { FieldModel, FieldType, OperatorModel, VersionSchema } from "./types.ts";
import { webhookModel, type WebhookModel } from "./webhook-certificates.ts";

export interface FieldCopy {
  /** Dotted path from the object root in the hub, e.g. spec.size. */
  hub: string;
  /** The same field's path in the version, e.g. spec.instanceClass. */
  version: string;
  /**
   * An object whose members have plans of their own: only its presence is copied (an empty
   * object stays an empty object), its members move one by one.
   */
  object: boolean;
  /**
   * A list or map whose items (values) have fields that differ between the two sides: each
   * element is converted with this plan, its paths from the element's root.
   */
  each?: ElementPlan;
}

export interface ElementPlan {
  kind: "items" | "values";
  /**
   * listType: map keys. What an item cannot hold in the other version is kept by its key, so an
   * old client may reorder, add and remove items; without keys (maps: by their key) by index.
   */
  keys?: string[];
  copy: FieldCopy[];
  hubOnly: string[];
  versionOnly: string[];
}

export interface HookedField {
  hub: string;
  version: string;
  /** Each side's JSON type, which the runtime checks a hook's result against (when it can). */
  types: { hub?: JsonFieldType; version?: JsonFieldType };
}

/** The runtime's FieldType: a field's JSON type as its schema declares it. */
export interface JsonFieldType {
  type: "string" | "integer" | "number" | "boolean" | "object" | "array";
  nullable?: true;
}

export interface SpokePlan {
  version: string;
  copy: FieldCopy[];
  /** Hub paths the version cannot hold. */
  hubOnly: string[];
  /** Version paths the hub cannot hold. */
  versionOnly: string[];
  hooked: HookedField[];
}

export interface ConversionModel {
  /** Where an object keeps the fields its version cannot hold: <group>/conversion-data. */
  annotation: string;
  hub: string;
  spokes: SpokePlan[];
  /** Webhook when some version's objects differ from the hub's by more than apiVersion. */
  strategy: "Webhook" | "None";
  webhook: WebhookModel;
}

/** The parts of a version's model its CRD schema is made of. */
export function versionSchemaOf(model: OperatorModel): VersionSchema {
  return {
    spec: model.spec,
    statusFields: model.status.fields,
    printerColumns: model.printerColumns,
    selectableFields: model.selectableFields,
    ...(model.api.scale ? { scale: model.api.scale } : {}),
  };
}

export function buildConversion(data: unknown, model: OperatorModel, hub: string): ConversionModel {
  const spokes = model.api.versions
    .filter((version) => version.name !== hub)
    .map((version) =>
      spokePlan(data, hub, version.name, model, version.schema ?? versionSchemaOf(model)),
    );
  const identity = spokes.every((spoke) => spoke.hooked.length === 0 && isIdentity(spoke));
  return {
    annotation: `${model.api.group}/conversion-data`,
    hub,
    spokes,
    strategy: identity ? "None" : "Webhook",
    webhook: webhookModel(data, model),
  };
}

function spokePlan(
  data: unknown,
  hub: string,
  version: string,
  hubModel: OperatorModel,
  schema: VersionSchema,
): SpokePlan {
  const plan: SpokePlan = { version, copy: [], hubOnly: [], versionOnly: [], hooked: [] };
  const root = (data ?? {}) as Record<string, { fields?: unknown } | undefined>;
  for (const section of ["spec", "status"] as const) {
    const typeOf = (side: "hub" | "version", path: string[]) =>
      jsonType(fieldIn(side === "hub" ? versionSchemaOf(hubModel) : schema, section, path), side);
    treePlan(root[section]?.fields, hub, version, `${section}.`, plan, typeOf);
  }
  return plan;
}

/** Whether converting with the plan changes nothing but apiVersion. */
function isIdentity(plan: Omit<SpokePlan, "version" | "hooked"> & { hooked?: unknown[] }) {
  return (
    plan.hubOnly.length === 0 &&
    plan.versionOnly.length === 0 &&
    (plan.hooked ?? []).length === 0 &&
    plan.copy.every((copy) => copy.hub === copy.version && copy.each === undefined)
  );
}

/**
 * The plan of one field tree (a section, or the items of one list): its paths get `prefix`. An
 * element tree has no hooks (check refuses them there), so `typeOf` is only asked at the top.
 */
function treePlan(
  fields: unknown,
  hub: string,
  version: string,
  prefix: string,
  plan: Omit<SpokePlan, "version">,
  typeOf: (side: "hub" | "version", path: string[]) => object,
): void {
  const inHub = byTreePath(placeFields(fields, hub));
  const inVersion = byTreePath(placeFields(fields, version));
  const at = (field: PlacedField) => `${prefix}${field.path.join(".")}`;
  for (const [treePath, h] of inHub) {
    const v = inVersion.get(treePath);
    if (v === undefined) {
      // A member of an object the version lacks is kept with the object, unless it moved out.
      if (!hasAncestor(inHub, inVersion, treePath, "hub")) plan.hubOnly.push(at(h));
      continue;
    }
    if (h.retyped !== v.retyped || (h.retyped && h.def.type !== v.def.type)) {
      plan.hooked.push({
        hub: at(h),
        version: at(v),
        types: { ...typeOf("hub", h.path), ...typeOf("version", v.path) },
      });
      continue;
    }
    const copy: FieldCopy = {
      hub: at(h),
      version: at(v),
      object: h.hasChildren && v.hasChildren,
    };
    const each = elementPlan(h.def, hub, version);
    if (each !== undefined) copy.each = each;
    plan.copy.push(copy);
  }
  for (const [treePath, v] of inVersion) {
    if (inHub.has(treePath)) continue;
    if (!hasAncestor(inVersion, inHub, treePath, "version")) plan.versionOnly.push(at(v));
  }
}

/** The plan for each item (value) of a list (map) field, when its fields differ by version. */
function elementPlan(def: Record<string, unknown>, hub: string, version: string) {
  for (const kind of ["items", "values"] as const) {
    const element = def[kind] as { fields?: unknown } | undefined;
    if (element === null || typeof element !== "object" || element.fields === undefined) continue;
    const plan: Omit<SpokePlan, "version"> = { copy: [], hubOnly: [], versionOnly: [], hooked: [] };
    treePlan(element.fields, hub, version, "", plan, () => ({}));
    if (isIdentity(plan)) return undefined;
    const keys = Array.isArray(def.listMapKeys) ? (def.listMapKeys as string[]) : undefined;
    const { hooked: _hooked, ...rest } = plan;
    const result: ElementPlan = { kind, ...(kind === "items" && keys ? { keys } : {}), ...rest };
    return result;
  }
  return undefined;
}

function byTreePath(fields: PlacedField[]): Map<string, PlacedField> {
  return new Map(fields.map((field) => [field.treePath, field]));
}

/**
 * Whether an ancestor of `treePath` is also only on this side, so it is kept whole already. A
 * member that moved out of the ancestor (present on both sides) has its own copy.
 */
function hasAncestor(
  side: Map<string, PlacedField>,
  other: Map<string, PlacedField>,
  treePath: string,
  _which: "hub" | "version",
): boolean {
  const segments = treePath.split(".");
  for (let n = segments.length - 1; n > 0; n--) {
    const ancestor = segments.slice(0, n).join(".");
    if (side.has(ancestor) && !other.has(ancestor)) return true;
  }
  return false;
}

function fieldIn(
  schema: VersionSchema,
  section: "spec" | "status",
  path: string[],
): FieldModel | undefined {
  let fields = section === "spec" ? schema.spec.fields : schema.statusFields;
  let field: FieldModel | undefined;
  for (const segment of path) {
    field = fields.find((f) => f.name === segment);
    if (!field) return undefined;
    fields = field.fields;
  }
  return field;
}

/** `{ [side]: type }` for the JSON types the runtime can check; nothing for the open ones. */
function jsonType(field: FieldModel | undefined, side: "hub" | "version") {
  const checked: Partial<Record<FieldType, JsonFieldType["type"]>> = {
    string: "string",
    integer: "integer",
    number: "number",
    boolean: "boolean",
    object: "object",
    map: "object",
    array: "array",
  };
  const type = field ? checked[field.type] : undefined;
  if (type === undefined) return {};
  return { [side]: { type, ...(field!.nullable ? { nullable: true as const } : {}) } };
}
