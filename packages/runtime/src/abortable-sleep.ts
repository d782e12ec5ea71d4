// A wait that a stop cuts short. The signal is usually the process's or an informer's, alive for
// as long as the process: a listener left on it after every wait (as the informer's backoff once
// did) is a list that grows with every retry, so the listener goes as soon as the wait is over.

import { timerDelay } from "./timer-delay.ts";

/** Resolves after `ms`, or at once when `signal` aborts (never rejects). */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, timerDelay(ms));
    signal.addEventListener("abort", done, { once: true });
  });
}
