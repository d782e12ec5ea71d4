// What a failed reconcile pass says in status: Ready=False with a reason derived from the error and
// a short one-line message, so `kubectl get` and `kubectl wait` show the failure within one pass
// instead of a missing status (a new object) or the previous generation's Ready=True.
//
// observedGeneration on a failed pass: the Ready condition carries the generation the pass failed
// on (it answers for the current spec: "generation N is not in place, because ..."), while
// status.observedGeneration keeps naming the last generation whose whole status was computed (a
// new object has none yet). A failed pass computed no outputs, phase or child readiness for the
// new spec, so moving status.observedGeneration would claim they answer for it. A TerminalError
// is different: retrying cannot help, the generation's outcome is final, and the reconciler
// records it with status.observedGeneration = generation.

import { DeadlineExceededError } from "./abort.ts";
import { setCondition, type Condition, type ObservedCondition } from "./conditions.ts";
import {
  ConflictError,
  describeApiError,
  errorMessage,
  HookError,
  oneLine,
  ProviderError,
  TerminalError,
} from "./errors.ts";

/** Long enough for the error's gist, short enough for a `kubectl get` column and an Event. */
export const FAILURE_MESSAGE_MAX = 300;

/**
 * A short CamelCase reason: a TerminalError's own, ProviderError and HookError for the user's
 * code, the Status reason of an API error (Forbidden, Conflict, Invalid, NotFound, ...),
 * DeadlineExceeded for a pass cut at its deadline, ReconcileError for anything else.
 */
export function failureReason(err: unknown): string {
  if (err instanceof TerminalError) return err.reason;
  if (err instanceof ProviderError) return "ProviderError";
  if (err instanceof HookError) return "HookError";
  if (err instanceof ConflictError) return "Conflict";
  if (err instanceof DeadlineExceededError) return "DeadlineExceeded";
  return describeApiError(err)?.reason ?? "ReconcileError";
}

/** The error on one line, with its causes, cut to FAILURE_MESSAGE_MAX characters. */
export function failureMessage(err: unknown): string {
  const line = oneLine(errorMessage(err));
  return line.length > FAILURE_MESSAGE_MAX ? line.slice(0, FAILURE_MESSAGE_MAX - 3) + "..." : line;
}

/**
 * The status a pass that failed with `err` leaves: `status` with Ready=False for `generation`
 * (see the top of this file for why status.observedGeneration is not moved).
 */
export function failedPassStatus<S extends { conditions?: ObservedCondition[] }>(
  status: S | undefined,
  generation: number,
  err: unknown,
  now: Date,
): S & { conditions: Array<ObservedCondition | Condition> } {
  const conditions = setCondition(
    status?.conditions,
    {
      type: "Ready",
      status: "False",
      reason: failureReason(err),
      message: failureMessage(err),
      observedGeneration: generation,
    },
    now,
  );
  return { ...(status ?? ({} as S)), conditions };
}
