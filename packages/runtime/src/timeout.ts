// Every external call during cleanup is bounded: a hung provider call must turn into a retry with
// backoff and a visible condition, not a worker that never comes back. The bound cancels what it
// races: `work` gets an AbortSignal that aborts at the timeout (or with the reconcile's own
// signal), so a provider that honours it stops the call instead of leaving it running.

import { raceAbort } from "./abort.ts";
import { timerDelay } from "./timer-delay.ts";

export class TimeoutError extends Error {
  constructor(what: string, ms: number) {
    super(`${what} did not finish within ${ms} ms`);
    this.name = "TimeoutError";
  }
}

/**
 * Runs `work` with a signal that aborts after `ms` or when `parent` aborts, whichever is first,
 * and rejects at that moment even if `work` ignores the signal (its late outcome is dropped).
 */
export async function withTimeout<T>(
  work: (signal: AbortSignal) => Promise<T>,
  ms: number,
  what: string,
  parent?: AbortSignal,
): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new TimeoutError(what, ms)), timerDelay(ms));
  const onParentAbort = () => controller.abort(parent?.reason);
  if (parent?.aborted) onParentAbort();
  else parent?.addEventListener("abort", onParentAbort, { once: true });
  try {
    return await raceAbort(
      Promise.resolve().then(() => work(controller.signal)),
      controller.signal,
    );
  } finally {
    clearTimeout(timer);
    parent?.removeEventListener("abort", onParentAbort);
    // Whatever `work` still has in flight is cancelled, not left running unbounded.
    if (!controller.signal.aborted) controller.abort(new Error(`${what} finished`));
  }
}
