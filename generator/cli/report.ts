// How results reach the user: readable text on stderr/stdout, or one JSON document with --json
// so that editors and CI can consume diagnostics and file lists without scraping.

import { formatDiagnostic, type Diagnostic } from "../base/diagnostics.ts";
import { describeUserHook, HOOK_TYPES_PATH, type UserHook } from "../base/user-hooks.ts";
import type { Plan } from "../plan/plan.ts";

export interface Reporter {
  diagnostics(diagnostics: readonly Diagnostic[]): void;
  plan(plan: Plan, options: { dryRun: boolean }): void;
  /**
   * What the project asks of its user. Text: the hook files this run creates and the user's
   * files the spec no longer uses; JSON: every hook file, marked `created` when this run creates it.
   */
  userHooks(hooks: readonly UserHook[], plan: Plan): void;
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
    userHooks(hooks, plan) {
      const created = createdPaths(plan);
      // When the interfaces changed, every file implementing them may owe something new (a
      // status field, a condition): list them all, new files marked; otherwise only new files.
      const contractChanged = plan.entries.some(
        (e) => e.path === HOOK_TYPES_PATH && e.action === "update",
      );
      const shown = hooks.filter(
        (h) => h.state === "active" && (contractChanged || created.has(h.path)),
      );
      if (shown.length > 0) {
        process.stdout.write(
          contractChanged
            ? `\nThe interfaces your code implements changed (${HOOK_TYPES_PATH}); \`npm run typecheck\` names anything missing:\n`
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
    errors: { message: string; hint?: string }[];
    notes: string[];
    userHooks: unknown[];
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
    plan(plan) {
      document.root = plan.root;
      document.files = plan.entries.map(({ path, action, ownership, reason }) => ({
        path,
        action,
        ownership,
        ...(reason ? { reason } : {}),
      }));
    },
    userHooks(hooks, plan) {
      const created = createdPaths(plan);
      document.userHooks = hooks.map((hook) => ({
        ...hook,
        created: created.has(hook.path),
        message: describeUserHook(hook),
      }));
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

function createdPaths(plan: Plan): Set<string> {
  return new Set(plan.entries.filter((e) => e.action === "create").map((e) => e.path));
}
