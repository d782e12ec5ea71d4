// Children are named after their owner: their own name is the owner's, with a suffix, or a name
// template reads it. An owner whose name breaks a child kind's limits would get that child refused
// with 422 and stay InvalidChild forever, so the CRD refuses such a name when the object is
// created, where the user sees it. The bound is only as tight as the children need: each kind's
// own limit (a Secret's name is a 253-character DNS subdomain, a Deployment's is kept a 63-character
// label) less what the rest of its name takes. Children also carry the owner's name as the
// app.kubernetes.io/instance label value, but a longer name is hashed there (selectorLabels), so
// the label restricts nothing.

import {
  defaultNameSuffix,
  isDns1035Kind,
  isDnsSubdomainKind,
  nameLimit,
} from "../../check/child-name-template.ts";
import type { CelRule, ChildModel, OperatorModel } from "../../model/types.ts";

/** The longest name the API server lets any object have (a DNS subdomain). */
const OBJECT_NAME_MAX = 253;

const LABEL_STARTING_WITH_LETTER = "^[a-z]([-a-z0-9]*[a-z0-9])?$";
const LABEL = "^[a-z0-9]([-a-z0-9]*[a-z0-9])?$";

/** What the children leave of an owner's name: its longest length and the form it must have. */
export interface OwnerNameBounds {
  /** 253 when no child restricts it. */
  max: number;
  /** The child whose name sets max, if any. */
  maxKind?: string;
  /** subdomain: any object name; label: no dots; dns1035: no dots and a letter first. */
  form: "subdomain" | "label" | "dns1035";
  /** The child whose name sets form, if any. */
  formChild?: ChildModel;
}

export function ownerNameBounds(model: OperatorModel): OwnerNameBounds {
  const readsOwner = (c: ChildModel): boolean =>
    c.naming?.pieces.some(
      (p) => p.kind === "owner" || (p.kind === "spec" && p.fallback !== undefined),
    ) === true;
  const readers = model.children.filter(readsOwner);
  const named = model.children.filter((c) => c.naming === undefined);
  const budgets = [
    ...readers.map((c) => ({ max: c.naming!.ownerNameMax!, kind: c.kind })),
    // Without a template: <owner><suffix>, within the kind's limit.
    ...named.map((c) => ({
      max: nameLimit(c.kind) - defaultNameSuffix(c.kind, c.id).length,
      kind: c.kind,
    })),
  ];
  const tightest = budgets.reduce<{ max: number; kind?: string }>(
    (best, c) => (c.max < best.max ? c : best),
    { max: OBJECT_NAME_MAX },
  );
  // A Service named after its owner, or whose name starts with the owner's, needs a name that
  // starts with a letter (DNS-1035); any other child that puts the owner's name into a name kept a
  // DNS label needs one without dots. A Secret or ConfigMap takes the owner's name as it is.
  const startsWithOwner = (c: ChildModel): boolean => {
    const first = c.naming?.pieces[0];
    return first?.kind === "owner" || (first?.kind === "spec" && first.fallback !== undefined);
  };
  const letterFirst =
    named.find((c) => isDns1035Kind(c.kind)) ??
    readers.find((c) => isDns1035Kind(c.kind) && startsWithOwner(c));
  const labelled = readers.find((c) => !isDnsSubdomainKind(c.kind));
  const formChild = letterFirst ?? labelled;
  return {
    max: tightest.max,
    ...(tightest.kind !== undefined ? { maxKind: tightest.kind } : {}),
    form: letterFirst ? "dns1035" : labelled ? "label" : "subdomain",
    ...(formChild ? { formChild } : {}),
  };
}

export function ownerNameRules(model: OperatorModel): CelRule[] {
  if (model.children.length === 0) return [];
  const bounds = ownerNameBounds(model);
  const rules: CelRule[] = [];
  if (bounds.maxKind !== undefined)
    rules.push({
      rule: `self.metadata.name.size() <= ${bounds.max}`,
      message: `metadata.name must be at most ${bounds.max} characters: the ${bounds.maxKind} child's name holds it${bounds.max < nameLimit(bounds.maxKind) ? " and adds the rest" : ""}`,
      reason: "FieldValueInvalid",
    });
  const child = bounds.formChild;
  if (child)
    rules.push({
      rule: `self.metadata.name.matches('${bounds.form === "dns1035" ? LABEL_STARTING_WITH_LETTER : LABEL}')`,
      message: `metadata.name must ${bounds.form === "dns1035" ? "start with a letter and " : ""}hold no dots: the ${child.kind} child takes it ${child.naming ? "into its name" : "as its name"}`,
      reason: "FieldValueInvalid",
    });
  return rules;
}
