// Maps what the API server names (a CRD field path, an object field path) back to the node of
// operator.yaml it came from. The CRD is built from the spec by fixed rules (fields →
// properties, items → items, values → additionalProperties, rules → x-kubernetes-validations,
// api → names), so the map walks those rules backwards. Where a name has no counterpart in the
// spec, the walk stops and the nearest ancestor that exists is reported.

import type { Path } from "../check/report.ts";
import type { JSONSchemaProps } from "../render/manifests/schema-types.ts";
import { parseFieldPath, type Segment } from "./field-paths.ts";

type Data = Record<string, unknown>;

const RULE_KEYS = new Set(["rule", "message", "messageExpression", "reason", "fieldPath"]);
const RENAMED: Record<string, string> = {
  "x-kubernetes-list-type": "listType",
  "x-kubernetes-list-map-keys": "listMapKeys",
  "x-kubernetes-map-type": "mapType",
  additionalProperties: "values",
};
const API_NAMES: Record<string, string> = {
  kind: "kind",
  plural: "plural",
  singular: "singular",
  listKind: "kind",
  shortNames: "shortNames",
  categories: "categories",
};

/** Where in the spec a CRD field path points; `crd` is the object that was sent. */
export function crdFieldToSpec(field: string, crd: unknown, data: Data): Path {
  const s = parseFieldPath(field);
  const name = (i: number) => (s[i] && "name" in s[i]! ? (s[i] as { name: string }).name : "");
  const key = (i: number) => (s[i] && "key" in s[i]! ? (s[i] as { key: string }).key : "");
  const versions = (crd as { spec?: { versions?: Array<Record<string, unknown>> } }).spec?.versions;
  if (name(0) === "metadata") return existing(data, ["api", "group"]);
  if (name(0) !== "spec") return [];
  if (name(1) === "validation" && name(2) === "openAPIV3Schema")
    return schemaToSpec(s.slice(3), schemaOf(versions?.[0]), data);
  if (name(1) === "versions") {
    const index = Number(key(2));
    if (name(3) === "schema" && name(4) === "openAPIV3Schema")
      return schemaToSpec(s.slice(5), schemaOf(versions?.[index]), data);
    if (name(3) === "additionalPrinterColumns") {
      const columns = (versions?.[index]?.additionalPrinterColumns ?? []) as Array<{
        name: string;
      }>;
      const column = columns[Number(key(4))]?.name;
      const declared = Array.isArray(data.printerColumns) ? data.printerColumns : [];
      const at = declared.findIndex((c) => (c as { name?: unknown })?.name === column);
      return at === -1
        ? existing(data, ["printerColumns"])
        : existing(data, ["printerColumns", at, ...(name(5) ? [name(5)] : [])]);
    }
    if (name(3) === "subresources") return existing(data, ["api", "scale", name(5)]);
    return existing(data, ["api", "versions", index, name(3)]);
  }
  if (name(1) === "names") {
    const plural = name(2) === "plural" && !has(obj(data.api), "plural") ? "kind" : name(2);
    const target = API_NAMES[plural] ?? plural;
    return existing(data, ["api", target, ...(key(3) ? [Number(key(3))] : [])]);
  }
  if (name(1) === "group" || name(1) === "scope") return existing(data, ["api", name(1)]);
  return existing(data, ["api"]);
}

function schemaOf(version: Record<string, unknown> | undefined): JSONSchemaProps | undefined {
  return (version?.schema as { openAPIV3Schema?: JSONSchemaProps } | undefined)?.openAPIV3Schema;
}

/** Walks schema keywords from openAPIV3Schema down, keeping the spec path in step. */
function schemaToSpec(segments: Segment[], root: JSONSchemaProps | undefined, data: Data): Path {
  let schema = root;
  let path: (string | number)[] = [];
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (!("name" in segment) || schema === undefined) break;
    const next = segments[i + 1];
    const subscript = next && "key" in next ? next.key : undefined;
    if (segment.name === "properties" && subscript !== undefined) {
      i++;
      schema = schema.properties?.[subscript];
      if (path.length === 0) {
        if (subscript !== "spec" && subscript !== "status") return [];
        path = [subscript];
      } else if (path[0] === "status" && path.length === 1 && subscript === "phase") {
        return existing(data, ["status", "phases"]);
      } else if (path[0] === "status" && path.length === 1 && subscript === "conditions") {
        return existing(data, ["status", "conditions"]);
      } else path.push("fields", subscript);
    } else if (segment.name === "items" || segment.name === "additionalProperties") {
      schema = schema[segment.name] as JSONSchemaProps | undefined;
      path.push(segment.name === "items" ? "items" : "values");
    } else if (segment.name === "x-kubernetes-validations" && subscript !== undefined) {
      const rendered = schema["x-kubernetes-validations"]?.[Number(subscript)]?.rule;
      const keyAfter = segments[i + 2];
      const property =
        keyAfter && "name" in keyAfter && RULE_KEYS.has(keyAfter.name) ? [keyAfter.name] : [];
      return existing(data, [...path, ...ruleOrigin(data, path, rendered), ...property]);
    } else if (segment.name === "default") {
      // A default is checked as a whole value: `default.backup.retentionDays` is what the
      // default holds at backup.retentionDays, which the spec declares as that field's default.
      for (const inner of segments.slice(i + 1)) {
        if (!("name" in inner)) break;
        path.push("fields", inner.name);
      }
      return existing(data, [...path, "default"]);
    } else {
      path.push(RENAMED[segment.name] ?? segment.name);
      if (subscript !== undefined && /^\d+$/.test(subscript)) path.push(Number(subscript));
      break;
    }
  }
  return existing(data, path);
}

/** Which spec key a rendered rule comes from: one of the node's rules, or `immutable`. */
function ruleOrigin(data: Data, path: Path, rule: string | undefined): (string | number)[] {
  const rules = valueAt(data, [...path, "rules"]);
  const index = Array.isArray(rules) ? rules.findIndex((r) => obj(r).rule === rule) : -1;
  if (index !== -1) return ["rules", index];
  if (rule === "self == oldSelf") return ["immutable"];
  const removable = /^!has\(oldSelf\.(\w+)\) \|\| has\(self\.\1\)$/.exec(rule ?? "");
  if (removable) return ["fields", removable[1]!, "immutable"];
  return ["rules"];
}

/**
 * Where in the spec an object's field path points (`spec.backup.retentionDays` →
 * spec.fields.backup.fields.retentionDays). When the server's message quotes a rule's message,
 * the rule is named instead: it is what the author has to look at.
 */
export function objectFieldToSpec(field: string, message: string, data: Data): Path {
  const segments = parseFieldPath(field);
  const first = segments[0];
  if (!first || !("name" in first) || (first.name !== "spec" && first.name !== "status"))
    return existing(
      data,
      first && "name" in first && first.name === "metadata" ? ["api", "kind"] : [],
    );
  const path: (string | number)[] = [first.name];
  const visited: Path[] = [[...path]];
  for (const segment of segments.slice(1)) {
    const here = obj(valueAt(data, path));
    if ("name" in segment) path.push("fields", segment.name);
    else if (here.type === "array") path.push("items");
    else if (here.type === "map") path.push("values");
    else break;
    if (valueAt(data, path) === undefined) break;
    visited.push([...path]);
  }
  for (const candidate of [...visited].reverse()) {
    const rules = valueAt(data, [...candidate, "rules"]);
    const index = Array.isArray(rules)
      ? rules.findIndex((r) => {
          const text = obj(r).message;
          return typeof text === "string" && text !== "" && message.includes(text);
        })
      : -1;
    if (index !== -1) return [...candidate, "rules", index];
  }
  return existing(data, visited[visited.length - 1]!);
}

/** The longest prefix of `path` that exists in the document. */
export function existing(data: Data, path: Path): Path {
  for (let n = path.length; n > 0; n--) {
    if (valueAt(data, path.slice(0, n)) !== undefined) return path.slice(0, n);
  }
  return [];
}

export function valueAt(data: unknown, path: Path): unknown {
  let at: unknown = data;
  for (const segment of path) {
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Record<string | number, unknown>)[segment];
  }
  return at;
}

function obj(value: unknown): Data {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Data)
    : {};
}

function has(o: Data, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, key);
}

/** A mapping or list is pointed at by its key, a scalar by its value (as the local checks do). */
export function anchorFor(data: Data, path: Path): "key" | "value" {
  const value = valueAt(data, path);
  return typeof path[path.length - 1] === "string" && value !== null && typeof value === "object"
    ? "key"
    : "value";
}

/**
 * The rule a server message quotes: CEL compile errors print the rule's source (`| self.x >= 1`)
 * even when they are reported at a default that the rule could not check.
 */
export function ruleQuotedIn(message: string, data: Data): Path | undefined {
  const quoted = /^ \| (.*)$/m.exec(message)?.[1];
  if (quoted === undefined) return undefined;
  return rulesIn(data).find(({ rule }) => rule === quoted)?.path;
}

function rulesIn(data: Data): Array<{ rule: string; path: Path }> {
  const found: Array<{ rule: string; path: Path }> = [];
  const visit = (node: unknown, path: (string | number)[]) => {
    const here = obj(node);
    if (Array.isArray(here.rules))
      here.rules.forEach((r, i) => {
        const text = obj(r).rule;
        if (typeof text === "string")
          found.push({ rule: text, path: [...path, "rules", i, "rule"] });
      });
    for (const key of ["items", "values"]) if (here[key]) visit(here[key], [...path, key]);
    for (const [name, field] of Object.entries(obj(here.fields)))
      visit(field, [...path, "fields", name]);
  };
  visit(data.spec, ["spec"]);
  visit(data.status, ["status"]);
  return found;
}
