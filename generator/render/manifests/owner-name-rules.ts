// Children carry their owner's name: as the `app.kubernetes.io/instance` label value (at most 63
// characters) and as their own name or its prefix (a Service name is a DNS-1035 label). An owner
// whose name breaks those limits would get every child refused with 422 and stay InvalidChild
// forever, so the CRD refuses such a name when the object is created, where the user sees it.

import type { CelRule, OperatorModel } from "../../model/types.ts";

/** Kinds whose object is named exactly like its owner and must be a DNS-1035 label. */
const NAMED_AS_DNS_1035_LABEL: ReadonlySet<string> = new Set(["Service"]);

export function ownerNameRules(model: OperatorModel): CelRule[] {
  if (model.children.length === 0) return [];
  const rules: CelRule[] = [
    {
      rule: "self.metadata.name.size() <= 63",
      message: "metadata.name must be at most 63 characters: children carry it as a label value",
      reason: "FieldValueInvalid",
    },
  ];
  const labelled = model.children.find((c) => NAMED_AS_DNS_1035_LABEL.has(c.kind));
  if (labelled)
    rules.push({
      rule: "self.metadata.name.matches('^[a-z]([-a-z0-9]*[a-z0-9])?$')",
      message: `metadata.name must start with a letter and hold no dots: the ${labelled.kind} child takes it as its name`,
      reason: "FieldValueInvalid",
    });
  return rules;
}
