// Runs one pipeline command (new or generate) and reports its plan, its warnings or its failure.

import type { PipelineResult } from "../pipeline.ts";
import { hasConflicts, isBlocked } from "../plan/plan-types.ts";
import { ExitCode } from "./exit-codes.ts";
import { reportError } from "./report-error.ts";
import type { Reporter } from "./report.ts";

export interface PipelineNotes {
  onSuccess?: () => string;
  /** Runs before the failure is printed; returns a note printed after it. */
  onFailure?: (error: unknown) => string;
  /** Commands to run next, shown after a run that wrote everything (`new`). */
  nextSteps?: (result: PipelineResult) => string[];
}

export async function runPipeline(
  reporter: Reporter,
  dryRun: boolean,
  run: () => Promise<PipelineResult>,
  notes: PipelineNotes = {},
): Promise<number> {
  let result: PipelineResult;
  try {
    result = await run();
  } catch (error) {
    return reportError(reporter, error, notes.onFailure?.(error));
  }
  reporter.diagnostics(result.warnings);
  if (result.compatibility) reporter.compatibility(result.compatibility);
  reporter.plan(result.plan, { dryRun });
  reporter.userHooks(result.userHooks, result.plan);
  const blocked = isBlocked(result.plan);
  const ok = !blocked && !hasConflicts(result.plan);
  if (ok && !dryRun && notes.nextSteps) reporter.nextSteps(notes.nextSteps(result));
  const note = blocked ? notes.onFailure?.(undefined) : notes.onSuccess?.();
  if (note) reporter.note(note);
  reporter.flush(ok);
  if (blocked) return ExitCode.InvalidInput;
  return ok ? ExitCode.Ok : ExitCode.Conflicts;
}
