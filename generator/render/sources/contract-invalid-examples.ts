// An invalid rule example of an object is completed to a whole object before it is sent (the API
// server runs no CEL rule on an object that fails the schema), but completing it over the usual
// base can make it valid: `{}` under "exactly one of a or b" over a base that holds `a` is the
// base itself. So the example goes over the members the schema requires and nothing else, unless
// the rule's verdict (where this evaluator can give one) says the usual base keeps it invalid and
// the smaller completion does not.

import type { CelRule, FieldModel } from "../../model/types.ts";
import { overObject } from "../manifests/example-values.ts";
import { fieldRuleVerdict } from "../manifests/rule-verdict.ts";

/** `complete` for an object's invalid examples: a completion the rule under test refuses. */
export function invalidCompletion(
  self: FieldModel,
  base: Record<string, unknown>,
): (example: unknown, rule: CelRule) => unknown {
  const required = Object.fromEntries(
    Object.entries(base).filter(([name]) => self.fields.some((f) => f.name === name && f.required)),
  );
  return (example, rule) => {
    // The fewest additions first: what the usual base adds beyond the required members is what
    // can make the example valid. A completion the rule is known to accept is never sent.
    const candidates = [overObject(required, example), overObject(base, example)];
    const verdicts = candidates.map((c) => fieldRuleVerdict(rule.rule, self, c));
    const index = verdicts.indexOf("rejected");
    return (
      candidates[index >= 0 ? index : verdicts.findIndex((v) => v !== "accepted")] ?? candidates[0]
    );
  };
}
