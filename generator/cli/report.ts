// How results reach the user: readable text on stderr/stdout, or one JSON document with --json
// so that editors and CI can consume diagnostics and file lists without scraping.

import { formatDiagnostic, type Diagnostic } from "../base/diagnostics.ts";
import type { CompatReport } from "../compat/finding.ts";
import { formatReport, reportJson, type CompatJson } from "../compat/format-report.ts";
import { isBlocked, isNoOp, type Plan } from "../plan/plan.ts";
import {
  CONFLICT_HINT,
  conflictLines,
  entryDiff,
  listedEntries,
  summaryCounts,
} from "./plan-summary.ts";
import { describeUserHook, HOOK_TYPES_PATH, type UserHook } from "../base/user-hooks.ts";
import { declarationsChanged } from "./declared-types.ts";

export interface Reporter {
  diagnostics(diagnostics: readonly Diagnostic[]): void;
  plan(plan: Plan, options: { dryRun: boolean }): void;
  /** The API compatibility report of `generate`: breaking findings, then risky and safe ones as info. */
  compatibility(report: CompatReport): void;
  /** `generate` proved, without rendering, that nothing would change. */
  upToDate(root: string, message: string): void;
  /**
   * What the project asks of its user. Text: the hook files this run creates and the user's
   * files the spec no longer uses; JSON: every hook file, marked `created` when this run creates it.
   */
  userHooks(hooks: readonly UserHook[], plan: Plan): void;
  /** What to run next, one command per line (after `new`). */
  nextSteps(steps: readonly string[]): void;
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
      const listed = listedEntries(plan);
      const width = Math.max(0, ...listed.map((e) => e.action.length));
      for (const e of listed) {
        const reason = e.reason ? `  (${e.reason})` : "";
        process.stdout.write(`${e.action.padEnd(width)}  ${e.path}${reason}\n`);
        for (const line of conflictLines(e))
          process.stdout.write(`${" ".repeat(width)}    ${line}\n`);
      }
      if (dryRun)
        for (const e of listed) {
          const diff = entryDiff(e);
          if (diff) process.stdout.write(`\n${diff}`);
        }
      const conflicts = plan.entries.filter((e) => e.action === "conflict");
      if (isBlocked(plan)) {
        process.stderr.write(
          `\n${conflicts.length} conflict(s): nothing was written. Move the files in the way aside and run again.\n`,
        );
        return;
      }
      if (!isNoOp(plan))
        process.stdout.write(
          `\n${dryRun ? "Would write" : "Wrote"} ${plan.root}: ${summaryCounts(plan)}\n`,
        );
      else if (conflicts.length === 0)
        process.stdout.write(`\nNothing to do: ${plan.root} is up to date; no file was written.\n`);
      else process.stdout.write(`\nNo file was written.\n`);
      if (conflicts.length > 0) {
        process.stderr.write(`\n${conflicts.length} file(s) with conflicts:\n`);
        for (const e of conflicts)
          for (const line of conflictLines(e)) process.stderr.write(`  ${line}\n`);
        process.stderr.write(`${CONFLICT_HINT}\n`);
      }
    },
    compatibility(report) {
      process.stderr.write(formatReport(report));
    },
    upToDate(_root, message) {
      process.stdout.write(`${message}\n`);
    },
    userHooks(hooks, plan) {
      const created = createdPaths(plan);
      // When an interface changed (src/hooks/types.ts, or a provider's), every file implementing
      // it may owe something new (a status field, a condition, a provider method): list those, new
      // files marked; otherwise only new files.
      // An update counts only when the file's declarations changed: a default inside a
      // function body or a doc comment changes the file, not what code implementing it owes.
      const updated = new Set(
        plan.entries
          .filter((e) => e.action === "update")
          .filter(
            (e) => e.previous === undefined || declarationsChanged(e.previous, e.content ?? ""),
          )
          .map((e) => e.path),
      );
      const contractOf = (h: UserHook) =>
        h.state === "active" ? (h.contract ?? HOOK_TYPES_PATH) : undefined;
      const owes = (h: UserHook) => {
        const contract = contractOf(h);
        return contract !== undefined && (updated.has(HOOK_TYPES_PATH) || updated.has(contract));
      };
      const shown = hooks.filter((h) => h.state === "active" && (owes(h) || created.has(h.path)));
      const changed = [...new Set([HOOK_TYPES_PATH, ...shown.map((h) => contractOf(h)!)])].filter(
        (path) => updated.has(path),
      );
      const contractChanged = shown.some(owes);
      if (shown.length > 0) {
        process.stdout.write(
          contractChanged
            ? `\nThe interfaces your code implements changed (${changed.join(", ")}); \`npm run typecheck\` names anything missing:\n`
            : `\nYour code goes here (search for TODO(user)):\n`,
        );
        for (const hook of shown) {
          const mark = contractChanged && created.has(hook.path) ? "  (new file)" : "";
          process.stdout.write(`  ${describeUserHook(hook)}${mark}\n`);
          if (hook.state === "active")
            for (const todo of hook.todos) process.stdout.write(`    - ${todo}\n`);
        }
      }
      for (const hook of hooks)
        if (hook.state === "unused") process.stdout.write(`note: ${describeUserHook(hook)}\n`);
    },
    nextSteps(steps) {
      process.stdout.write(`\nNext steps:\n${steps.map((s) => `  ${s}\n`).join("")}`);
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
    /** No byte was or would be written. */
    nothingToDo?: boolean;
    /** Decided from the lock alone, without rendering (implies nothingToDo). */
    upToDate?: boolean;
    errors: { message: string; hint?: string }[];
    notes: string[];
    compatibility?: CompatJson;
    userHooks: unknown[];
    nextSteps?: readonly string[];
  } = {
    diagnostics: [],
    files: [],
    userHooks: [],
    errors: [],
    notes: [],
  };
  return {
    diagnostics(diagnostics) {
      document.diagnostics.push(...diagnostics);
    },
    plan(plan, { dryRun }) {
      document.root = plan.root;
      document.nothingToDo = isNoOp(plan);
      document.files = plan.entries.map((entry) => {
        const { path, action, ownership, reason, conflicts } = entry;
        const diff = dryRun ? entryDiff(entry) : undefined;
        return {
          path,
          action,
          ownership,
          ...(reason ? { reason } : {}),
          ...(conflicts ? { conflicts } : {}),
          ...(diff ? { diff } : {}),
        };
      });
    },
    compatibility(report) {
      document.compatibility = reportJson(report);
    },
    upToDate(root, message) {
      document.root = root;
      document.upToDate = true;
      document.nothingToDo = true;
      document.notes.push(message);
    },
    userHooks(hooks, plan) {
      const created = createdPaths(plan);
      document.userHooks = hooks.map((hook) => ({
        ...hook,
        created: created.has(hook.path),
        message: describeUserHook(hook),
      }));
    },
    nextSteps(steps) {
      document.nextSteps = steps;
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

function createdPaths(plan: Plan): Set<string> {
  return new Set(plan.entries.filter((e) => e.action === "create").map((e) => e.path));
}
