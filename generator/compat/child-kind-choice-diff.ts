// A child that was one kind and whose kind a field now chooses (children[].kinds + kindField):
// every existing owner whose field chooses another kind has its old child deleted on its next pass
// (the old kind is pruned like a when: child) and gets the other kind, with none of the old one's
// state (a StatefulSet's volumes stay under the old object's claims). Safe when the field's
// default is the old kind: the API server reads an existing owner without the field as choosing it.

import { resolveSteps } from "../check/child-name-template.ts";
import { isKindChoice } from "../check/child-kind-choice.ts";
import { obj, objects, str, type RawObject } from "../check/raw-spec.ts";
import type { Change } from "./change.ts";

export function diffChildKindChoices(
  old: RawObject | undefined,
  next: RawObject | undefined,
): Change[] {
  if (old === undefined || next === undefined) return [];
  const oldSingles = objects(old.children)
    .map(([, c]) => c)
    .filter((c) => !isKindChoice(c));
  const out: Change[] = [];
  for (const [i, child] of objects(next.children)) {
    const kindField = str(child.kindField);
    if (!isKindChoice(child) || kindField === undefined) continue;
    const kinds = objects(child.kinds).map(([, k]) => str(k.kind));
    const id = str(child.id);
    const previous = oldSingles.find((c) => kinds.includes(str(c.kind)) && str(c.id) === id);
    const oldKind = str(previous?.kind);
    if (oldKind === undefined) continue;
    const def = resolveSteps(obj(next.spec).fields, kindField)?.at(-1);
    const defaultKind = str(def?.default);
    if (defaultKind === oldKind) continue;
    out.push({
      code: "COMPAT110",
      version: null,
      side: "new",
      specPath: ["children", i, "kindField"],
      message: `the ${oldKind} child's kind is now chosen by spec.${kindField}${defaultKind !== undefined ? ` (${defaultKind} when left out)` : ""}: every owner whose spec.${kindField} chooses another kind has its ${oldKind} deleted on its next pass and gets that kind instead, without the ${oldKind}'s state`,
      hint: `Default spec.${kindField} to ${oldKind} so that existing owners keep their ${oldKind}, or set the field on each owner before rolling this out.`,
    });
  }
  return out;
}
