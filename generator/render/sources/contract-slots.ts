// Where a value sits in a spec, for the generated API contract tests: every node of the spec tree
// (fields, array items, map values) as a slot that can put a value at its location inside an
// otherwise valid spec, and names that location the way the API server does (spec.records[0].name).
// The server has two notations for map keys: its OpenAPI schema check (kube-openapi) joins them
// with dots (spec.tags.key-1), while CEL rules and list-type checks report apimachinery's
// field.Path, which puts them in brackets, unquoted (spec.tags[key-1]). A slot carries both.

import { expandedKubernetesField } from "../../model/build-fields.ts";
import type { CelRule, FieldModel } from "../../model/types.ts";
import { exampleObject, exampleValue, overObject } from "../manifests/example-values.ts";

export type Spec = Record<string, unknown>;

export interface Slot {
  field: FieldModel;
  /** The location as the schema check reports it, e.g. spec.backup.retentionDays, spec.tags.key-1. */
  path: string;
  /** The location as CEL rules and list-type checks report it (field.Path): spec.tags[key-1]. */
  fieldPath: string;
  /** The whole spec with `value` here and valid example values around it. */
  place: (value: unknown) => Spec;
  /** An object member: the spec without this field (its parent still present). */
  remove?: () => Spec;
  /**
   * The enclosing object, array or map (or the spec root): its CEL rules may read this value, and
   * values from their examples are the only ones known to pass them.
   */
  container?: Container;
  /** Reached through object fields only: transition rules (oldSelf) correlate here. */
  correlated: boolean;
  /**
   * The scale subresource's specReplicasPath: the server reads the value as an int32 replica
   * count and refuses one below 0 or above 2147483647, whatever the schema says.
   */
  scaleReplicas?: boolean;
}

export interface Container {
  path: string;
  fieldPath: string;
  rules: CelRule[];
  place: (value: unknown) => Spec;
}

/** The map key a slot for map values uses. */
export const MAP_KEY = "key-1";

/** Every slot of the spec tree, parents before children, in declaration order. */
export function specSlots(
  fields: readonly FieldModel[],
  minimalSpec: Spec,
  specRules: CelRule[],
): Slot[] {
  // A spec-level rule's example is a whole spec, which may leave out required fields.
  const root = {
    path: "spec",
    fieldPath: "spec",
    rules: specRules,
    place: (value: unknown) => overObject(minimalSpec, value) as Spec,
  };
  return memberSlots(fields, minimalSpec, root, (v) => v, true);
}

function memberSlots(
  fields: readonly FieldModel[],
  base: Spec,
  container: Container,
  placeObject: (value: Spec) => Spec,
  correlated: boolean,
  maxProperties?: number,
): Slot[] {
  return fields.flatMap((field) => {
    const slot: Slot = {
      field,
      path: `${container.path}.${field.name}`,
      fieldPath: `${container.fieldPath}.${field.name}`,
      place: (value) =>
        placeObject(
          withinMaxProperties({ ...base, [field.name]: value }, field.name, fields, maxProperties),
        ),
      remove: () => placeObject(withoutKey(base, field.name)),
      container,
      correlated,
    };
    return [slot, ...childSlots(slot)];
  });
}

/** The slots inside a slot's value: object members, the first array item, one map value. */
function childSlots(slot: Slot): Slot[] {
  const { field } = slot;
  switch (field.type) {
    case "object": {
      // exampleValue prefers the object's default and its rules' valid examples (over the required
      // members), so the members' cases sit in a value the object's own rules accept.
      const example = exampleValue(field);
      const base = isRecord(example)
        ? example
        : exampleObject(field.fields, field.minProperties ?? 0);
      const container = {
        ...containerOf(slot),
        place: (value: unknown) => slot.place(overObject(base, value)),
      };
      return memberSlots(
        field.fields,
        base,
        container,
        (value) => slot.place(value),
        slot.correlated,
        field.maxProperties,
      );
    }
    case "array": {
      const items = field.items!;
      const rest = Array.from({ length: Math.max(0, (field.minItems ?? 0) - 1) }, (_, i) =>
        exampleValue(items, i + 1),
      );
      const item: Slot = {
        field: items,
        path: `${slot.path}[0]`,
        fieldPath: `${slot.fieldPath}[0]`,
        place: (value) => slot.place([value, ...rest]),
        container: containerOf(slot),
        correlated: false,
      };
      return [item, ...childSlots(item)];
    }
    case "map": {
      const values = field.items!;
      const rest = Object.fromEntries(
        Array.from({ length: Math.max(0, (field.minProperties ?? 0) - 1) }, (_, i) => [
          `key-${i + 2}`,
          exampleValue(values, i + 1),
        ]),
      );
      const value: Slot = {
        field: values,
        path: `${slot.path}.${MAP_KEY}`,
        fieldPath: `${slot.fieldPath}[${MAP_KEY}]`,
        place: (v) => slot.place({ [MAP_KEY]: v, ...rest }),
        container: containerOf(slot),
        correlated: false,
      };
      return [value, ...childSlots(value)];
    }
    default:
      return [];
  }
}

function containerOf(slot: Slot): Container {
  const { path, fieldPath, field, place } = slot;
  return { path, fieldPath, rules: field.rules, place };
}

function isRecord(value: unknown): value is Spec {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The object with its optional members other than `kept` left out, last first, until it has at
 * most `maxProperties`: a one-of object (maxProperties: 1) holds the member under test alone, not
 * beside the alternative its example value chose.
 */
function withinMaxProperties(
  object: Spec,
  kept: string,
  fields: readonly FieldModel[],
  maxProperties: number | undefined,
): Spec {
  if (maxProperties === undefined) return object;
  const result = { ...object };
  const optional = fields.filter((f) => !f.required && f.name !== kept).map((f) => f.name);
  for (const name of optional.reverse()) {
    if (Object.keys(result).length <= maxProperties) break;
    delete result[name];
  }
  return result;
}

function withoutKey(object: Spec, key: string): Spec {
  return Object.fromEntries(Object.entries(object).filter(([k]) => k !== key));
}

/**
 * What the API server stores for `value` of these fields: every absent field with a default gets
 * it, and defaulting continues inside defaulted values, as structural defaulting does.
 */
export function serverDefaults(fields: readonly FieldModel[], value: Spec): Spec {
  const result: Spec = { ...value };
  for (const field of fields) {
    if (!Object.hasOwn(result, field.name)) {
      const implied = impliedDefault(field);
      if (implied === undefined) continue;
      result[field.name] = structuredClone(implied);
    }
    result[field.name] = defaultedValue(field, result[field.name]);
  }
  return result;
}

function defaultedValue(field: FieldModel, value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  switch (field.type) {
    case "object":
      return serverDefaults(field.fields, value as Spec);
    case "array":
      return (value as unknown[]).map((item) => defaultedValue(field.items!, item));
    case "map":
      return Object.fromEntries(
        Object.entries(value as Spec).map(([k, v]) => [k, defaultedValue(field.items!, v)]),
      );
    case "kubernetes":
      return upstreamDefaulted(expandedKubernetesField(field), value);
    default:
      return value;
  }
}

/**
 * Defaulting inside an embedded Kubernetes type: only the defaults its upstream schema states
 * (`name: default: ""`, `protocol: default: TCP`); it has no implied `{}` defaults of objects.
 */
function upstreamDefaulted(field: FieldModel, value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => upstreamDefaulted(field.items!, item));
  const entries = Object.entries(value as Spec);
  if (field.type === "map")
    return Object.fromEntries(entries.map(([k, v]) => [k, upstreamDefaulted(field.items!, v)]));
  if (field.type !== "object") return value;
  const result: Spec = { ...(value as Spec) };
  for (const member of field.fields) {
    if (!Object.hasOwn(result, member.name)) {
      if (member.hasDefault) result[member.name] = structuredClone(member.default);
      continue;
    }
    result[member.name] = upstreamDefaulted(member, result[member.name]);
  }
  return result;
}

/** The field's own default: an object left out stays absent (see crd-schema.ts rootDefault). */
export function impliedDefault(field: FieldModel): unknown {
  return field.hasDefault ? field.default : undefined;
}
