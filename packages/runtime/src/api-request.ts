// One request to the API server on the runtime's transport (transport.ts), for the calls the
// runtime makes without client-node's generated clients: the informers' LIST and WATCH
// (list-watch.ts) and the reconciled object's status and finalizer writes
// (kube-resource-client.ts), whose bodies are read through the annotation filter. A non-2xx
// answer becomes an ApiStatusError shaped like client-node's ApiException (`code`, `body`,
// `headers`), so errors.ts maps and describes both alike.

import type { KubeConfig } from "@kubernetes/client-node";
import { KubeTransport, readAll } from "./transport.ts";

/**
 * An HTTP error with its status in `.code`, where errors.ts's statusCode() looks for it, and the
 * Retry-After of a 429 or 503 in `.headers`, where retryAfterMs() looks for it.
 */
export class ApiStatusError extends Error {
  readonly code: number;
  readonly headers: Record<string, string>;
  /** The response's metav1.Status (or its text when not JSON), as client-node's ApiException has it. */
  readonly body: unknown;

  constructor(
    code: number,
    message: string,
    headers: Record<string, string> = {},
    body: unknown = undefined,
  ) {
    super(message);
    this.name = "ApiStatusError";
    this.code = code;
    this.headers = headers;
    this.body = body;
  }
}

/**
 * Sends one API request on the runtime's transport and resolves with the response (its body still
 * streaming) when the status is 2xx; otherwise reads the metav1.Status the server sent and throws
 * it as an ApiStatusError, with the Status itself in `.body` for errors.ts's describeApiError().
 */
export async function apiRequest(
  kubeConfig: KubeConfig,
  path: string,
  query: Record<string, string | undefined>,
  options: {
    signal?: AbortSignal;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  } = {},
) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.set(name, value);
  }
  const method = options.method ?? "GET";
  const signal = options.signal;
  const response = await KubeTransport.for(kubeConfig).request({
    method,
    url: `${path}?${search.toString()}`,
    headers: { accept: "application/json", ...options.headers },
    ...(options.body === undefined ? {} : { body: options.body }),
    ...(signal === undefined ? {} : { signal }),
  });
  if (response.status < 200 || response.status > 299) {
    // The body is a metav1.Status whose message says why (RBAC, missing CRD, expired version).
    const text = await readAll(response.body, signal)
      .then((bytes) => bytes.toString("utf8"))
      .catch(() => "");
    let message = text;
    let status: unknown;
    try {
      status = JSON.parse(text);
      message = (status as { message?: string }).message ?? text;
    } catch {
      // not JSON: keep the text
    }
    const retryAfter = response.headers["retry-after"];
    throw new ApiStatusError(
      response.status,
      `${method} ${path}: ${response.status} ${message}`,
      retryAfter === undefined ? {} : { "retry-after": retryAfter },
      status ?? text,
    );
  }
  return response;
}
