// How each child kind is named, old spec against new. Not part of the CRD, but of the objects that
// live under it: a child named from the spec (children[].name, forEach, count) is found again only
// under the name the spec gives it, so a changed template makes every owner's pass create children
// under the new names and prune the old ones. Children are matched by kind (one child per kind).

import { objects, str, type RawObject } from "../check/raw-spec.ts";
import type { Change } from "./change.ts";

/** Kinds whose objects hold data under their name: a StatefulSet's volume claims are named after it. */
const STATEFUL_KINDS: ReadonlySet<string> = new Set([
  "StatefulSet",
  "PersistentVolumeClaim",
  "PersistentVolume",
]);

export function diffChildNames(old: RawObject | undefined, next: RawObject | undefined): Change[] {
  if (old === undefined || next === undefined) return [];
  const before = new Map(objects(old.children).map(([, c]) => [str(c.kind), c] as const));
  const out: Change[] = [];
  for (const [i, child] of objects(next.children)) {
    const kind = str(child.kind);
    const previous = kind === undefined ? undefined : before.get(kind);
    if (previous === undefined) continue;
    const a = naming(previous);
    const b = naming(child);
    if (a === b) continue;
    const data = STATEFUL_KINDS.has(kind!)
      ? ` Data does not move: the old ${kind}'s volumes stay under the old name.`
      : "";
    out.push({
      code: "COMPAT040",
      version: null,
      side: "new",
      specPath: ["children", i, child.name !== undefined ? "name" : "kind"],
      message: `the ${kind} child was named ${a} and is now named ${b}: every owner's next pass creates its ${kind} children under the new names${str(child.name) !== undefined ? " and deletes the old ones" : "; the old ones stay until their owner goes"}.${data}`,
      hint: `Keep the ${kind} child's name (${a}) while owners exist, or roll it out knowing each owner's ${kind} objects are replaced.`,
    });
  }
  return out;
}

/** The child's naming as one comparable text: template with forEach or count, or the default. */
function naming(child: RawObject): string {
  const name = str(child.name);
  if (name === undefined) return "after its owner (the default)";
  const forEach = str(child.forEach);
  const count = str(child.count);
  const per =
    forEach !== undefined
      ? ` per spec.${forEach} entry`
      : count !== undefined
        ? ` times spec.${count}`
        : "";
  return `"${name}"${per}`;
}
