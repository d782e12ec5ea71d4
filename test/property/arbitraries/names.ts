// Names for random specs. Every name here is valid where it is used, and names that share a
// scope are built so that the generator's derivations (TypeScript type names, file names,
// plurals) cannot make two of them collide: a collision is a refusal (SEM012 and friends), and a
// valid-by-construction spec must not be refused.

import fc from "fast-check";

/**
 * Field names start with one base word and may add one suffix word. The two sets share no word
 * (ignoring case), so the PascalCase concatenation of a path (DatabaseSpecBackupRetentionDays)
 * decodes one way only and object type names never collide. `item`, `value` (the words the model
 * uses for array items and map values), `id` (the list-map key added by the field arbitrary),
 * CEL's reserved words, the status keys the generator owns and Object.prototype members (SEM014)
 * are left out. Words that are reserved in JavaScript or name Kubernetes' own keys are in on
 * purpose: they are valid fields. Names are spelled camelCase, snake_case or kebab-case.
 */
export const BASE_WORDS = [
  "engine",
  "size",
  "region",
  "tier",
  "mode",
  "owner",
  "port",
  "host",
  "quota",
  "bucket",
  "label",
  "retention",
  "window",
  "channel",
  "target",
  "source",
  "limit",
  "enabled",
  "priority",
  "weight",
  "timeout",
  "endpoint",
  "storage",
  "network",
  "backup",
  "schedule",
  "version",
  "name",
  "class",
  "default",
  "delete",
  "new",
  "type",
  "kind",
  "metadata",
  "spec",
] as const;

export const SUFFIX_WORDS = ["Days", "Seconds", "Count", "Ref", "Ip", "Url", "Gb", "Ms"] as const;

/**
 * Mostly camelCase, as Kubernetes conventions ask, but also snake_case and kebab-case as real APIs
 * have them (CloudNativePG's pg_hba): the generated TypeScript must quote and index those keys.
 */
export const fieldName: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(...BASE_WORDS),
    fc.option(fc.constantFrom(...SUFFIX_WORDS)),
    fc.constantFrom("camel", "camel", "camel", "snake", "kebab"),
  )
  .map(([base, suffix, style]) => {
    if (suffix === null) return base;
    if (style === "camel") return base + suffix;
    return base + (style === "snake" ? "_" : "-") + suffix.toLowerCase();
  });

/** The words of a name, whatever its style: two names of one object must differ in these. */
function wordsOf(name: string): string {
  return name.replace(/[-_]/g, "").toLowerCase();
}

/** Distinct field names for one object; at least `min`. */
export function fieldNames(min: number, max: number): fc.Arbitrary<string[]> {
  return fc.uniqueArray(fieldName, { minLength: min, maxLength: max, selector: wordsOf });
}

const KIND_NOUNS = [
  "Widget",
  "Bucket",
  "Database",
  "Queue",
  "Mailbox",
  "Tunnel",
  "Gateway",
  "Cache",
  "Zone",
  "Ledger",
  "Certificate",
  "Proxy",
  "Box",
  "Index",
  "Service",
  "Job",
] as const;

const KIND_PREFIXES = ["", "Managed", "Edge", "DNS", "Sql", "Cloud", "V2"] as const;

/** PascalCase kinds, acronyms and digits included (DNSZone, V2Cache). */
export const kind: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...KIND_PREFIXES), fc.constantFrom(...KIND_NOUNS))
  .map(([prefix, noun]) => prefix + noun);

const LABEL = fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/);

/** A DNS subdomain with at least one dot, never under the protected k8s.io / kubernetes.io. */
export const group: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(LABEL, { minLength: 1, maxLength: 3 }),
    fc.constantFrom("example.com", "io", "dev"),
  )
  .map(([labels, tld]) => [...labels, tld].join("."));

/** A DNS-1123 label of at most `max` characters. */
export function dnsLabel(max = 40): fc.Arbitrary<string> {
  return fc
    .stringMatching(/^[a-z]([-a-z0-9]{0,30}[a-z0-9])?$/)
    .filter((s) => s.length <= max && !s.includes("--"));
}

export const version: fc.Arbitrary<string> = fc.constantFrom(
  "v1",
  "v2",
  "v1alpha1",
  "v1beta1",
  "v2beta3",
);

export const PHASE_NAMES = [
  "Pending",
  "Provisioning",
  "Available",
  "Degraded",
  "Updating",
  "Deleting",
  "Failed",
  "Ready",
  // Phase text as controllers of real APIs write it (CloudNativePG's), not PascalCase.
  "Cluster in healthy state",
  "Setting up primary",
  "Waiting for the instances to become active",
  "upgrade-failed",
] as const;

/** Condition types as metav1.Condition allows them: PascalCase, with a vendor prefix, or a DNS one. */
export const CONDITION_TYPES = [
  "Ready",
  "InstanceReady",
  "Progressing",
  "Degraded",
  "Synced",
  "Delegated",
  "BackupReady",
  "Vendor.Ready",
  "example.com/Synced",
  "cert-manager.io/Issuing",
] as const;

export const BINDING_NAMES = [
  "instance",
  "bucket",
  "record",
  "hostedZone",
  "account",
  "cluster",
  "topic",
  "dnsRecord",
] as const;

/** Free text for descriptions and messages, unicode included: any string is a valid description. */
export const prose: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "What the field means.",
    "Naïve café — ✓ unicode is fine in descriptions.",
    "A line with: a colon, 'quotes' and \"double quotes\".",
    "Ends with a hash # that is not a comment",
    "多言語の説明",
    "Closes a comment */ early, then `backticks` and ${braces}",
    "Two lines\nof text",
  ),
  fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim().length > 0),
);
