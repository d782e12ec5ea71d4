// A change found while walking two CRDs, before it is positioned. Walkers keep the spec path in
// step with the schema (fields → properties, items → items, values → additionalProperties), so
// each change already names the spec node it came from.

import type { Path } from "../check/report.ts";
import type { CompatCode } from "./finding.ts";

export interface Change {
  code: CompatCode;
  /** The served version whose schema changed; null for the CRD as a whole. */
  version: string | null;
  /** "old" for what no longer exists in the new spec: it is pointed at in the previous one. */
  side: "old" | "new";
  /** The spec node; the nearest ancestor that exists is used for the position. */
  specPath: Path;
  message: string;
  /** Specific advice; without it the class's default advice is given. */
  hint?: string;
  /** A field reported as renamed: its name in the previous spec (for the `renamed:` edit). */
  previousName?: string;
}

/** Where a walk is: the spec path of the node, and how an object's field reads in messages. */
export interface Location {
  spec: Path;
  /** The object path a user writes, e.g. spec.backup.retentionDays or spec.tags[*]. */
  field: string;
  /** Under a node the spec does not describe field by field (status.conditions): no deeper paths. */
  opaque?: boolean;
}

export const ROOT: Location = { spec: [], field: "" };

export function propertyLocation(parent: Location, name: string): Location {
  const field = parent.field === "" ? name : `${parent.field}.${name}`;
  if (parent.opaque) return { ...parent, field };
  if (parent.spec.length === 0) {
    // apiVersion, kind and metadata are fixed; spec and status are the spec's own sections.
    return name === "spec" || name === "status"
      ? { spec: [name], field }
      : { spec: [], field, opaque: true };
  }
  if (parent.spec.length === 1 && parent.spec[0] === "status") {
    if (name === "phase") return { spec: ["status", "phases"], field, opaque: true };
    if (name === "conditions") return { spec: ["status", "conditions"], field, opaque: true };
    if (name === "observedGeneration") return { spec: ["status"], field, opaque: true };
  }
  return { spec: [...parent.spec, "fields", name], field };
}

export function itemsLocation(parent: Location): Location {
  const field = `${parent.field}[*]`;
  return parent.opaque ? { ...parent, field } : { spec: [...parent.spec, "items"], field };
}

export function valuesLocation(parent: Location): Location {
  const field = `${parent.field}.<key>`;
  return parent.opaque ? { ...parent, field } : { spec: [...parent.spec, "values"], field };
}

/** A spec key under the node (e.g. maxLength), unless the node is not described by the spec. */
export function keyPath(at: Location, key: string | number, ...more: (string | number)[]): Path {
  return at.opaque ? at.spec : [...at.spec, key, ...more];
}

/** A value as the message quotes it: short, one line. */
export function show(value: unknown): string {
  if (value === undefined) return "(none)";
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
