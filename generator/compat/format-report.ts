// The report as people and CI read it: one line per finding in the diagnostics' shape
// (`file:line:col class CODE path: message`, then a hint), or one JSON document.

import { oneLine } from "../base/diagnostics.ts";
import {
  countByClass,
  type CompatClass,
  type CompatFinding,
  type CompatReport,
} from "./finding.ts";

export function formatFinding(f: CompatFinding): string {
  const version = f.version ? ` [${f.version}]` : "";
  const head = `${f.file}:${f.line}:${f.column} ${f.class} ${f.code} ${f.path || "(root)"}${version}: ${oneLine(f.message)}\n  hint: ${oneLine(f.hint)}`;
  if (!f.edit) return head;
  // The edit is YAML to paste: indented under the hint, each line kept as it is.
  const lines = f.edit
    .trimEnd()
    .split("\n")
    .map((line) => `    ${oneLine(line)}`);
  return `${head}\n${lines.join("\n")}`;
}

/** Every finding, then one summary line; the note first when nothing (or only the CRD) was compared. */
export function formatReport(report: CompatReport): string {
  const lines: string[] = [];
  if (report.note) lines.push(`note: ${report.note}`);
  if (!report.checked) return lines.join("\n") + "\n";
  for (const f of report.findings) lines.push(formatFinding(f));
  lines.push(`API compatibility with the previous spec: ${summary(report)}`);
  return lines.join("\n") + "\n";
}

export function summary(report: CompatReport): string {
  if (report.findings.length === 0) return "no changes";
  const counts = countByClass(report.findings);
  return (["breaking", "risky", "safe"] as CompatClass[])
    .map((c) => `${counts[c]} ${c}`)
    .join(", ");
}

/** The JSON shape `diff --json` prints and `generate --json` embeds: stable, documented in the README. */
export interface CompatJson {
  checked: boolean;
  note: string | null;
  counts: Record<CompatClass, number>;
  findings: Array<Omit<CompatFinding, "edit"> & { edit: string | null }>;
}

export function reportJson(report: CompatReport): CompatJson {
  return {
    checked: report.checked,
    note: report.note ?? null,
    counts: countByClass(report.findings),
    findings: report.findings.map((f) => ({
      class: f.class,
      code: f.code,
      version: f.version,
      path: f.path,
      file: f.file,
      line: f.line,
      column: f.column,
      message: f.message,
      hint: f.hint,
      edit: f.edit ?? null,
    })),
  };
}
