// The API server estimates the worst-case cost of every CEL rule when a CRD is created and refuses
// the CRD when one rule, times the number of times it can run, exceeds StaticEstimatedCostLimit,
// or when all rules together exceed StaticEstimatedCRDCostLimit
// (k8s.io/apiextensions-apiserver pkg/apis/apiextensions/validation). This module makes the same
// estimate for every rule and decides which strings need a maxLength: only those read by a rule
// that would otherwise be over the limit. The model derives exactly these maxLengths, and check
// warns about each with the numbers, so no bound is added that the server does not need.

import { compiledSites } from "./cel-compiled-sites.ts";
import { estimateCost } from "./cel-cost.ts";
import { MAX_REQUEST_SIZE_BYTES, type DeclType } from "./cel-decl-type.ts";
import type { RuleSite } from "./cel-rule-sites.ts";
import { selfTypeOf } from "./cel-self-type.ts";
import { walkFields, type FieldVisit } from "./field-walk.ts";
import { obj, type RawObject } from "./raw-spec.ts";
import { formatPath, type Path } from "./report.ts";

/** maxLength given to a string that a rule needs bounded and that declares no bound of its own. */
export const DERIVED_MAX_LENGTH = 1024;
export const STATIC_ESTIMATED_COST_LIMIT = 10_000_000;
export const STATIC_ESTIMATED_CRD_COST_LIMIT = 100_000_000;

export interface RuleCost {
  site: RuleSite;
  /** How many times the rule can run in one object: enclosing maxItems/maxProperties, or the most that fit in a request. */
  cardinality: number;
  /** Estimated cost with the schema as declared, and with the derived maxLengths. */
  declared: number;
  bounded: number;
  /** The lists and maps without maxItems/maxProperties whose size the estimate depends on. */
  unboundedContainers: DeclType[];
}

export interface CelBoundsPlan {
  /** Strings that get DERIVED_MAX_LENGTH, by their document path (formatPath). */
  derived: Map<string, { docPath: Path; because: RuleCost[] }>;
  costs: RuleCost[];
  total: number;
}

/** Check and model both ask for the plan of the same parsed document, which nobody mutates. */
const plans = new WeakMap<RawObject, CelBoundsPlan>();

export function planCelBounds(data: RawObject): CelBoundsPlan {
  const known = plans.get(data);
  if (known) return known;
  const plan = computePlan(data);
  plans.set(data, plan);
  return plan;
}

function computePlan(data: RawObject): CelBoundsPlan {
  const compiled = compiledSites(data).flatMap(({ site, self, compiled }) =>
    compiled.status === "ok" && estimable(compiled.ast, self) ? [{ site, ast: compiled.ast }] : [],
  );
  const derived = new Map<string, { docPath: Path; because: RuleCost[] }>();
  const estimate = (maxLengthOf?: (def: RawObject, docPath: Path) => number | undefined) =>
    compiled.map(({ site, ast }) => {
      const self = selfTypeOf(site, maxLengthOf);
      const cost = estimateCost(ast, self);
      return { site, cost, self };
    });
  const declared = estimate();
  const overLimit = declared.filter(
    ({ site, cost, self }) => cost.max * cardinalityOf(site, self) > STATIC_ESTIMATED_COST_LIMIT,
  );
  const needing = new Map<string, Path>();
  for (const { cost } of overLimit)
    for (const t of cost.sizedTypes)
      if (t.unboundedString && t.docPath) needing.set(formatPath(t.docPath), t.docPath);
  const withDerived = estimate((def, docPath) =>
    typeof def.maxLength === "number"
      ? def.maxLength
      : needing.has(formatPath(docPath))
        ? DERIVED_MAX_LENGTH
        : undefined,
  );
  const costs = declared.map(({ site, cost, self }, i): RuleCost => {
    const after = withDerived[i]!;
    const cardinality = cardinalityOf(site, self);
    return {
      site,
      cardinality,
      declared: saturate(cost.max * cardinality),
      bounded: saturate(after.cost.max * cardinality),
      unboundedContainers: [...after.cost.sizedTypes].filter((t) => t.unboundedContainer),
    };
  });
  for (const [key, docPath] of needing) {
    const because = costs.filter(
      (c, i) =>
        c.declared > STATIC_ESTIMATED_COST_LIMIT &&
        [...declared[i]!.cost.sizedTypes].some((t) => t.docPath && formatPath(t.docPath) === key),
    );
    derived.set(key, { docPath, because });
  }
  const total = costs.reduce((sum, c) => saturate(sum + c.bounded), 0);
  return { derived, costs, total };
}

/** An AST shape the estimator does not know is left to the server rather than crash the run. */
function estimable(ast: Parameters<typeof estimateCost>[0], self: DeclType): boolean {
  try {
    estimateCost(ast, self);
    return true;
  } catch {
    return false;
  }
}

/**
 * The product of the enclosing lists' maxItems and maps' maxProperties; when one of them is
 * unbounded, the server falls back to how many copies of the smallest value of self fit in the
 * largest request.
 */
function cardinalityOf(site: RuleSite, self: DeclType): number {
  let product = 1;
  for (const container of site.enclosing) {
    const bound = container.type === "array" ? container.def.maxItems : container.def.maxProperties;
    if (typeof bound !== "number")
      return Math.floor(MAX_REQUEST_SIZE_BYTES / (self.minSerializedSize + 1));
    product *= Math.max(0, bound);
  }
  return product;
}

function saturate(n: number): number {
  return Math.min(n, 2 ** 64 - 1);
}

/** Every definition that gets DERIVED_MAX_LENGTH, in document order, as field visits. */
export function stringsNeedingDerivedMaxLength(
  data: RawObject,
  plan = planCelBounds(data),
): FieldVisit[] {
  return [...walkFields(data, "spec"), ...walkFields(data, "status")].filter((v) =>
    plan.derived.has(formatPath(v.docPath)),
  );
}

/**
 * The model paths (as build-fields writes them: backup.name, tags[], labels{}) of the strings
 * that get DERIVED_MAX_LENGTH, per section.
 */
export function derivedMaxLengthPaths(data: unknown): { spec: Set<string>; status: Set<string> } {
  const raw = obj(data);
  const out = { spec: new Set<string>(), status: new Set<string>() };
  for (const v of stringsNeedingDerivedMaxLength(raw)) out[v.section].add(modelPath(v.steps));
  return out;
}

function modelPath(steps: readonly string[]): string {
  return steps.reduce(
    (path, step) =>
      step === "[]" || step === "{}" ? path + step : path ? `${path}.${step}` : step,
    "",
  );
}
