// children[].when: a child that exists only for some specs. The condition is one spec field: a
// boolean being true, or an optional field being set. resolveWhen is the one reading of the key:
// check reports its problems (SEM239), the model builds the condition from its result.

import { alwaysPresent, resolveSteps } from "./child-name-template.ts";
import { closestMatch } from "./did-you-mean.ts";
import { dottedFieldPaths } from "./field-walk.ts";
import { str, type RawObject } from "./raw-spec.ts";

export type WhenTest = "true" | "present";

export type WhenResolution =
  { ok: true; path: string; test: WhenTest } | { ok: false; message: string; hint: string };

export function resolveWhen(specFields: unknown, when: string): WhenResolution {
  const path = when;
  const steps = resolveSteps(specFields, path);
  if (steps === undefined) {
    const bare = path.startsWith("spec.") ? path.slice("spec.".length) : undefined;
    const match =
      bare !== undefined && resolveSteps(specFields, bare) !== undefined
        ? bare
        : closestMatch(path, dottedFieldPaths(specFields));
    return {
      ok: false,
      message: `when "${when}" is not a spec field`,
      hint: match
        ? `did you mean "${match}"?`
        : "Name a spec field by its dotted path (e.g. tls.enabled).",
    };
  }
  const def: RawObject = steps.at(-1)!;
  if (str(def.type) === "boolean") return { ok: true, path, test: "true" };
  if (steps.every(alwaysPresent))
    return {
      ok: false,
      message: `when "${when}" is ${str(def.type) ?? "a field"} that is always set (required or defaulted), so the condition always holds`,
      hint: "Name a boolean field (the child exists while it is true) or an optional field without a default (while it is set), or drop when.",
    };
  return { ok: true, path, test: "present" };
}
