// The vocabulary of the compatibility report: what class a change is, its stable code, and the
// shape every finding has (the JSON that `create-operator diff --json` prints is exactly this).

export type CompatClass = "safe" | "risky" | "breaking";

/** Stable codes, documented in docs/diagnostics.md; scripts may match on them. */
export const COMPAT_CODES = {
  COMPAT001: { class: "safe", title: "field added" },
  COMPAT002: { class: "safe", title: "description changed" },
  COMPAT003: { class: "safe", title: "printer column changed" },
  COMPAT004: { class: "safe", title: "rule message changed" },
  COMPAT005: { class: "safe", title: "kubectl names changed" },
  COMPAT006: { class: "safe", title: "version or subresource added" },
  COMPAT007: { class: "safe", title: "selectable field added" },
  COMPAT008: { class: "safe", title: "condition type added" },
  COMPAT010: { class: "risky", title: "default changed" },
  COMPAT011: { class: "risky", title: "enum value added" },
  COMPAT012: { class: "risky", title: "validation relaxed" },
  COMPAT013: { class: "risky", title: "made required, with a default" },
  COMPAT014: { class: "risky", title: "scale subresource changed" },
  COMPAT015: { class: "risky", title: "rule on the object's name added" },
  COMPAT016: { class: "risky", title: "external resource adoption enabled" },
  COMPAT017: { class: "risky", title: "condition type removed" },
  COMPAT018: { class: "risky", title: "storage version moved" },
  COMPAT019: { class: "risky", title: "unserved version removed" },
  COMPAT020: { class: "breaking", title: "field removed" },
  COMPAT021: { class: "breaking", title: "field renamed" },
  COMPAT022: { class: "breaking", title: "type changed" },
  COMPAT023: { class: "breaking", title: "required without default" },
  COMPAT024: { class: "breaking", title: "enum value removed" },
  COMPAT025: { class: "breaking", title: "validation tightened" },
  COMPAT026: { class: "breaking", title: "CEL rule added or changed" },
  COMPAT027: { class: "breaking", title: "made immutable" },
  COMPAT028: { class: "breaking", title: "list type or map keys changed" },
  COMPAT029: { class: "breaking", title: "scope changed" },
  COMPAT030: { class: "breaking", title: "version removed or no longer served" },
  COMPAT031: { class: "breaking", title: "group, kind or plural changed" },
  COMPAT032: { class: "breaking", title: "subresource removed" },
  COMPAT033: { class: "breaking", title: "selectable field removed" },
  COMPAT034: { class: "breaking", title: "external resource identity changed" },
  COMPAT070: { class: "breaking", title: "natural key fallback removed" },
  COMPAT035: { class: "breaking", title: "map type changed" },
  COMPAT036: { class: "breaking", title: "storage version removed" },
  COMPAT040: { class: "risky", title: "child name changed" },
  COMPAT041: { class: "risky", title: "child made conditional" },
  COMPAT075: { class: "risky", title: "child's creationPolicy changed" },
  COMPAT110: { class: "risky", title: "child's kind now chosen by a field" },
  COMPAT045: { class: "risky", title: "tenancy rules tightened" },
} as const satisfies Record<string, { class: CompatClass; title: string }>;

export type CompatCode = keyof typeof COMPAT_CODES;

export interface CompatFinding {
  class: CompatClass;
  code: CompatCode;
  /** The served version whose schema changed; null for changes to the CRD as a whole. */
  version: string | null;
  /** Dotted path into the spec, e.g. spec.fields.size.enum. */
  path: string;
  /** The new operator.yaml, or the previous one for what was removed. */
  file: string;
  line: number;
  column: number;
  /** What changed (old → new) and why it matters to objects already stored. */
  message: string;
  /** What to do instead. */
  hint: string;
  /**
   * For a breaking change a new API version can carry instead: the operator.yaml fragment that
   * makes it one (maps merge into the spec, lists replace), e.g. a field's `versions:` block.
   */
  edit?: string;
}

export interface CompatReport {
  /** False when there was nothing to compare with; `note` says why. */
  checked: boolean;
  /** Why nothing (or only the CRD) was compared, e.g. "no previous spec recorded". */
  note?: string;
  findings: CompatFinding[];
}

export function classOf(code: CompatCode): CompatClass {
  return COMPAT_CODES[code].class;
}

export function countByClass(findings: readonly CompatFinding[]): Record<CompatClass, number> {
  const counts: Record<CompatClass, number> = { breaking: 0, risky: 0, safe: 0 };
  for (const f of findings) counts[f.class]++;
  return counts;
}

export function hasBreaking(report: CompatReport): boolean {
  return report.findings.some((f) => f.class === "breaking");
}

/** Breaking first, then by file and position, so the first line printed is the first to fix. */
export function sortFindings(findings: readonly CompatFinding[]): CompatFinding[] {
  const rank: Record<CompatClass, number> = { breaking: 0, risky: 1, safe: 2 };
  return [...findings].sort(
    (a, b) =>
      rank[a.class] - rank[b.class] ||
      a.file.localeCompare(b.file) ||
      a.line - b.line ||
      a.column - b.column ||
      a.code.localeCompare(b.code) ||
      a.path.localeCompare(b.path),
  );
}
