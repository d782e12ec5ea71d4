// The webhook server's HTTP edges, on loopback with a self-signed certificate: what a request can
// do to it besides a ConversionReview (the API server's side is in test/e2e/).

import assert from "node:assert/strict";
import { request } from "node:https";
import { after, before, test } from "node:test";
import {
  startConversionWebhook,
  type ConversionWebhook,
} from "../src/conversion/webhook-server.ts";
import { silentLogger } from "../src/logger.ts";
import { selfSignedCertificate } from "../src/self-signed-certificate.ts";

const certificate = selfSignedCertificate({ commonName: "localhost", dnsNames: ["localhost"] });
let webhook: ConversionWebhook;

before(async () => {
  webhook = await startConversionWebhook({
    conversions: [
      {
        group: "example.com",
        kind: "Widget",
        hub: "v2",
        spokes: { v1: { toHub: (o) => o, fromHub: (o) => o } },
      },
    ],
    port: 0,
    host: "127.0.0.1",
    certificate,
    logger: silentLogger,
    maxRequestBytes: 1_000,
  });
});
after(() => webhook.stop());

/** `body` in one piece (Content-Length), or in `pieces` pieces (chunked: no length announced). */
function send(
  method: string,
  path: string,
  body = "",
  pieces = 1,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: webhook.port,
        method,
        path,
        servername: "localhost",
        ca: certificate.certificate,
      },
      (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    const size = Math.ceil(body.length / pieces);
    for (let at = 0; at + size < body.length; at += size) req.write(body.slice(at, at + size));
    req.end(body.slice(size * (pieces - 1)));
  });
}

test("only POST /convert with a ConversionReview of bounded size is answered", async () => {
  assert.equal((await send("GET", "/convert")).status, 405);
  assert.equal((await send("POST", "/other", "{}")).status, 404);
  assert.equal((await send("POST", "/convert", "{not json")).status, 400);
  assert.equal((await send("POST", "/convert", '{"kind":"AdmissionReview"}')).status, 400);
  const tooLarge = await send("POST", "/convert", JSON.stringify({ pad: "x".repeat(2_000) }));
  assert.equal(tooLarge.status, 413);
  const streamed = await send("POST", "/convert", JSON.stringify({ pad: "x".repeat(5_000) }), 10);
  assert.equal(streamed.status, 413, "a chunked body is cut off too");
  const review = {
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "ConversionReview",
    request: {
      uid: "u",
      desiredAPIVersion: "example.com/v2",
      objects: [{ apiVersion: "example.com/v1", kind: "Widget", metadata: { name: "w" } }],
    },
  };
  const answer = await send("POST", "/convert", JSON.stringify(review));
  assert.equal(answer.status, 200);
  const body = JSON.parse(answer.text) as {
    response: { convertedObjects: Array<{ apiVersion: string }> };
  };
  assert.equal(body.response.convertedObjects[0]?.apiVersion, "example.com/v2");
});
