// How results reach the user: readable text on stderr/stdout, or one JSON document with --json
// so that editors and CI can consume diagnostics and file lists without scraping.

import { formatDiagnostic, type Diagnostic } from "../base/diagnostics.ts";
import type { CompatReport } from "../compat/finding.ts";
import { formatReport, reportJson, type CompatJson } from "../compat/format-report.ts";
import type { Plan } from "../plan/plan.ts";

export interface Reporter {
  diagnostics(diagnostics: readonly Diagnostic[]): void;
  plan(plan: Plan, options: { dryRun: boolean }): void;
  /** The API compatibility report of `generate`: breaking findings, then risky and safe ones as info. */
  compatibility(report: CompatReport): void;
  /** `generate` proved, without rendering, that nothing would change. */
  upToDate(root: string, message: string): void;
  error(message: string, hint?: string): void;
  /** Something the user should know that is not an error (where a file was kept). */
  note(message: string): void;
  /** Emits the JSON document (no-op in text mode). */
  flush(ok: boolean): void;
}

export function createReporter(json: boolean): Reporter {
  return json ? jsonReporter() : textReporter();
}

function textReporter(): Reporter {
  return {
    diagnostics(diagnostics) {
      for (const d of diagnostics) process.stderr.write(formatDiagnostic(d) + "\n");
      const errors = diagnostics.filter((d) => d.severity === "error").length;
      if (errors > 0)
        process.stderr.write(
          `\n${errors} error(s), ${diagnostics.length - errors} warning(s). Nothing was written.\n`,
        );
    },
    plan(plan, { dryRun }) {
      const width = Math.max(...plan.entries.map((e) => e.action.length));
      for (const e of plan.entries) {
        if (e.action === "identical") continue;
        const reason = e.reason ? `  (${e.reason})` : "";
        process.stdout.write(`${e.action.padEnd(width)}  ${e.path}${reason}\n`);
      }
      const counts = countActions(plan);
      const summary = Object.entries(counts)
        .map(([action, n]) => `${n} ${action}`)
        .join(", ");
      const conflicts = counts.conflict ?? 0;
      if (conflicts > 0)
        process.stderr.write(
          `\n${conflicts} conflict(s): nothing was written. Resolve them (move the file aside or revert your edit) and run again.\n`,
        );
      else process.stdout.write(`\n${dryRun ? "Would write" : "Wrote"} ${plan.root}: ${summary}\n`);
    },
    compatibility(report) {
      process.stderr.write(formatReport(report));
    },
    upToDate(_root, message) {
      process.stdout.write(`${message}\n`);
    },
    error(message, hint) {
      process.stderr.write(`error: ${message}\n${hint ? `  hint: ${hint}\n` : ""}`);
    },
    note(message) {
      process.stderr.write(`note: ${message}\n`);
    },
    flush() {},
  };
}

function jsonReporter(): Reporter {
  const document: {
    ok?: boolean;
    diagnostics: Diagnostic[];
    files: unknown[];
    root?: string;
    upToDate?: boolean;
    errors: { message: string; hint?: string }[];
    notes: string[];
    compatibility?: CompatJson;
  } = {
    diagnostics: [],
    files: [],
    errors: [],
    notes: [],
  };
  return {
    diagnostics(diagnostics) {
      document.diagnostics.push(...diagnostics);
    },
    plan(plan) {
      document.root = plan.root;
      document.files = plan.entries.map(({ path, action, ownership, reason }) => ({
        path,
        action,
        ownership,
        ...(reason ? { reason } : {}),
      }));
    },
    compatibility(report) {
      document.compatibility = reportJson(report);
    },
    upToDate(root, message) {
      document.root = root;
      document.upToDate = true;
      document.notes.push(message);
    },
    error(message, hint) {
      document.errors.push({ message, ...(hint ? { hint } : {}) });
    },
    note(message) {
      document.notes.push(message);
    },
    flush(ok) {
      process.stdout.write(JSON.stringify({ ...document, ok }, null, 2) + "\n");
    },
  };
}

function countActions(plan: Plan): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const e of plan.entries) counts[e.action] = (counts[e.action] ?? 0) + 1;
  return counts;
}
