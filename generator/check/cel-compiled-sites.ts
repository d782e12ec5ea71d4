// Every rule site with its self type and compilation, computed once per parsed document: the
// type check, the cost estimate and the example evaluation all need them, and the document is
// never mutated once parsed.

import { compileRule, type CompiledRule } from "./cel-compile.ts";
import type { DeclType } from "./cel-decl-type.ts";
import { ruleSites, type RuleSite } from "./cel-rule-sites.ts";
import { selfTypeOf } from "./cel-self-type.ts";
import type { RawObject } from "./raw-spec.ts";

export interface CompiledSite {
  site: RuleSite;
  /** The type of self with the schema's declared bounds. */
  self: DeclType;
  compiled: CompiledRule;
}

const cache = new WeakMap<RawObject, CompiledSite[]>();

export function compiledSites(data: RawObject): CompiledSite[] {
  const known = cache.get(data);
  if (known) return known;
  const sites = ruleSites(data).map((site) => {
    const self = selfTypeOf(site);
    return { site, self, compiled: compileRule(site.rule, self) };
  });
  cache.set(data, sites);
  return sites;
}
