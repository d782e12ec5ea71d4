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

import type { KubernetesObject } from "@kubernetes/client-node";
import { DeadlineExceededError } from "./abort.ts";
import { setCondition, type Condition, type OpenCondition } from "./conditions.ts";
import {
  ConflictError,
  describeApiError,
  errorMessage,
  HookError,
  isConflict,
  oneLine,
  ProviderError,
  TerminalError,
} from "./errors.ts";

import type { ReconcileResult } from "./controller.ts";
import type { Logger } from "./logger.ts";
import { keyOf, type ResourceClient } from "./resource-client.ts";
import { writeStatusIfChanged } from "./status.ts";

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
export function failedPassStatus<S extends { conditions?: OpenCondition[] }>(
  status: S | undefined,
  generation: number,
  err: unknown,
  now: Date,
): S & { conditions: Array<OpenCondition | Condition> } {
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

/** The phase a TerminalError moves an object to, when the kind's phase table allows it. */
export interface FailedPhase<P extends string> {
  phase: P | undefined;
  canTransition(from: string | undefined, to: P): boolean;
}

type FailureStatus = {
  conditions?: OpenCondition[];
  observedGeneration?: number;
  observedSpecHash?: string;
  phase?: string;
};

/**
 * What a generated reconciler does with a pass that threw. It says so in status before the pass is
 * retried: Ready=False with failureReason's reason and a one-line message, within this pass, so a
 * new object has a status at all and a changed one no longer shows the old generation's
 * Ready=True (status.observedGeneration stays; see the top of this file). A TerminalError is
 * final for this generation: its own reason and message, the failed phase (`failedPhase`, when
 * the phase table allows it), status.observedGeneration = generation, and no retry until the spec
 * changes. Anything else is rethrown to the controller, which retries with backoff and records a
 * Warning Event per failed pass (aggregated into one Event's count). A conflict is no failure
 * (the next pass reads the newer version) and a pass cut at its deadline can no longer write, so
 * neither writes status. A status write that fails here is logged; the pass's own error is what
 * is retried.
 */
export async function recordFailedPass<
  P extends string,
  T extends KubernetesObject & { status?: FailureStatus },
>(
  client: ResourceClient<T>,
  obj: T,
  generation: number,
  err: unknown,
  options: {
    signal?: AbortSignal;
    logger: Logger;
    now: Date;
    failedPhase?: FailedPhase<P>;
    /**
     * The hash of the spec the pass worked on, for a kind without the status subresource
     * (spec-hash.ts): recorded as status.observedSpecHash wherever status.observedGeneration moves.
     */
    specHash?: string;
  },
): Promise<ReconcileResult> {
  const { signal, logger, now, failedPhase, specHash } = options;
  const key = keyOf(obj);
  if (err instanceof TerminalError) {
    logger.error("terminal error", { key, reason: err.reason, err: err.message });
    const status: FailureStatus = { ...obj.status };
    const phase = failedPhase?.phase;
    if (phase !== undefined && failedPhase!.canTransition(status.phase, phase))
      status.phase = phase;
    status.conditions = setCondition(
      status.conditions,
      {
        type: "Ready",
        status: "False",
        reason: err.reason,
        message: err.message,
        observedGeneration: generation,
      },
      now,
    );
    status.observedGeneration = generation;
    if (specHash !== undefined) status.observedSpecHash = specHash;
    await writeStatusIfChanged(client, obj, status as T["status"], { signal });
    return {};
  }
  if (!isConflict(err) && signal?.aborted !== true) {
    try {
      const status = failedPassStatus(obj.status, generation, err, now);
      await writeStatusIfChanged(client, obj, status as T["status"], { signal });
    } catch (writeErr) {
      // With the client runOperator wires, also an Event and operator_status_update_errors_total.
      logger.warn("could not record the failure in status", { key, err: writeErr });
    }
  }
  throw err;
}
