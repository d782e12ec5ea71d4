// Runs one pipeline command (new or generate) and reports its plan, its warnings or its failure.

import type { PipelineResult } from "../pipeline.ts";
import { ExitCode } from "./exit-codes.ts";
import { reportError } from "./report-error.ts";
import type { Reporter } from "./report.ts";

export interface PipelineNotes {
  onSuccess?: () => string;
  /** Runs before the failure is printed; returns a note printed after it. */
  onFailure?: (error: unknown) => string;
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
  const ok = !result.plan.entries.some((e) => e.action === "conflict");
  const note = ok ? notes.onSuccess?.() : notes.onFailure?.(undefined);
  if (note) reporter.note(note);
  reporter.flush(ok);
  return ok ? ExitCode.Ok : ExitCode.InvalidInput;
}
