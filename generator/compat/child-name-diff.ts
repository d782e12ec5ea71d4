// How each child kind is named, old spec against new. Not part of the CRD, but of the objects that
// live under it: a child named from the spec (children[].name, forEach, count) is found again only
// under the name the spec gives it, so a changed template makes every owner's pass create children
// under the new names and prune the old ones. Children are matched by kind and id (several
// children of one kind carry ids), or by kind alone when the old spec had one child of it (an id
// added). A condition (when:) added or changed prunes the child from owners it no longer holds for.
// A changed creationPolicy changes who owns the objects that exist: released (no ownerReference
// any more), no longer created, or no longer written at all.

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
  const oldChildren = objects(old.children).map(([, c]) => c);
  const matching = (kind: string, id: string | undefined): RawObject | undefined => {
    const ofKind = oldChildren.filter((c) => str(c.kind) === kind);
    return ofKind.find((c) => str(c.id) === id) ?? (ofKind.length === 1 ? ofKind[0] : undefined);
  };
  const out: Change[] = [];
  for (const [i, child] of objects(next.children)) {
    const kind = str(child.kind);
    const previous = kind === undefined ? undefined : matching(kind, str(child.id));
    if (previous === undefined) continue;
    const condition = str(child.when);
    if (condition !== undefined && condition !== str(previous.when))
      out.push({
        code: "COMPAT041",
        version: null,
        side: "new",
        specPath: ["children", i, "when"],
        message: `the ${kind} child now exists only when ${condition}${str(previous.when) !== undefined ? ` (was: when ${str(previous.when)})` : ""}: every owner whose spec does not satisfy it has the child deleted on its next pass`,
        hint: `Set spec.${condition} on the owners that need the ${kind} before rolling this out, or keep the child unconditional.`,
      });
    const policy = str(child.creationPolicy) ?? "Owner";
    const previousPolicy = str(previous.creationPolicy) ?? "Owner";
    if (policy !== previousPolicy) {
      const said = (p: string) => (p === "Owner" ? "Owner (the default)" : p);
      out.push({
        code: "COMPAT075",
        version: null,
        side: "new",
        specPath: ["children", i, child.creationPolicy !== undefined ? "creationPolicy" : "kind"],
        message: `the ${kind} child's creationPolicy was ${said(previousPolicy)} and is now ${said(policy)}: every owner's next pass writes its existing ${kind} objects under the new policy (an Owner child no longer Owner loses its ownerReference and is never pruned or garbage-collected again; Merge and None never create a missing one)`,
        hint: `Keep the policy while owners exist, or roll it out knowing who owns each owner's ${kind} afterwards.`,
      });
    }
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
  const id = str(child.id);
  if (name === undefined)
    return id === undefined
      ? "after its owner (the default)"
      : `<owner>-${id} (the default for id ${id})`;
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
