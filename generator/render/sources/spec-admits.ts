// Whether a whole spec the suites would create passes what the server checks before any test
// runs: the structural schema and every CEL rule around the values (the spec's own rules, each
// object's, list's and member's). Values the fixture puts into the sample (a when: field made to
// hold, a child instance, a natural key's parent) are drawn from a field's examples, which are
// valid for that field alone: a spec-level rule may refuse the first of them (`self.count > 2`
// beside an example 2), so the first example the whole spec admits is taken instead.

import type { CelRule, FieldModel } from "../../model/types.ts";
import { exampleValue } from "../manifests/example-values.ts";
import { objectViolations } from "../manifests/field-violations.ts";
import { readsOldSelf } from "./contract-rule-cases.ts";
import { inReplicaRange } from "./contract-number-probes.ts";
import { rulesAdmit } from "./contract-rules-admit.ts";
import type { Spec } from "./contract-slots.ts";

/** How many of a field's examples are tried before a value is given up on. */
const TRIES = 16;

/**
 * A judge of specs built from `base`, a spec the server accepts; with the scale subresource's
 * specReplicasPath (.spec.replicas), the replica range the server's scale check holds it to.
 */
export function specAdmits(
  spec: { fields: readonly FieldModel[]; rules: readonly CelRule[] },
  base: Spec,
  specReplicasPath?: string,
): (candidate: Spec) => boolean {
  const rules = rulesAdmit(spec.fields, spec.rules, base);
  const replicas = specReplicasPath?.replace(/^\.spec\./, "");
  return (candidate) =>
    objectViolations(spec.fields, candidate, "spec").length === 0 &&
    rules(candidate) &&
    (replicas === undefined || inReplicaRange(valueAtPath(candidate, replicas)));
}

/** The value at a dotted path from the spec (a.b), or undefined. */
export function valueAtPath(spec: Spec, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>(
      (at, key) => (typeof at === "object" && at !== null ? (at as Spec)[key] : undefined),
      spec,
    );
}

/**
 * The spec `place` makes of the first candidate value of `field` that `admits` takes: the field's
 * examples (index 0, 1, …), then the values the spec-level rules' valid examples hold at the
 * field's path (the author's own whole-spec examples, which those rules accept). Undefined when
 * none does.
 */
export function admittedExample(
  field: FieldModel,
  place: (value: unknown) => Spec,
  admits: (spec: Spec) => boolean,
  specRules: readonly CelRule[] = [],
): Spec | undefined {
  const candidates = [
    ...Array.from({ length: TRIES }, (_, index) => exampleValue(field, index)),
    ...ruleExampleValues(specRules, field.path),
  ];
  const tried = new Set<string>();
  for (const value of candidates) {
    const key = JSON.stringify(value);
    if (value === undefined || tried.has(key)) continue;
    tried.add(key);
    const spec = place(value);
    if (admits(spec)) return spec;
  }
  return undefined;
}

/** The values the valid examples of spec-level create-time rules hold at a dotted spec path. */
function ruleExampleValues(rules: readonly CelRule[], path: string): unknown[] {
  return rules
    .filter((r) => !readsOldSelf(r))
    .flatMap((r) => r.examples?.valid ?? [])
    .map((example) => valueAtPath(example as Spec, path))
    .filter((v) => v !== undefined);
}
