// The rule a reference's name field carries: the referenced kind's own name rule, as the API
// server validates that kind's names. An object naming an object that can never exist (a store
// named Vault_Backend) is then refused at admission, where the user sees it, as upstream CRDs do
// (external-secrets' SecretStoreRef.name has the DNS-subdomain pattern), instead of waiting
// forever with Ready=False <Field>NotFound.

import {
  NAME_FIRST_PIECE_PATTERN,
  NAME_PIECE_PATTERN,
  NAME_SUBDOMAIN_PIECE_PATTERN,
} from "./child-name-template.ts";
import { kindNames } from "./polymorphic-references.ts";
import type { RawObject } from "./raw-spec.ts";

export interface NameRule {
  pattern: string;
  maxLength: number;
}

/** Most kinds (ValidateObjectMeta's default, NameIsDNSSubdomain): a DNS-1123 subdomain. */
const SUBDOMAIN: NameRule = { pattern: NAME_SUBDOMAIN_PIECE_PATTERN, maxLength: 253 };
/** Kinds whose names the API server validates more strictly (ValidateServiceName, ValidateNamespaceName). */
const STRICTER: ReadonlyMap<string, NameRule> = new Map([
  ["Service", { pattern: NAME_FIRST_PIECE_PATTERN, maxLength: 63 }],
  ["Namespace", { pattern: NAME_PIECE_PATTERN, maxLength: 63 }],
]);

/**
 * The name rule of the kind a reference names. A polymorphic reference's name may name any of
 * its kinds, so it gets the loosest of their rules (a subdomain unless every kind is stricter);
 * the operator itself reports a name the chosen kind cannot have as not found.
 */
export function referenceNameRule(reference: RawObject): NameRule {
  const rules = kindNames(reference).map((kind) => STRICTER.get(kind) ?? SUBDOMAIN);
  if (rules.length === 0 || rules.some((r) => r === SUBDOMAIN)) return SUBDOMAIN;
  // Every rule is stricter than a subdomain: one kind alone, or kinds that share a rule; else a
  // label (which every DNS-1035 name also is).
  const [first] = rules;
  return rules.every((r) => r === first) ? first! : STRICTER.get("Namespace")!;
}
