// Every way a command can fail, mapped to what the user reads and the exit code. Input and the
// disk refusing are the user's to fix (exit 1); anything else is a bug and says so (exit 70).

import { InputError } from "../base/diagnostics.ts";
import { BreakingChangeError } from "../compat/project-compat.ts";
import { UnsafePathError } from "../base/safe-path.ts";
import { ProjectStateError } from "../base/project-state.ts";
import { isSystemError, systemErrorCause } from "../base/system-error.ts";
import { GENERATOR_VERSION } from "../base/generator-version.ts";
import { PlanRefusedError } from "../plan/plan.ts";
import { WriteError } from "../write/write-error.ts";
import { RunLockHeldError } from "../write/run-lock.ts";
import { ExitCode } from "./exit-codes.ts";
import type { Reporter } from "./report.ts";

/** Prints the error (and an optional note after it), flushes, and returns the exit code. */
export function reportError(reporter: Reporter, error: unknown, note?: string): number {
  const code = describe(reporter, error);
  if (note) reporter.note(note);
  reporter.flush(false);
  return code;
}

function describe(reporter: Reporter, error: unknown): number {
  if (error instanceof InputError) {
    reporter.diagnostics(error.diagnostics);
    return ExitCode.InvalidInput;
  }
  if (error instanceof BreakingChangeError) {
    reporter.compatibility(error.report);
    reporter.error(
      error.message,
      "Change the spec back, or add a new API version for the change; pass --allow-breaking if no cluster stores these objects yet.",
    );
    return ExitCode.InvalidInput;
  }
  if (error instanceof WriteError) {
    reporter.error(error.message, error.hint);
    return ExitCode.InvalidInput;
  }
  if (isSystemError(error) && error.path !== undefined) {
    // The plan reads the target; when the disk says no, that is not a bug.
    reporter.error(
      `cannot ${verbOf(error.syscall)} ${error.path}: ${systemErrorCause(error)}; nothing was written`,
      "Check that path and its permissions.",
    );
    return ExitCode.InvalidInput;
  }
  if (error instanceof ProjectStateError || error instanceof RunLockHeldError) {
    reporter.error(error.message, error.hint);
    return ExitCode.InvalidInput;
  }
  if (error instanceof PlanRefusedError || error instanceof UnsafePathError) {
    reporter.error(error.message, error instanceof PlanRefusedError ? error.hint : undefined);
    return ExitCode.InvalidInput;
  }
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  reporter.error(
    `internal error in create-operator ${GENERATOR_VERSION} (a bug, not your input): ${message}`,
    "Please report it with the spec that triggered it.",
  );
  return ExitCode.Internal;
}

function verbOf(syscall: string | undefined): string {
  return ["open", "read", "readdir", "scandir", "stat", "lstat", "realpath"].includes(syscall ?? "")
    ? "read"
    : (syscall ?? "access");
}
