import assert from "node:assert/strict";
import { X509Certificate, createPublicKey } from "node:crypto";
import { get } from "node:https";
import { createServer } from "node:https";
import { test } from "node:test";
import {
  certificateAuthority,
  issueServingCertificate,
  selfSignedCertificate,
} from "../src/self-signed-certificate.ts";

test("a self-signed serving certificate that parses, verifies and names its hosts", () => {
  const now = new Date("2030-06-01T00:00:00Z");
  const pem = selfSignedCertificate({
    commonName: "op-metrics",
    dnsNames: ["op-metrics.system.svc", "localhost"],
    ipAddresses: ["127.0.0.1"],
    now,
  });
  const cert = new X509Certificate(pem.certificate);
  assert.equal(cert.subject, "CN=op-metrics");
  assert.equal(cert.issuer, cert.subject, "self-signed");
  assert.ok(cert.verify(createPublicKey(pem.privateKey)), "signed by its own key");
  assert.equal(cert.checkHost("op-metrics.system.svc"), "op-metrics.system.svc");
  assert.equal(cert.checkIP("127.0.0.1"), "127.0.0.1");
  assert.equal(cert.checkHost("other.example.com"), undefined);
  assert.equal(cert.ca, false);
  assert.deepEqual(cert.keyUsage, ["1.3.6.1.5.5.7.3.1"]);
  assert.ok(new Date(cert.validFrom) < now && new Date(cert.validTo) > now);
  assert.equal(new Date(cert.validTo).getUTCFullYear(), 2031);
});

test("validity past 2049 is written as GeneralizedTime and still parses", () => {
  const pem = selfSignedCertificate({
    commonName: "far",
    dnsNames: ["far"],
    now: new Date("2049-12-31T00:00:00Z"),
  });
  assert.equal(new Date(new X509Certificate(pem.certificate).validTo).getUTCFullYear(), 2050);
});

test("a TLS client that trusts the certificate completes a handshake with a server using it", async () => {
  const pem = selfSignedCertificate({ commonName: "localhost", dnsNames: ["localhost"] });
  const server = createServer({ cert: pem.certificate, key: pem.privateKey }, (_req, res) =>
    res.end("ok"),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  try {
    const body = await new Promise<string>((resolve, reject) => {
      get({ host: "127.0.0.1", port, servername: "localhost", ca: pem.certificate }, (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve(text));
      }).on("error", reject);
    });
    assert.equal(body, "ok");
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test("every serial number is encoded minimally: 2000 certificates all parse", () => {
  // A random serial whose first byte is 0 needs no leading zero; DER forbids one, and OpenSSL
  // refused about one certificate in 256 ("illegal padding") before the encoding was minimal.
  for (let i = 0; i < 2000; i++) {
    const pem = selfSignedCertificate({ commonName: `c${i}`, dnsNames: ["localhost"] });
    assert.ok(new X509Certificate(pem.certificate).serialNumber.length > 0);
  }
});

test("a CA of our own signs serving certificates a TLS client trusting only the CA accepts", async () => {
  const ca = certificateAuthority({ commonName: "op-webhook-ca-1" });
  const caCert = new X509Certificate(ca.certificate);
  assert.equal(caCert.ca, true);
  const serving = issueServingCertificate(ca, {
    commonName: "op-webhook.system.svc",
    dnsNames: ["op-webhook.system.svc", "localhost"],
    ipAddresses: ["127.0.0.1"],
    validDays: 1,
  });
  const cert = new X509Certificate(serving.certificate);
  assert.equal(cert.issuer, "CN=op-webhook-ca-1");
  assert.ok(cert.checkIssued(caCert), "issued by the CA");
  assert.ok(cert.verify(caCert.publicKey), "signed with the CA's key");
  assert.equal(cert.ca, false);
  const server = createServer({ cert: serving.certificate, key: serving.privateKey }, (_req, res) =>
    res.end("ok"),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  // A bundle of an older CA and this one, as during a rotation: either may have signed.
  const other = certificateAuthority({ commonName: "op-webhook-ca-0" });
  try {
    const body = await new Promise<string>((resolve, reject) => {
      get({ host: "127.0.0.1", port, ca: other.certificate + ca.certificate }, (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve(text));
      }).on("error", reject);
    });
    assert.equal(body, "ok");
    await assert.rejects(
      new Promise((resolve, reject) => {
        get({ host: "127.0.0.1", port, ca: other.certificate }, resolve).on("error", reject);
      }),
      /self[- ]signed|unable to verify|unable to get local issuer/i,
    );
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
