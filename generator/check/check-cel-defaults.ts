// The API server checks every default in a CRD against the CEL rules of the schema it sits in
// when the CRD is created, so a default that breaks its own rule (`default: 1` under
// `self > 1`) makes the whole CRD refused. Evaluate each rule on the default its object gets:
// its own `default`, or for the spec root, the object its fields' own defaults make (see
// crd-schema.ts rootDefault; nested objects get no implied default).

import { compiledSites } from "./cel-compiled-sites.ts";
import { evaluateRule } from "./cel-evaluate.ts";
import type { CheckContext } from "./context.ts";
import { has, isObject, obj, type RawObject } from "./raw-spec.ts";

export function checkCelDefaults({ data, report }: CheckContext): void {
  for (const { site, self, compiled } of compiledSites(data)) {
    if (site.generated || site.section !== "spec" || compiled.status !== "ok") continue;
    // Transition rules do not run on defaults: there is no old object when a default applies.
    if (/\boldSelf\b/.test(site.rule)) continue;
    const value = defaultOf(site.self, site.selfPath.length === 1);
    if (value === undefined) continue;
    const verdict = evaluateRule(site.rule, compiled.types, self, value);
    if (verdict.outcome !== "rejected") continue;
    const explicit = has(site.self, "default");
    report.error(
      "SEM108",
      explicit ? [...site.selfPath, "default"] : site.reportPath,
      explicit
        ? `this default breaks the rule "${site.rule}" (${verdict.why}), so the API server refuses the CRD`
        : `the rule "${site.rule}" rejects the object its fields' defaults make (${verdict.why}), so the API server refuses the CRD`,
      "Change the default, or the rule, so that the default is a value the rule accepts.",
    );
  }
}

/** The default the CRD gives a definition, or undefined when it gets none. */
function defaultOf(def: RawObject, specRoot: boolean): unknown {
  if (has(def, "default")) return def.default;
  if (!specRoot) return undefined;
  const fields = Object.entries(obj(def.fields)).filter(([, f]) => isObject(f)) as Array<
    [string, RawObject]
  >;
  if (fields.some(([, f]) => f.required === true)) return undefined;
  const defaults = fields.filter(([, f]) => has(f, "default"));
  return defaults.length > 0
    ? Object.fromEntries(defaults.map(([name, f]) => [name, f.default]))
    : undefined;
}
