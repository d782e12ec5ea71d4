// The few API calls a server check makes, over HTTPS to the loopback API server: the server's
// self-signed certificate is pinned as the only CA and every request carries a random bearer
// token, so nothing else on the machine can talk to it or pose as it.

import { request } from "node:https";

export interface ApiAnswer {
  status: number;
  body: unknown;
  /** `Warning` headers, e.g. about a CRD's schema, text only (the "299 - " code stripped). */
  warnings: string[];
}

export interface StatusCause {
  reason?: string;
  message?: string;
  field?: string;
}

export type Call = (
  method: string,
  path: string,
  body?: unknown,
  accept?: string,
) => Promise<ApiAnswer>;

export function apiClient(server: string, ca: string, token: string, timeoutMs = 15_000): Call {
  return (method, path, body, accept = "application/json") =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        new URL(path, server),
        {
          method,
          ca,
          timeout: timeoutMs,
          headers: {
            authorization: `Bearer ${token}`,
            accept,
            ...(payload ? { "content-type": "application/json" } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            let parsed: unknown = text;
            try {
              parsed = JSON.parse(text);
            } catch {
              // /readyz and friends answer in plain text
            }
            resolve({
              status: res.statusCode ?? 0,
              body: parsed,
              warnings: warningsOf(res.headers.warning),
            });
          });
        },
      );
      req.on("timeout", () =>
        req.destroy(new Error(`${method} ${path}: no answer in ${timeoutMs} ms`)),
      );
      req.on("error", reject);
      req.end(payload);
    });
}

function warningsOf(header: string | string[] | undefined): string[] {
  const values = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return values.flatMap((value) =>
    [...value.matchAll(/\d{3} \S+ "((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!.replace(/\\(.)/g, "$1")),
  );
}

/** The causes of a 422 Invalid (metav1.Status details), or one cause holding the whole message. */
export function causesOf(answer: ApiAnswer): StatusCause[] {
  const status = answer.body as {
    message?: string;
    details?: { causes?: StatusCause[] };
  } | null;
  const causes = status?.details?.causes ?? [];
  if (causes.length > 0) return causes;
  const message = typeof answer.body === "string" ? answer.body : (status?.message ?? "");
  return [{ message: `${answer.status}: ${message}` }];
}

export function isAccepted(answer: ApiAnswer): boolean {
  return answer.status >= 200 && answer.status < 300;
}
