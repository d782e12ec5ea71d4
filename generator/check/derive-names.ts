// Name derivation shared by check (to find collisions before they happen) and model (to produce
// the names). Both stages must agree byte for byte, so this is the only place these rules live.

/** Splits camelCase, PascalCase (acronym-aware: DNSZone → DNS, Zone), kebab, snake and spaces. */
export function splitWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word.length > 0);
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** DNSZone → DNSZone, retention-days → RetentionDays. Acronyms keep their capitals. */
export function toPascal(name: string): string {
  return splitWords(name).map(capitalize).join("");
}

/** DNSZone → dnsZone, database-operator → databaseOperator. */
export function toCamel(name: string): string {
  const [first, ...rest] = splitWords(name);
  if (first === undefined) return "";
  return first.toLowerCase() + rest.map(capitalize).join("");
}

/** DNSZone → dns-zone, retentionDays → retention-days. */
export function toKebab(name: string): string {
  return splitWords(name)
    .map((word) => word.toLowerCase())
    .join("-");
}

/** database-operator → DATABASE_OPERATOR. */
export function toConstantCase(name: string): string {
  return splitWords(name)
    .map((word) => word.toUpperCase())
    .join("_");
}

/** Kubernetes convention: the singular is the kind in lower case, without separators (DNSZone → dnszone). */
export function deriveSingular(kind: string): string {
  return kind.toLowerCase();
}

/** English plural of the lower-cased kind: policy → policies, box → boxes, database → databases. */
export function derivePlural(kind: string): string {
  const singular = deriveSingular(kind);
  if (/[^aeiou]y$/.test(singular)) return `${singular.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(singular)) return `${singular}es`;
  return `${singular}s`;
}

/**
 * TypeScript type name of an object-valued field, as the model names it: kind + Spec/Status +
 * each field name in PascalCase, "Item" for an array's items and "Value" for a map's values
 * (Database, spec, [backup] → DatabaseSpecBackup; DNSZone, spec, [records, "[]"] → DNSZoneSpecRecordsItem).
 * `steps` are field names, with "[]" for items and "{}" for values.
 */
export function fieldTypeName(
  kind: string,
  section: "spec" | "status",
  steps: readonly string[],
): string {
  const suffix = steps
    .map((step) => (step === "[]" ? "Item" : step === "{}" ? "Value" : toPascal(step)))
    .join("");
  return `${kind}${section === "spec" ? "Spec" : "Status"}${suffix}`;
}

/**
 * Property of a provider's Desired type for a binding input: the dotted spec path in camelCase
 * (backup.retentionDays → backupRetentionDays, pg_hba.max-rules → pgHbaMaxRules). A segment that
 * is already letters and digits keeps its spelling, so camelCase names derive what they always did.
 */
export function inputPropertyName(path: string): string {
  return path
    .split(".")
    .map((segment, i) => {
      const word = /^[A-Za-z][A-Za-z0-9]*$/.test(segment) ? segment : toCamel(segment);
      return i === 0 ? word : capitalize(word);
    })
    .join("");
}
