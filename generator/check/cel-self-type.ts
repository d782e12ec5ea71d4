// The type of a rule's `self`, shared by the type checker and the cost estimate.

import { declTypeOf, objectType, type DeclType } from "./cel-decl-type.ts";
import type { RuleSite } from "./cel-rule-sites.ts";
import { obj } from "./raw-spec.ts";

/** The type of `self`: the field the rule sits on, or for spec.rules the spec object. */
export function selfTypeOf(
  site: RuleSite,
  maxLengthOf?: Parameters<typeof declTypeOf>[2],
): DeclType {
  return site.self.type === undefined
    ? objectType(obj(site.self.fields), site.selfPath, maxLengthOf)
    : declTypeOf(site.self, site.selfPath, maxLengthOf);
}
