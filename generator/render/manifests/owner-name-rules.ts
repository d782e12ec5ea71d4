// Children carry their owner's name: as the `app.kubernetes.io/instance` label value (at most 63
// characters) and as their own name or its prefix (a Service name is a DNS-1035 label). An owner
// whose name breaks those limits would get every child refused with 422 and stay InvalidChild
// forever, so the CRD refuses such a name when the object is created, where the user sees it.
// A name template ({metadata.name}-{item.name}) leaves the owner's name what the rest of the
// child's name does not take, so the bound tightens to the shortest such budget.

import { defaultNameSuffix } from "../../check/child-name-template.ts";
import type { CelRule, OperatorModel } from "../../model/types.ts";

/** Kinds whose object is named exactly like its owner and must be a DNS-1035 label. */
const NAMED_AS_DNS_1035_LABEL: ReadonlySet<string> = new Set(["Service"]);

export function ownerNameRules(model: OperatorModel): CelRule[] {
  if (model.children.length === 0) return [];
  const readers = model.children.filter((c) => c.naming?.pieces.some((p) => p.kind === "owner"));
  // A Service with an id and no template is named <owner>-<id>: a DNS label, so the id takes its share.
  const budgets = [
    ...readers.map((c) => ({ max: c.naming!.ownerNameMax!, kind: c.kind })),
    ...model.children
      .filter(
        (c) => c.naming === undefined && c.id !== undefined && NAMED_AS_DNS_1035_LABEL.has(c.kind),
      )
      .map((c) => ({ max: 63 - defaultNameSuffix(c.kind, c.id).length, kind: c.kind })),
  ];
  const tightest = budgets.reduce<{ max: number; kind?: string }>(
    (best, c) => (c.max < best.max ? c : best),
    { max: 63 },
  );
  const rules: CelRule[] = [
    tightest.kind === undefined
      ? {
          rule: "self.metadata.name.size() <= 63",
          message:
            "metadata.name must be at most 63 characters: children carry it as a label value",
          reason: "FieldValueInvalid",
        }
      : {
          rule: `self.metadata.name.size() <= ${tightest.max}`,
          message: `metadata.name must be at most ${tightest.max} characters: the ${tightest.kind} child's name adds the rest`,
          reason: "FieldValueInvalid",
        },
  ];
  // A Service named after its owner, or any child whose name template reads the owner's name (a
  // name that must stay a DNS label), needs a name without dots that starts with a letter.
  const labelled =
    model.children.find((c) => c.naming === undefined && NAMED_AS_DNS_1035_LABEL.has(c.kind)) ??
    readers[0];
  if (labelled)
    rules.push({
      rule: "self.metadata.name.matches('^[a-z]([-a-z0-9]*[a-z0-9])?$')",
      message: `metadata.name must start with a letter and hold no dots: the ${labelled.kind} child takes it ${labelled.naming ? "into its name" : "as its name"}`,
      reason: "FieldValueInvalid",
    });
  return rules;
}
