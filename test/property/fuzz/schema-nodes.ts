// Every node of a spec document paired with the part of schema/operator-spec.schema.json that
// describes it, so mutations know what a node must be (its type, required keys, bounds) and can
// break exactly that.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../../support.ts";

export type SchemaNode = Record<string, any>;
export type Path = Array<string | number>;

const ROOT: SchemaNode = JSON.parse(
  readFileSync(join(REPO_ROOT, "schema", "operator-spec.schema.json"), "utf8"),
);

function resolve(schema: SchemaNode | undefined): SchemaNode | undefined {
  let current = schema;
  while (current?.$ref) {
    const { $ref, ...rest } = current;
    current = { ...ROOT.definitions[String($ref).replace("#/definitions/", "")], ...rest };
  }
  return current;
}

export interface DocNode {
  path: Path;
  value: unknown;
  schema: SchemaNode;
}

/** Every node the schema describes, parents first. Values under untyped keys (default, examples) are skipped. */
export function documentNodes(data: unknown): DocNode[] {
  const out: DocNode[] = [];
  const walk = (value: unknown, schema: SchemaNode | undefined, path: Path) => {
    const s = resolve(schema);
    if (!s) return;
    out.push({ path, value, schema: s });
    if (Array.isArray(value)) {
      value.forEach((item, i) => walk(item, s.items, [...path, i]));
    } else if (value !== null && typeof value === "object") {
      for (const [key, child] of Object.entries(value)) {
        const sub =
          s.properties?.[key] ??
          (typeof s.additionalProperties === "object" ? s.additionalProperties : undefined);
        walk(child, sub, [...path, key]);
      }
    }
  };
  walk(data, ROOT, []);
  return out;
}

export function getAt(data: unknown, path: Path): unknown {
  let node: any = data;
  for (const segment of path) node = node?.[segment];
  return node;
}

/** Replaces (or with `undefined`, deletes) the value at a path, in place. */
export function setAt(data: unknown, path: Path, value: unknown): void {
  const parent: any = getAt(data, path.slice(0, -1));
  const key = path[path.length - 1]!;
  if (value === undefined) {
    if (Array.isArray(parent) && typeof key === "number") parent.splice(key, 1);
    else delete parent[key];
  } else parent[key] = value;
}

/** The JSON type a value has, in the schema's vocabulary. */
export function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (Number.isInteger(value)) return "integer";
  return typeof value;
}
