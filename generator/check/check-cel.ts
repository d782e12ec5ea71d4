// The API server multiplies a rule's cost by the number of times it can run: once per item of
// every enclosing list or map. Without maxItems/maxProperties that number is unbounded and the
// CRD is rejected, so say so here, at the list that needs the bound.

import { DERIVED_MAX_LENGTH, hasCelRule, stringsNeedingDerivedMaxLength } from "./cel-bounds.ts";
import type { CheckContext } from "./context.ts";
import type { FieldVisit } from "./field-walk.ts";
import { has } from "./raw-spec.ts";
import { formatPath } from "./report.ts";

export function checkCelCost({ data, report, specFields, statusFields }: CheckContext): void {
  const reported = new Set<FieldVisit>();
  for (const v of [...specFields, ...statusFields]) {
    if (!hasCelRule(v.def)) continue;
    for (const container of unboundedContainers(v)) {
      if (reported.has(container)) continue;
      reported.add(container);
      const bound = container.type === "array" ? "maxItems" : "maxProperties";
      const where = formatPath([
        ...v.docPath,
        ...(v.def.immutable === true ? ["immutable"] : ["rules"]),
      ]);
      report.error(
        "SEM060",
        container.docPath,
        `${container.type} "${container.name}" has no ${bound}, so the CEL rule at ${where} has unbounded cost`,
        `Add ${bound} to "${container.name}"; the API server rejects rules whose cost it cannot bound.`,
        "key",
      );
    }
  }
  for (const v of stringsNeedingDerivedMaxLength(data)) {
    report.warning(
      "WARN005",
      v.docPath,
      `string "${v.name}" is used by a CEL rule and has no maxLength; the CRD gets maxLength: ${DERIVED_MAX_LENGTH} so the rule's cost is bounded`,
      "Declare maxLength (or an enum) yourself if that limit does not fit.",
      "key",
    );
  }
}

/** The rule's own list/map (when it is one) and every list/map the rule sits inside. */
function unboundedContainers(v: FieldVisit): FieldVisit[] {
  const containers: FieldVisit[] = [];
  const consider = (c: FieldVisit) => {
    if (
      (c.type === "array" && !has(c.def, "maxItems")) ||
      (c.type === "map" && !has(c.def, "maxProperties"))
    )
      containers.push(c);
  };
  consider(v);
  for (let node: FieldVisit | undefined = v; node?.parent; node = node.parent) {
    if (node.role !== "field") consider(node.parent);
  }
  return containers;
}
