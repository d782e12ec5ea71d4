// Error classes the controller uses to decide what happens after a failed reconcile. The split
// matters: retrying an unretryable error is a hot loop, and giving up on a transient one leaks work.

/**
 * Retrying cannot help (invalid spec, forbidden transition, quota the user must raise). The
 * reconciler reports it as Ready=False with `reason`, and the controller does not requeue it; the
 * next spec change or periodic resync gives it another chance.
 */
export class TerminalError extends Error {
  readonly reason: string;

  constructor(reason: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "TerminalError";
    this.reason = reason;
  }
}

/**
 * A write carried a stale resourceVersion: somebody else changed the object first. Never retry the
 * same write; requeue and decide again from a newer read.
 */
export class ConflictError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ConflictError";
  }
}

/** The HTTP status of an ApiException (client-node 2.x puts it in `.code`), if the error has one. */
export function statusCode(err: unknown): number | undefined {
  if (typeof err === "object" && err !== null && "code" in err && typeof err.code === "number") {
    return err.code;
  }
  return undefined;
}

export function isNotFound(err: unknown): boolean {
  return statusCode(err) === 404;
}

export function isConflict(err: unknown): boolean {
  return err instanceof ConflictError || statusCode(err) === 409;
}

/**
 * 400 and 422 mean the request itself is invalid: sending it again cannot succeed until the spec
 * changes. Everything else (throttling, timeouts, 5xx, even 403 while RBAC is being fixed) is
 * worth retrying with backoff.
 */
export function isInvalid(err: unknown): boolean {
  const code = statusCode(err);
  return code === 400 || code === 422;
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * How long the server asked us to wait (Retry-After on a 429 or 503), in milliseconds; undefined
 * when it did not say. Only the delay-seconds form is used by the API server.
 */
export function retryAfterMs(err: unknown): number | undefined {
  const code = statusCode(err);
  if (code !== 429 && code !== 503) return undefined;
  const headers = (err as { headers?: unknown }).headers;
  if (typeof headers !== "object" || headers === null) return undefined;
  const entry = Object.entries(headers).find(([name]) => name.toLowerCase() === "retry-after");
  const seconds = Number(entry?.[1]);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}
