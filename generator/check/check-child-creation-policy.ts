// Reports what resolveCreationPolicy (child-creation-policy.ts) finds wrong in a child's
// creationPolicy, at the key itself.

import { resolveCreationPolicy } from "./child-creation-policy.ts";
import type { CheckContext } from "./context.ts";
import { obj, objects, str } from "./raw-spec.ts";

export function checkChildCreationPolicy({ data, report }: CheckContext): void {
  const specFields = obj(data.spec).fields;
  for (const [i, child] of objects(data.children)) {
    const policy = str(child.creationPolicy);
    if (policy === undefined) continue;
    const resolved = resolveCreationPolicy(specFields, policy);
    if (!resolved.ok)
      report.error(
        resolved.code,
        ["children", i, "creationPolicy"],
        resolved.message,
        resolved.hint,
      );
  }
}
