// A child whose kind each object chooses with a spec field (children[].kinds + kindField), as a
// workload.kind of Deployment | StatefulSet, or external-secrets' target templating a Secret or a
// ConfigMap. One entry lists its kinds; every per-kind rule (built-in or CRD, scope, name limit,
// builder file) applies to each kind as if it were its own child, so the checks and the model read
// a choosing entry through childKindEntries: one single-kind entry per kind, the entry's other keys
// (name, id, creationPolicy) shared. resolveKindField is the one reading of kindField: check
// reports its problems (SEM460–SEM466), the model builds each kind's condition from its result.

import { resolveSteps } from "./child-name-template.ts";
import { closestMatch } from "./did-you-mean.ts";
import { dottedFieldPaths } from "./field-walk.ts";
import { has, isObject, str, type RawObject } from "./raw-spec.ts";

/** One kind a child entry may be: the entry itself, or the entry with one of its kinds merged in. */
export interface ChildKindEntry {
  entry: RawObject;
  /** Where the kind's own keys (apiVersion, kind, plural, scope, crd) are written: [] or ["kinds", j]. */
  at: Array<string | number>;
}

/** The keys a kinds[] item gives for its kind; the entry's other keys are shared by every kind. */
const KIND_KEYS = ["apiVersion", "kind", "plural", "scope", "crd"] as const;

export function isKindChoice(child: RawObject): boolean {
  return Array.isArray(child.kinds);
}

/** Every kind `child` may be, each as a single-kind entry (a non-choosing child is its own). */
export function childKindEntries(child: RawObject): ChildKindEntry[] {
  if (!Array.isArray(child.kinds)) return [{ entry: child, at: [] }];
  const shared = Object.fromEntries(
    Object.entries(child).filter(([key]) => key !== "kinds" && key !== "kindField"),
  );
  return child.kinds.flatMap((item, j) => {
    if (!isObject(item)) return [];
    const own = Object.fromEntries(KIND_KEYS.filter((k) => has(item, k)).map((k) => [k, item[k]]));
    return [{ entry: { ...shared, ...own }, at: ["kinds", j] }];
  });
}

export type KindFieldResolution =
  | {
      ok: true;
      /** The dotted spec path. */
      path: string;
      /** The enum, in order: each value is one of the entry's kinds. */
      values: string[];
      /** The field's default, when it has one (an object that leaves it out chooses it). */
      defaultKind?: string;
    }
  | {
      ok: false;
      code: "SEM461" | "SEM462" | "SEM463" | "SEM464" | "SEM465";
      message: string;
      hint: string;
    };

/** What the kindField of a choosing entry whose kinds are `kinds` (their names) says. */
export function resolveKindField(
  specFields: unknown,
  kindField: string,
  kinds: readonly string[],
): KindFieldResolution {
  const steps = resolveSteps(specFields, kindField);
  if (steps === undefined) {
    const match = closestMatch(kindField, dottedFieldPaths(specFields));
    return {
      ok: false,
      code: "SEM461",
      message: `kindField "${kindField}" is not a spec field`,
      hint: match
        ? `did you mean "${match}"?`
        : "Name a string spec field by its dotted path (e.g. workload.kind) whose enum lists the kinds.",
    };
  }
  const def = steps.at(-1)!;
  const values = Array.isArray(def.enum) ? def.enum : undefined;
  if (
    str(def.type) !== "string" ||
    values === undefined ||
    !values.every((v) => typeof v === "string")
  )
    return {
      ok: false,
      code: "SEM462",
      message: `kindField ${kindField} is not a string field with an enum of kinds`,
      hint: `Give it type: string and enum: [${kinds.join(", ")}]: each object chooses its child's kind by name.`,
    };
  const undeclared = values.find((v) => !kinds.includes(v as string));
  if (undeclared !== undefined)
    return {
      ok: false,
      code: "SEM463",
      message: `kindField ${kindField} may be ${JSON.stringify(undeclared)}, which is none of this child's kinds`,
      hint: `List ${JSON.stringify(undeclared)} under kinds (with its apiVersion), or take it out of the enum: an object choosing it would get no child.`,
    };
  const unlisted = kinds.find((k) => !values.includes(k));
  if (unlisted !== undefined)
    return {
      ok: false,
      code: "SEM464",
      message: `the child's kind ${unlisted} is not in the enum of ${kindField}, so no object can choose it`,
      hint: `Add ${unlisted} to the enum of ${kindField}, or remove it from kinds.`,
    };
  const defaultKind = str(def.default);
  if (def.required !== true && defaultKind === undefined)
    return {
      ok: false,
      code: "SEM465",
      message: `kindField ${kindField} may be left out, and then no kind is chosen`,
      hint: `Make it required, or give it a default (one of ${kinds.join(", ")}), as Deployment for a workload.kind.`,
    };
  return {
    ok: true,
    path: kindField,
    values: values as string[],
    ...(defaultKind !== undefined ? { defaultKind } : {}),
  };
}
