// The shape of the custom resource as stored: what a printer column path can name. Built from
// the spec's field definitions plus what every object has (apiVersion, kind, metadata) and what
// the generated controller writes into status (observedGeneration, conditions, phase).

import { adoptsExisting } from "./check-resource-identity.ts";
import { toPascal } from "./derive-names.ts";
import { isObject, obj, objects, str, type RawObject } from "./raw-spec.ts";

export type Shape =
  | { kind: "object"; fields: ReadonlyMap<string, Shape> }
  | { kind: "array"; items: Shape }
  | { kind: "map"; values: Shape }
  /** free-form JSON: anything below is possible. */
  | { kind: "any" }
  | { kind: "scalar"; type: string };

const scalar = (type: string): Shape => ({ kind: "scalar", type });
const object = (fields: Record<string, Shape>): Shape => ({
  kind: "object",
  fields: new Map(Object.entries(fields)),
});
const STRING = scalar("string");
const INTEGER = scalar("integer");

const METADATA = object({
  name: STRING,
  generateName: STRING,
  namespace: STRING,
  uid: STRING,
  resourceVersion: STRING,
  generation: INTEGER,
  creationTimestamp: STRING,
  deletionTimestamp: STRING,
  deletionGracePeriodSeconds: INTEGER,
  labels: { kind: "map", values: STRING },
  annotations: { kind: "map", values: STRING },
  finalizers: { kind: "array", items: STRING },
  ownerReferences: {
    kind: "array",
    items: object({
      apiVersion: STRING,
      kind: STRING,
      name: STRING,
      uid: STRING,
      controller: scalar("boolean"),
      blockOwnerDeletion: scalar("boolean"),
    }),
  },
  managedFields: { kind: "any" },
});

export const CONDITION = object({
  type: STRING,
  status: STRING,
  reason: STRING,
  message: STRING,
  lastTransitionTime: STRING,
  observedGeneration: INTEGER,
});

export function objectShape(data: RawObject): Shape {
  const status = obj(data.status);
  const statusFields: Record<string, Shape> = {
    ...fieldShapes(status.fields),
    conditions: { kind: "array", items: CONDITION },
  };
  // status.observedGeneration: false leaves the field out of the CRD (Argo CD's Application).
  if (status.observedGeneration !== false) statusFields.observedGeneration = INTEGER;
  if (objects(status.phases).length > 0) statusFields.phase = STRING;
  return object({
    apiVersion: STRING,
    kind: STRING,
    metadata: METADATA,
    spec: object(fieldShapes(obj(data.spec).fields)),
    status: object(statusFields),
  });
}

function fieldShapes(fields: unknown): Record<string, Shape> {
  return Object.fromEntries(
    Object.entries(obj(fields)).flatMap(([name, def]): Array<[string, Shape]> =>
      isObject(def) ? [[name, fieldShape(def)]] : [],
    ),
  );
}

function fieldShape(def: RawObject): Shape {
  switch (str(def.type)) {
    case "object":
      return object(fieldShapes(def.fields));
    case "array":
      return {
        kind: "array",
        items: isObject(def.items) ? fieldShape(def.items) : { kind: "any" },
      };
    case "map":
      return {
        kind: "map",
        values: isObject(def.values) ? fieldShape(def.values) : { kind: "any" },
      };
    case "free-form":
    case "any":
    case undefined:
      return { kind: "any" };
    default:
      return scalar(str(def.type)!);
  }
}

/** Condition types the generated controller can write: Ready, the declared ones, one per binding. */
export function conditionTypes(data: RawObject): Set<string> {
  const types = new Set(["Ready"]);
  for (const [, c] of objects(obj(data.status).conditions)) {
    const type = str(c.type);
    if (type) types.add(type);
  }
  for (const [, binding] of objects(data.externalResources)) {
    const name = str(binding.name);
    if (name) types.add(`${toPascal(name)}Ready`);
    if (name && adoptsExisting(data, binding)) types.add(`${toPascal(name)}Adopted`);
  }
  return types;
}
