// /metrics over HTTPS, for callers the API server says may `get /metrics` (metrics-auth.ts).
// The serving certificate is the one mounted in METRICS_CERT_DIR (tls.crt, tls.key: the layout
// of a cert-manager or kubernetes.io/tls Secret), or a self-signed one made at start. Health
// probes stay on their own plain-HTTP port: the kubelet has no token to send.

import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import { hostname } from "node:os";
import { join } from "node:path";
import type { Logger } from "./logger.ts";
import type { MetricsAuthorizer } from "./metrics-auth.ts";
import { selfSignedCertificate, type CertificatePem } from "./self-signed-certificate.ts";

export const METRICS_PATH = "/metrics";

export interface MetricsServerOptions {
  port: number;
  /** Where to listen; all interfaces by default (the Service reaches the pod's IP). */
  host?: string;
  metrics: { exposition(): Promise<{ contentType: string; body: string }> };
  authorizer: MetricsAuthorizer;
  certificate: CertificatePem;
  logger: Logger;
}

/**
 * The mounted certificate of `certDir`, or (no directory configured) a self-signed one valid for
 * the pod's host name, `dnsNames` (the metrics Service) and loopback.
 */
export function metricsCertificate(
  certDir: string | undefined,
  dnsNames: readonly string[],
): CertificatePem {
  if (certDir) {
    return {
      certificate: readFileSync(join(certDir, "tls.crt"), "utf8"),
      privateKey: readFileSync(join(certDir, "tls.key"), "utf8"),
    };
  }
  return selfSignedCertificate({
    commonName: dnsNames[0] ?? hostname(),
    dnsNames: [...dnsNames, hostname(), "localhost"],
    ipAddresses: ["127.0.0.1"],
  });
}

export async function startMetricsServer(options: MetricsServerOptions): Promise<Server> {
  const { authorizer, metrics, logger } = options;
  const server = createServer(
    { cert: options.certificate.certificate, key: options.certificate.privateKey },
    (request, response) => {
      const path = (request.url ?? "").split("?")[0] ?? "";
      const text = (status: number, body: string, headers: Record<string, string> = {}) =>
        response.writeHead(status, { "content-type": "text/plain", ...headers }).end(body + "\n");
      if (path !== METRICS_PATH) return void text(404, "not found");
      if (request.method !== "GET" && request.method !== "HEAD") {
        return void text(405, "method not allowed", { allow: "GET, HEAD" });
      }
      void (async () => {
        const decision = await authorizer.authorize(request.headers.authorization, "get", path);
        if (!decision.allowed) {
          if (decision.status === 500)
            logger.warn("metrics authorization failed", { reason: decision.reason });
          const challenge: Record<string, string> =
            decision.status === 401 ? { "www-authenticate": 'Bearer realm="metrics"' } : {};
          return text(
            decision.status,
            decision.status === 401 ? "Unauthorized" : "Forbidden",
            challenge,
          );
        }
        const { contentType, body } = await metrics.exposition();
        response.writeHead(200, { "content-type": contentType });
        response.end(request.method === "HEAD" ? undefined : body);
      })().catch((err: unknown) => {
        logger.error("metrics request failed", { err });
        if (!response.headersSent) text(500, "internal error");
        else response.destroy();
      });
    },
  );
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return server;
}
