// The conversion webhook's HTTPS server. It runs on every replica, not only the leader: the API
// server calls the Service, which may pick any ready pod, and a read in a non-storage version
// fails whenever nobody answers. Nothing a request carries can crash the process: bodies are
// bounded, JSON that does not parse is a 400, and a converter's exception is a Failure response.

import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { errorMessage } from "../errors.ts";
import type { Logger } from "../logger.ts";
import { noopConversionMetrics, type ConversionMetrics } from "../metrics.ts";
import type { CertificatePem } from "../self-signed-certificate.ts";
import { answerReview, MalformedReview } from "./conversion-review.ts";
import { ConversionRegistry, type KindConversion } from "./converters.ts";

/** The path every kind's CRD names in spec.conversion.webhook.clientConfig. */
export const CONVERSION_PATH = "/convert";

/**
 * The API server caps a ConversionReview at what it would store (an object of at most ~1.5 MiB in
 * etcd), but a LIST converts its whole page in one review; 64 MiB leaves room for that and still
 * bounds what one request can make the process hold.
 */
export const DEFAULT_MAX_REQUEST_BYTES = 64 * 1024 * 1024;

export interface ConversionWebhookOptions {
  /** Every kind this operator converts: several CRDs share one server and path. */
  conversions: readonly KindConversion[];
  port: number;
  /** Where to listen; all interfaces by default (the Service reaches the pod's IP). */
  host?: string;
  /** The first serving certificate; later ones through setCertificate (rotation). */
  certificate: CertificatePem;
  logger: Logger;
  metrics?: ConversionMetrics;
  maxRequestBytes?: number;
}

export interface ConversionWebhook {
  readonly server: Server;
  /** The port it listens on (useful with port 0). */
  readonly port: number;
  /** Serves new connections with `certificate`; connections already open keep theirs. */
  setCertificate(certificate: CertificatePem): void;
  stop(): Promise<void>;
}

export async function startConversionWebhook(
  options: ConversionWebhookOptions,
): Promise<ConversionWebhook> {
  const registry = new ConversionRegistry(options.conversions);
  const metrics = options.metrics ?? noopConversionMetrics;
  const maxBytes = options.maxRequestBytes ?? DEFAULT_MAX_REQUEST_BYTES;
  const { logger } = options;
  const tls = (pem: CertificatePem) => ({ cert: pem.certificate, key: pem.privateKey });
  const server = createServer(tls(options.certificate), (request, response) => {
    const reply = (status: number, body: string, type = "text/plain") =>
      response.writeHead(status, { "content-type": type }).end(body);
    if ((request.url ?? "").split("?")[0] !== CONVERSION_PATH) return void reply(404, "not found");
    if (request.method !== "POST") return void reply(405, "method not allowed");
    // Too large: answered at once and the rest discarded unread, so memory stays bounded; the
    // connection closes after the answer.
    const refuse = () => {
      response.writeHead(413, { "content-type": "text/plain", connection: "close" });
      response.end(`request larger than ${maxBytes} bytes`);
      request.removeAllListeners("data");
      request.resume();
    };
    if (Number(request.headers["content-length"] ?? 0) > maxBytes) return void refuse();
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) refuse();
      else chunks.push(chunk);
    });
    request.on("error", () => {}); // a client that goes away is no error of ours
    request.on("end", () => {
      if (response.headersSent) return;
      void (async () => {
        let review: unknown;
        try {
          review = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        } catch {
          return reply(400, "the body is not JSON");
        }
        const answer = await answerReview(review, registry, metrics);
        if (answer.response.result.status === "Failure")
          logger.warn("conversion failed", { reason: answer.response.result.message });
        reply(200, JSON.stringify(answer), "application/json");
      })().catch((err: unknown) => {
        if (err instanceof MalformedReview) return reply(400, err.message);
        logger.error("conversion request failed", { err: errorMessage(err) });
        if (!response.headersSent) reply(500, "internal error");
        else response.destroy();
      });
    });
  });
  // A TLS handshake that fails (a client with another CA, a port scanner) is the client's problem.
  server.on("tlsClientError", () => {});
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    setCertificate: (certificate) => server.setSecureContext(tls(certificate)),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
