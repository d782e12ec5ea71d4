// Every API call gets a deadline and can be cancelled. The runtime's transport (transport.ts) has
// no timeout of its own: a server (or a proxy, or a half-open TCP connection) that accepts a
// request and never answers would hold the caller as long as the socket lives. The generated
// APIs take per-call options as their last argument; a middleware in them puts an AbortSignal on
// the request (RequestContext.setSignal), which the transport honours for the headers and the
// body alike (it destroys the request) and rejects with the signal's reason.

import {
  Observable,
  type ConfigurationOptions,
  type RequestContext,
} from "@kubernetes/client-node";
import { TimeoutError } from "./timeout.ts";
import { timerDelay } from "./timer-delay.ts";

export interface CallLimits {
  /** Cancels the call when it aborts (e.g. the reconcile's or the process's signal); its reason is what the call rejects with. */
  signal?: AbortSignal;
  /** Rejects the call with a TimeoutError after this long. */
  timeoutMs?: number;
}

/**
 * Per-call options for any generated API method that make the request abortable by `signal`:
 * `api.readNamespacedLease({ name, namespace }, abortOptions(signal))`. Combine with header
 * options the way client-node chains them: `setHeaderOptions(name, value, abortOptions(signal))`.
 */
export function abortOptions(signal: AbortSignal): ConfigurationOptions {
  return {
    middleware: [
      {
        pre: (context: RequestContext) => {
          context.setSignal(signal);
          return new Observable(Promise.resolve(context));
        },
        post: (response) => new Observable(Promise.resolve(response)),
      },
    ],
    // "append" keeps the API's own middleware; client-node's default merge replaces it.
    middlewareMergeStrategy: "append",
  };
}

/**
 * Runs one API call under `limits`: `call` receives the options to pass to the generated method,
 * and the call rejects with `limits.signal`'s reason when it aborts or with a TimeoutError naming
 * `what` once `limits.timeoutMs` has passed, whichever comes first. The timer is cleared as soon
 * as the call settles. With no limits the call runs as it would without this wrapper.
 */
export async function withCallLimits<T>(
  what: string,
  limits: CallLimits,
  call: (options: ConfigurationOptions | undefined) => Promise<T>,
): Promise<T> {
  const { signal, timeoutMs } = limits;
  if (timeoutMs === undefined) return call(signal ? abortOptions(signal) : undefined);
  signal?.throwIfAborted();
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new TimeoutError(what, timeoutMs)),
    timerDelay(timeoutMs),
  );
  const forward = () => controller.abort(signal?.reason);
  signal?.addEventListener("abort", forward, { once: true });
  try {
    return await call(abortOptions(controller.signal));
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", forward);
  }
}
