// A bare HTTPS GET with a client certificate, for readiness and discovery polling. These run
// every few milliseconds during start, before any API client is worth building.

import { request, type RequestOptions } from "node:https";

export interface ClientTls {
  ca: string;
  cert: string;
  key: string;
}

export interface Response {
  status: number;
  body: string;
}

export type Get = (path: string) => Promise<Response>;

export function httpsGetter(server: string, tls: ClientTls, timeoutMs = 2_000): Get {
  return (path) =>
    sendRequest(
      new URL(path, server),
      { ...tls, agent: false, timeout: timeoutMs },
      undefined,
      `GET ${path}`,
    );
}

/** One HTTPS request, its whole body as text; `options.timeout` bounds the wait. */
export function sendRequest(
  url: URL,
  options: RequestOptions,
  payload: string | undefined,
  what: string,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = request(url, options);
    req.once("timeout", () =>
      req.destroy(new Error(`${what} timed out after ${options.timeout ?? 0} ms`)),
    );
    req.once("error", reject);
    req.once("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.once("error", reject);
      res.once("end", () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
      );
    });
    req.end(payload);
  });
}

/** Calls `check` until it returns a value; throws `describe()` after the deadline. */
export async function pollUntil<T>(
  deadline: number,
  intervalMs: number,
  check: () => Promise<T | undefined>,
  describe: () => string,
): Promise<T> {
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(describe());
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
