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

/**
 * An external resource's provider call failed (src/providers/*-cloud.ts): the Ready reason
 * ProviderError, and `resource` names the resource class for metrics and logs. Its message names
 * the resource and the call; the provider's own error stays its `cause`.
 */
export class ProviderError extends Error {
  readonly resource: string;
  readonly operation: string;

  constructor(resource: string, operation: string, cause: unknown) {
    super(`${resource} provider ${operation} failed: ${oneLine(errorMessage(cause, false))}`, {
      cause,
    });
    this.name = "ProviderError";
    this.resource = resource;
    this.operation = operation;
  }
}

/**
 * One of your hooks (src/hooks/) threw something other than a TerminalError: the Ready reason
 * HookError. Its message names the hook; the hook's own error stays its `cause`.
 */
export class HookError extends Error {
  readonly hook: string;

  constructor(hook: string, cause: unknown) {
    super(`hook ${hook} failed: ${oneLine(errorMessage(cause, false))}`, { cause });
    this.name = "HookError";
    this.hook = hook;
  }
}

/** What a Kubernetes API error says, read from the metav1.Status in its body. */
export interface ApiErrorDetails {
  code: number;
  /** The Status reason (NotFound, Conflict, Invalid, Forbidden, ...), when the body had one. */
  reason?: string;
  message?: string;
  /** The object the Status names: "<kind> <group>/<name>" as details give them. */
  object?: string;
}

/** HTTP reasons for codes whose response carried no Status reason (metav1.StatusReason names). */
const HTTP_REASONS: Record<number, string> = {
  400: "BadRequest",
  401: "Unauthorized",
  403: "Forbidden",
  404: "NotFound",
  405: "MethodNotAllowed",
  409: "Conflict",
  410: "Gone",
  415: "UnsupportedMediaType",
  422: "Invalid",
  429: "TooManyRequests",
  500: "InternalError",
  503: "ServiceUnavailable",
  504: "Timeout",
};

/** Reasons that can go into a metav1.Condition as they are: CamelCase, no spaces, short. */
const CAMEL_CASE = /^[A-Z][A-Za-z0-9]{0,63}$/;

/**
 * The code, reason, message and object of a client-node ApiException (or any error with a
 * numeric `code` and a Status `body`, parsed or still JSON text); undefined for other errors.
 * client-node's own message is a multi-line dump of the body and every response header.
 */
export function describeApiError(err: unknown): ApiErrorDetails | undefined {
  const code = statusCode(err);
  if (code === undefined || code < 100 || code > 599) return undefined;
  const status = statusBody((err as { body?: unknown }).body);
  const details: ApiErrorDetails = { code };
  const reason = typeof status?.reason === "string" ? status.reason : undefined;
  details.reason = reason !== undefined && CAMEL_CASE.test(reason) ? reason : HTTP_REASONS[code];
  if (details.reason === undefined) delete details.reason;
  if (typeof status?.message === "string" && status.message !== "")
    details.message = oneLine(status.message);
  const about = status?.details;
  if (about !== undefined && typeof about.name === "string" && about.name !== "") {
    const kind = typeof about.kind === "string" ? `${about.kind} ` : "";
    const group = typeof about.group === "string" && about.group !== "" ? `${about.group}/` : "";
    details.object = `${kind}${group}${about.name}`;
  }
  return details;
}

interface StatusBody {
  reason?: unknown;
  message?: unknown;
  details?: { name?: unknown; kind?: unknown; group?: unknown };
}

function statusBody(body: unknown): StatusBody | undefined {
  let value = body;
  if (typeof body === "string") {
    try {
      value = JSON.parse(body);
    } catch {
      return body.trim() === "" ? undefined : { message: body };
    }
  }
  return typeof value === "object" && value !== null ? (value as StatusBody) : undefined;
}

/** "HTTP 404 NotFound: <message> (<object>)", the one line an API error is logged as. */
function apiErrorLine(details: ApiErrorDetails): string {
  const head = `HTTP ${details.code}${details.reason === undefined ? "" : ` ${details.reason}`}`;
  const message = details.message === undefined ? "" : `: ${details.message}`;
  const object = details.object === undefined ? "" : ` (${details.object})`;
  return `${head}${message}${object}`;
}

/**
 * One line for logs and status messages: an API error as apiErrorLine(), any other error by its
 * message, and then each `cause` in turn ("; cause: ..."), so the root of a wrapped failure (a
 * DNS error under "fetch failed", the 409 under a ConflictError) is never dropped.
 */
export function errorMessage(err: unknown, withCauses = true): string {
  const parts: string[] = [];
  const seen = new Set<unknown>();
  for (let e: unknown = err; e !== undefined && e !== null && !seen.has(e);) {
    seen.add(e);
    const api = describeApiError(e);
    parts.push(
      api !== undefined ? apiErrorLine(api) : oneLine(e instanceof Error ? e.message : String(e)),
    );
    if (!withCauses || !(e instanceof Error)) break;
    // A ProviderError's or HookError's message already ends with its cause's.
    const wrapper = e instanceof ProviderError || e instanceof HookError;
    e = wrapper ? (e.cause instanceof Error ? e.cause.cause : undefined) : e.cause;
  }
  return parts.join("; cause: ");
}

/** Line breaks and runs of spaces become one space. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
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
