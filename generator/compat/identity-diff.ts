// How each external resource is identified, old spec against new. Not part of the CRD, but of
// what objects already stored mean: their resources were created and tagged under the old
// identity, and the operator finds them again only under that identity. Resources are matched
// by name; one that is added or removed changes nothing for the others.

import { isObject, obj, objects, str, type RawObject } from "../check/raw-spec.ts";
import type { Change } from "./change.ts";

export function diffIdentity(old: RawObject | undefined, next: RawObject | undefined): Change[] {
  if (old === undefined || next === undefined) return [];
  const out: Change[] = [];
  const before = new Map(objects(old.externalResources).map(([, r]) => [str(r.name), r] as const));
  for (const [i, resource] of objects(next.externalResources)) {
    const name = str(resource.name);
    const previous = name === undefined ? undefined : before.get(name);
    if (previous === undefined) continue;
    const a = identityOf(previous);
    const b = identityOf(resource);
    const at = ["externalResources", i, "identity"];
    if (a.key !== b.key) {
      out.push({
        code: "COMPAT034",
        version: null,
        side: "new",
        specPath: at,
        message: `external resource "${name}" was keyed on ${describe(a.key)} and is now keyed on ${describe(b.key)}: the resources existing objects hold were made and recorded under the old identity, so the operator no longer finds them; it creates (or ${b.key === undefined ? "loses track of" : "adopts or refuses"}) others and leaves the old ones behind`,
        hint: `Keep identity ${a.key === undefined ? "out (the UID)" : `naturalKey: ${a.key}`} for "${name}"; a new identity needs every existing resource re-tagged (or a new external resource beside the old one); or pass --allow-breaking if no cluster has objects yet.`,
      });
    } else if (a.key !== undefined && a.fallback && !b.fallback) {
      out.push({
        code: "COMPAT070",
        version: null,
        side: "new",
        specPath: at,
        message: `external resource "${name}" no longer falls back to metadata.name: objects stored without spec.${a.key} were keyed on their names, and now have no key, so the operator can neither reconcile nor clean up their resources`,
        hint: `Keep fallback: metadata.name, or set spec.${a.key} to its name on every object stored without it before rolling this out.`,
      });
    } else if (a.key !== undefined && a.adoption === "Refuse" && b.adoption === "Adopt") {
      out.push({
        code: "COMPAT016",
        version: null,
        side: "new",
        specPath: [...at, "adoption"],
        message: `external resource "${name}" now adopts existing resources (adoption Refuse → Adopt): objects refused so far with AlreadyExists take over the resource under their key on their next pass, and make it match their spec`,
        hint: `Check the objects with ${name} condition reason AlreadyExists before rolling this out: each will take over the resource it was refused.`,
      });
    }
  }
  return out;
}

function identityOf(resource: RawObject): {
  key?: string;
  adoption: "Adopt" | "Refuse";
  fallback: boolean;
} {
  if (!isObject(resource.identity)) return { adoption: "Refuse", fallback: false };
  const identity = obj(resource.identity);
  const key = str(identity.naturalKey);
  return {
    ...(key !== undefined ? { key } : {}),
    adoption: identity.adoption === "Adopt" ? "Adopt" : "Refuse",
    fallback: identity.fallback !== undefined,
  };
}

function describe(key: string | undefined): string {
  return key === undefined ? "the object's UID" : `spec.${key}`;
}
