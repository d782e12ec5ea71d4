// The API server refuses a CRD whose rules it estimates too costly (see cel-bounds.ts). Here each
// verdict of that estimate becomes a diagnostic with its numbers: a derived maxLength (WARN005),
// a list or map that needs maxItems/maxProperties (SEM060), a rule too costly whatever the bounds
// (SEM105), and all rules together over the CRD's budget (SEM106).

import {
  DERIVED_MAX_LENGTH,
  planCelBounds,
  STATIC_ESTIMATED_COST_LIMIT,
  STATIC_ESTIMATED_CRD_COST_LIMIT,
  stringsNeedingDerivedMaxLength,
  type RuleCost,
} from "./cel-bounds.ts";
import type { CheckContext } from "./context.ts";
import { formatPath, type Path } from "./report.ts";

export function checkCelCost({ data, report }: CheckContext): void {
  const plan = planCelBounds(data);
  for (const v of stringsNeedingDerivedMaxLength(data, plan)) {
    const cost = plan.derived.get(formatPath(v.docPath))!.because[0]!;
    report.warning(
      "WARN005",
      v.docPath,
      `string "${v.name}" has no maxLength, so the CEL rule at ${ruleAt(cost)} has an estimated cost of ${cost.declared}, over the API server's limit of ${STATIC_ESTIMATED_COST_LIMIT}; the CRD gets maxLength: ${DERIVED_MAX_LENGTH}, which brings it to ${cost.bounded}`,
      "Declare maxLength (or an enum) yourself if that limit does not fit.",
      "key",
    );
  }
  const reported = new Set<string>();
  for (const cost of plan.costs) {
    if (cost.bounded <= STATIC_ESTIMATED_COST_LIMIT) continue;
    const containers = unboundedContainersOf(cost);
    if (containers.length === 0) {
      report.error(
        "SEM105",
        cost.site.reportPath,
        `the CEL rule "${cost.site.rule}" has an estimated cost of ${cost.bounded}, over the API server's limit of ${STATIC_ESTIMATED_COST_LIMIT}`,
        "Lower maxItems, maxProperties or maxLength of what the rule reads, or simplify the rule.",
      );
      continue;
    }
    for (const docPath of containers) {
      const key = formatPath(docPath);
      if (reported.has(key)) continue;
      reported.add(key);
      const isList = typeAt(data, docPath) === "array";
      const bound = isList ? "maxItems" : "maxProperties";
      report.error(
        "SEM060",
        docPath,
        `${isList ? "array" : "map"} "${nameOf(docPath)}" has no ${bound}, so the CEL rule at ${ruleAt(cost)} has an estimated cost of ${cost.bounded}, over the API server's limit of ${STATIC_ESTIMATED_COST_LIMIT}`,
        `Add ${bound} to "${nameOf(docPath)}"; the API server multiplies a rule's cost by how often it can run.`,
        "key",
      );
    }
  }
  if (plan.total > STATIC_ESTIMATED_CRD_COST_LIMIT) {
    const top = [...plan.costs].sort((a, b) => b.bounded - a.bounded)[0]!;
    report.error(
      "SEM106",
      top.site.reportPath,
      `the CEL rules together have an estimated cost of ${plan.total}, over the API server's limit of ${STATIC_ESTIMATED_CRD_COST_LIMIT} for one CRD; this rule is the costliest (${top.bounded})`,
      "Bound the lists, maps and strings the rules read, or drop rules.",
    );
  }
}

/** The lists and maps around or inside the rule that have no bound, outermost first. */
function unboundedContainersOf(cost: RuleCost): Path[] {
  const enclosing = cost.site.enclosing
    .filter((c) => typeof (c.type === "array" ? c.def.maxItems : c.def.maxProperties) !== "number")
    .map((c) => c.docPath)
    .reverse();
  const inside = cost.unboundedContainers.flatMap((t) => (t.docPath ? [t.docPath] : []));
  return [...enclosing, ...inside];
}

function ruleAt(cost: RuleCost): string {
  const path = cost.site.reportPath;
  return formatPath(path[path.length - 1] === "rule" ? path.slice(0, -1) : path);
}

/** The field a definition belongs to: the name after the last "fields" segment. */
function nameOf(docPath: Path): string {
  for (let i = docPath.length - 1; i > 0; i--)
    if (docPath[i - 1] === "fields") return String(docPath[i]);
  return String(docPath[docPath.length - 1]);
}

function typeAt(data: unknown, docPath: Path): unknown {
  let node = data;
  for (const s of docPath) node = (node as Record<string | number, unknown> | undefined)?.[s];
  return (node as { type?: unknown } | undefined)?.type;
}
