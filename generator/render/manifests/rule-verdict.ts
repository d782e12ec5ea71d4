// A spec-level CEL rule judged on a generated spec with the check stage's own evaluator, so an
// example spec the rule already accepts keeps its values (a sample with the defaults rather than
// a rule example's numbers). The rule is typed from the model's fields, written back in the
// spec's shape the check stage reads (fields, items, values and the bounds that size the type).

import { compileRule, type CompiledRule } from "../../check/cel-compile.ts";
import { declTypeOf, objectType, type DeclType } from "../../check/cel-decl-type.ts";
import { evaluateRule, type Verdict } from "../../check/cel-evaluate.ts";
import type { RawObject } from "../../check/raw-spec.ts";
import { CONSTRAINT_KEYS, type FieldModel } from "../../model/types.ts";

/** The rule's verdict on `spec` as the API server sees it: top-level defaults filled in. */
export function specRuleVerdict(
  rule: string,
  fields: readonly FieldModel[],
  spec: Record<string, unknown>,
): Verdict["outcome"] {
  const { self, compiled } = compiledOn(fields, rule, () =>
    objectType(rawFields(fields), ["spec"]),
  );
  if (compiled.status !== "ok") return "unknown";
  const defaults = fields.filter((f) => f.hasDefault).map((f) => [f.name, f.default]);
  const value = { ...Object.fromEntries(defaults), ...spec };
  return evaluateRule(rule, compiled.types, self, value).outcome;
}

/**
 * A rule of any field judged on one value of that field: an object's rules as the spec's (its
 * members' defaults filled in), a list's, a map's or a scalar's typed from the field itself.
 */
export function fieldRuleVerdict(
  rule: string,
  field: FieldModel,
  value: unknown,
): Verdict["outcome"] {
  if (field.type === "object")
    return specRuleVerdict(rule, field.fields, value as Record<string, unknown>);
  const { self, compiled } = compiledOn(field, rule, () => declTypeOf(rawDef(field), ["spec"]));
  if (compiled.status !== "ok") return "unknown";
  return evaluateRule(rule, compiled.types, self, value).outcome;
}

/**
 * A rule's type and compilation, once per model node (fields list or field) and rule: the cases
 * of one spec ask the same rules thousands of times, and building a CEL environment (Kubernetes
 * types embedded whole) is far dearer than evaluating a rule in it.
 */
const compiledRules = new WeakMap<object, { self: DeclType; rules: Map<string, CompiledRule> }>();

function compiledOn(node: object, rule: string, typeOf: () => DeclType) {
  let entry = compiledRules.get(node);
  if (entry === undefined) compiledRules.set(node, (entry = { self: typeOf(), rules: new Map() }));
  let compiled = entry.rules.get(rule);
  if (compiled === undefined) entry.rules.set(rule, (compiled = compileRule(rule, entry.self)));
  return { self: entry.self, compiled };
}

function rawFields(fields: readonly FieldModel[]): RawObject {
  return Object.fromEntries(fields.map((f) => [f.name, rawDef(f)]));
}

function rawDef(field: FieldModel): RawObject {
  // A Kubernetes-typed member by its type's name, as the spec writes it: typed as the CRD embeds
  // it, so a rule over the spec can be judged on a spec that holds one (typed only "kubernetes",
  // every such spec's verdict was unknown, and a case the rule refuses slipped through).
  const def: RawObject = { type: field.kubernetesType ?? field.type };
  for (const key of CONSTRAINT_KEYS) {
    const value = (field as unknown as Record<string, unknown>)[key];
    if (value !== undefined) def[key] = value;
  }
  if (field.required) def.required = true;
  if (field.fields.length > 0) def.fields = rawFields(field.fields);
  if (field.items) def[field.type === "map" ? "values" : "items"] = rawDef(field.items);
  return def;
}
