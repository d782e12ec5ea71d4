// An invalid rule example of an object is completed to a whole object before it is sent (the API
// server runs no CEL rule on an object that fails the schema), but completing it over the usual
// base can make it valid: `{}` under "exactly one of a or b" over a base that holds `a` is the
// base itself. So the rule judges each completion, and the first it still refuses is sent: over
// the usual base, then over the members the schema requires and nothing else.

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
    const candidates = [overObject(base, example), overObject(required, example)];
    return (
      candidates.find((c) => fieldRuleVerdict(rule.rule, self, c) === "rejected") ?? candidates[0]
    );
  };
}
