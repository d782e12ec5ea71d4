import assert from "node:assert/strict";
import { X509Certificate } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { connect } from "node:tls";
import { reloadCertificateFrom } from "../src/certificate-reloader.ts";
import { silentLogger } from "../src/logger.ts";
import { selfSignedCertificate } from "../src/self-signed-certificate.ts";

function servedFingerprint(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    // Only the certificate on offer is of interest here, not whether it is trusted.
    const socket = connect({ host: "127.0.0.1", port, rejectUnauthorized: false }, () => {
      resolve(socket.getPeerCertificate().fingerprint256);
      socket.end();
    });
    socket.on("error", reject);
  });
}

test("a rotated certificate in the mounted directory is served without a restart", async () => {
  const dir = mkdtempSync(join(tmpdir(), "cert-reload-"));
  const first = selfSignedCertificate({ commonName: "first", dnsNames: ["localhost"] });
  const second = selfSignedCertificate({ commonName: "second", dnsNames: ["localhost"] });
  const write = (pem: typeof first) => {
    writeFileSync(join(dir, "tls.crt"), pem.certificate);
    writeFileSync(join(dir, "tls.key"), pem.privateKey);
  };
  write(first);
  const server = createServer({ cert: first.certificate, key: first.privateKey });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  const stop = reloadCertificateFrom(server, dir, silentLogger, 20);
  try {
    const fingerprint = (pem: typeof first) => new X509Certificate(pem.certificate).fingerprint256;
    assert.equal(await servedFingerprint(port), fingerprint(first));
    write(second);
    const deadline = Date.now() + 5_000;
    let served = await servedFingerprint(port);
    while (served !== fingerprint(second) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      served = await servedFingerprint(port);
    }
    assert.equal(served, fingerprint(second), "the second certificate is served");
  } finally {
    stop();
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a pair caught half-written is not installed: the previous certificate is served until both files match", async () => {
  const dir = mkdtempSync(join(tmpdir(), "cert-reload-"));
  const first = selfSignedCertificate({ commonName: "first", dnsNames: ["localhost"] });
  const second = selfSignedCertificate({ commonName: "second", dnsNames: ["localhost"] });
  writeFileSync(join(dir, "tls.crt"), first.certificate);
  writeFileSync(join(dir, "tls.key"), first.privateKey);
  const server = createServer({ cert: first.certificate, key: first.privateKey });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  const stop = reloadCertificateFrom(server, dir, silentLogger, 10);
  const fingerprint = (pem: typeof first) => new X509Certificate(pem.certificate).fingerprint256;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
  try {
    // writeFileSync truncates before it writes: a poll can see an empty certificate ...
    writeFileSync(join(dir, "tls.crt"), "");
    await settle();
    assert.equal(await servedFingerprint(port), fingerprint(first), "an empty certificate");
    // ... or the new certificate beside the old key.
    writeFileSync(join(dir, "tls.crt"), second.certificate);
    await settle();
    assert.equal(await servedFingerprint(port), fingerprint(first), "a mismatched pair");
    writeFileSync(join(dir, "tls.key"), "");
    await settle();
    assert.equal(await servedFingerprint(port), fingerprint(first), "an empty key");
    writeFileSync(join(dir, "tls.key"), second.privateKey);
    await settle();
    assert.equal(await servedFingerprint(port), fingerprint(second), "the complete new pair");
  } finally {
    stop();
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  }
});
