// Every reconcile runs under a deadline carried by an AbortSignal. The signal goes to every API
// call (the runtime's transport destroys the request) and to every provider call, so
// a call that hangs is cancelled rather than holding a worker. A provider that ignores the signal
// cannot hold the worker either: the controller stops waiting at the deadline (raceAbort) and the
// abandoned pass can no longer write, because every later call sees the aborted signal.

import {
  Observable,
  type ConfigurationOptions,
  type RequestContext,
  type ResponseContext,
} from "@kubernetes/client-node";

/** The pass ran out of time; retried with backoff like any transient failure. */
export class DeadlineExceededError extends Error {
  constructor(what: string, ms: number) {
    super(`${what} did not finish within ${ms} ms`);
    this.name = "DeadlineExceededError";
  }
}

/** What the controller hands each reconcile. */
export interface ReconcileContext {
  /** Aborted at the reconcile's deadline (or when the controller stops). */
  signal: AbortSignal;
}

/**
 * Resolves or rejects with `work`, or rejects with the signal's reason once it aborts, whichever
 * comes first. `work` is not cancelled by this (pass it the signal for that); if it settles later
 * its outcome is dropped, never reported as an unhandled rejection.
 */
export function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  work.catch(() => {});
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(err);
      },
    );
  });
}

/**
 * Per-call options for client-node's generated APIs that attach `signal` to the request, so the
 * HTTP request itself is cancelled at the deadline. Merged after the client's own middleware.
 */
export function signalOptions(signal: AbortSignal | undefined): ConfigurationOptions | undefined {
  if (signal === undefined) return undefined;
  return {
    middleware: [
      {
        pre: (context: RequestContext) => {
          context.setSignal(signal);
          return new Observable(Promise.resolve(context));
        },
        post: (response: ResponseContext) => new Observable(Promise.resolve(response)),
      },
    ],
    middlewareMergeStrategy: "append",
  };
}
