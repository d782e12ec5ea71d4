// children[].creationPolicy: who owns a child, as external-secrets' ExternalSecret lets the user
// choose with spec.target.creationPolicy. Either one policy fixed in operator.yaml, or the dotted
// path of a string spec field whose enum holds only policies (then each object chooses; absent
// counts as Owner, as upstream). resolveCreationPolicy is the one reading of the key: check
// reports its problems (SEM395–SEM397), the model builds the policy from its result.

import { resolveSteps } from "./child-name-template.ts";
import { closestMatch } from "./did-you-mean.ts";
import { dottedFieldPaths } from "./field-walk.ts";
import { str } from "./raw-spec.ts";

/** As packages/runtime/src/creation-policy.ts applies them; CreateOrMerge is applied as Orphan. */
export const CREATION_POLICIES = ["Owner", "Orphan", "Merge", "None", "CreateOrMerge"] as const;
export type CreationPolicyName = (typeof CREATION_POLICIES)[number];

export type CreationPolicyResolution =
  | { ok: true; kind: "fixed"; policy: CreationPolicyName }
  | { ok: true; kind: "field"; path: string; values: CreationPolicyName[] }
  | { ok: false; code: "SEM395" | "SEM396" | "SEM397"; message: string; hint: string };

const isPolicy = (value: unknown): value is CreationPolicyName =>
  (CREATION_POLICIES as readonly unknown[]).includes(value);

export function resolveCreationPolicy(specFields: unknown, raw: string): CreationPolicyResolution {
  if (raw === "None")
    return {
      ok: false,
      code: "SEM397",
      message: "a child whose creationPolicy is always None is never written",
      hint: "Leave the child out, or read the policy from a spec field so that some objects choose None.",
    };
  if (isPolicy(raw)) return { ok: true, kind: "fixed", policy: raw };
  const steps = resolveSteps(specFields, raw);
  if (steps === undefined) {
    const match = closestMatch(raw, dottedFieldPaths(specFields));
    return {
      ok: false,
      code: "SEM395",
      message: `creationPolicy "${raw}" is neither a policy nor a spec field`,
      hint: match
        ? `did you mean "${match}"?`
        : `Write one of ${CREATION_POLICIES.join(", ")}, or the dotted path of a spec field that holds one (e.g. target.creationPolicy).`,
    };
  }
  const def = steps.at(-1)!;
  const values = Array.isArray(def.enum) ? def.enum : undefined;
  if (str(def.type) !== "string" || values === undefined)
    return {
      ok: false,
      code: "SEM396",
      message: `creationPolicy field ${raw} has no enum of creation policies`,
      hint: `Give it type: string and an enum of the policies each object may choose (${CREATION_POLICIES.join(", ")}).`,
    };
  const stranger = values.find((v) => !isPolicy(v));
  if (stranger !== undefined)
    return {
      ok: false,
      code: "SEM396",
      message: `creationPolicy field ${raw} may be ${JSON.stringify(stranger)}, which is not a creation policy`,
      hint: `Its enum may hold only ${CREATION_POLICIES.join(", ")}.`,
    };
  return { ok: true, kind: "field", path: raw, values: values as CreationPolicyName[] };
}
