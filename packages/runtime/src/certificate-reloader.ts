// A mounted serving certificate is rotated in place (cert-manager renews it, the kubelet swaps the
// Secret's files): the metrics server picks the new pair up without a restart, as
// controller-runtime's certwatcher does. Polling, not fs.watch: a Secret volume changes through a
// symlink swap that inotify watchers of the old files never see.

import { X509Certificate, createPrivateKey } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Server } from "node:https";
import { join } from "node:path";
import { errorMessage } from "./errors.ts";
import type { Logger } from "./logger.ts";

/** Reloads `certDir`'s tls.crt and tls.key into `server` when they change; returns a stop function. */
export function reloadCertificateFrom(
  server: Server,
  certDir: string,
  logger: Logger,
  intervalMs = 10_000,
): () => void {
  let last = "";
  let refused = "";
  let busy = false;
  const check = async (): Promise<void> => {
    if (busy) return;
    busy = true;
    try {
      const [cert, key] = await Promise.all([
        readFile(join(certDir, "tls.crt"), "utf8"),
        readFile(join(certDir, "tls.key"), "utf8"),
      ]);
      if (cert + key === last) return;
      // A pair caught half-written (a file truncated and not yet refilled, or the new certificate
      // beside the old key) must not be installed: setSecureContext accepts an empty certificate
      // or key without complaint, and the server would then fail every handshake. Keep serving
      // the previous pair until the files hold a certificate and its own key.
      if (!isMatchingPair(cert, key)) {
        // Said once per content: a rotation in progress passes, a broken mount stays visible.
        if (cert + key !== refused)
          logger.warn("metrics serving certificate and key do not match yet", { certDir });
        refused = cert + key;
        return;
      }
      server.setSecureContext({ cert, key });
      if (last !== "") logger.info("metrics serving certificate reloaded", { certDir });
      last = cert + key;
    } catch (err) {
      logger.warn("could not reload the metrics serving certificate", {
        certDir,
        err: errorMessage(err),
      });
    } finally {
      busy = false;
    }
  };
  void check();
  const timer = setInterval(() => void check(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Whether `cert` parses and `key` is its private key; false for empty or partial files. */
export function isMatchingPair(cert: string, key: string): boolean {
  try {
    return new X509Certificate(cert).checkPrivateKey(createPrivateKey(key));
  } catch {
    return false;
  }
}
