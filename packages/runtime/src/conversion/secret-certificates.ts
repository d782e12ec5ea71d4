// The conversion webhook's certificate when cert-manager issues it (the spec's
// `api.conversion.certificates: cert-manager`): cert-manager writes the serving certificate into a
// kubernetes.io/tls Secret (tls.crt, tls.key, ca.crt) and its cainjector copies ca.crt into the
// CRD's caBundle (the `cert-manager.io/inject-ca-from` annotation). The operator only reads: the
// Secret by name and the CRDs, so it needs no right to write either (WebhookCertificates, the
// self-managed way, creates the CA Secret and patches the CRDs).
//
// A renewed certificate reaches the webhook without a restart: the Secret is read again every
// checkIntervalMs (a read by name, which RBAC can limit to this one Secret; a watch could not be).
// Renewals under the same CA, cert-manager's usual case, are served at once. A certificate of a
// CA the CRDs do not trust yet waits until cainjector has put that CA there, unless what is served
// now is not trusted either: switching early would fail every conversion in between.

import { X509Certificate } from "node:crypto";
import type { KubeConfig, V1Secret } from "@kubernetes/client-node";
import { abortableSleep } from "../abortable-sleep.ts";
import { isMatchingPair } from "../certificate-reloader.ts";
import { errorMessage, isNotFound } from "../errors.ts";
import type { Logger } from "../logger.ts";
import type { CertificatePem } from "../self-signed-certificate.ts";
import { SignalObjectApi } from "../signal-object-api.ts";
import { splitPem } from "./certificate-bundle.ts";
import { CrdClient } from "./crd-client.ts";

export interface SecretCertificatesOptions {
  kubeConfig: KubeConfig;
  /** The Secret cert-manager's Certificate writes (its spec.secretName). */
  secret: { namespace: string; name: string };
  /** The CRDs whose caBundle cainjector fills; readiness waits until each trusts the certificate. */
  crdNames: readonly string[];
  logger: Logger;
  /** Each certificate after the first (ConversionWebhook.setCertificate). */
  onCertificate?: (certificate: CertificatePem) => void;
  /** How often the Secret and the CRDs are read; default 10 s. */
  checkIntervalMs?: number;
}

/** The keys cert-manager writes into a Certificate's Secret. */
export const TLS_SECRET_KEYS = { certificate: "tls.crt", key: "tls.key", ca: "ca.crt" };

const SECRET = { apiVersion: "v1", kind: "Secret" } as const;

export class SecretWebhookCertificates {
  readonly #options: SecretCertificatesOptions;
  readonly #objects: SignalObjectApi;
  readonly #crds: CrdClient;
  readonly #stopped = new AbortController();
  #serving: CertificatePem | undefined;
  #ready = false;
  /** What was last said about the Secret, so a state that lasts is logged once. */
  #said = "";
  #timer: NodeJS.Timeout | undefined;
  #syncing: Promise<void> | undefined;

  constructor(options: SecretCertificatesOptions) {
    this.#options = options;
    this.#objects = SignalObjectApi.forConfig(options.kubeConfig);
    this.#crds = new CrdClient(options.kubeConfig);
  }

  /** True once every CRD's caBundle holds the CA of the certificate being served. */
  get ready(): boolean {
    return this.#ready;
  }

  get certificate(): CertificatePem | undefined {
    return this.#serving;
  }

  /**
   * Waits until the Secret holds a certificate and its key (cert-manager may not have issued it
   * yet on a first install), then checks every checkIntervalMs.
   */
  async start(): Promise<CertificatePem> {
    const interval = this.#options.checkIntervalMs ?? 10_000;
    for (;;) {
      await this.sync().catch((err: unknown) => this.#warn("read", err));
      if (this.#serving) break;
      await abortableSleep(interval, this.#stopped.signal);
      if (this.#stopped.signal.aborted) throw new Error("stopped before a certificate was found");
    }
    this.#timer = setInterval(() => {
      this.sync().catch((err: unknown) => this.#warn("read", err));
    }, interval);
    this.#timer.unref();
    return this.#serving;
  }

  stop(): void {
    this.#stopped.abort();
    clearInterval(this.#timer);
  }

  /** One check; concurrent calls share it. */
  sync(): Promise<void> {
    this.#syncing ??= this.#sync().finally(() => (this.#syncing = undefined));
    return this.#syncing;
  }

  async #sync(): Promise<void> {
    const [offered, bundles] = await Promise.all([this.#readSecret(), this.#readBundles()]);
    const trusted = (pem: CertificatePem) => bundles.every((bundle) => issuedBy(pem, bundle));
    const current = this.#serving;
    if (offered && offered.certificate !== current?.certificate) {
      if (current === undefined || trusted(offered) || !trusted(current)) {
        this.#serving = offered;
        this.#say("serving", "conversion webhook serving certificate loaded from its Secret", {
          notAfter: new X509Certificate(offered.certificate).validTo,
        });
        if (current !== undefined) this.#options.onCertificate?.(offered);
      } else {
        this.#say("waiting", "renewed certificate waits until the CRDs trust its CA", {});
      }
    }
    this.#ready = this.#serving !== undefined && trusted(this.#serving);
  }

  /** The Secret's pair, or undefined while it is missing or holds no matching pair. */
  async #readSecret(): Promise<CertificatePem | undefined> {
    const { namespace, name } = this.#options.secret;
    const secret = await this.#objects
      .read<V1Secret>({ ...SECRET, metadata: { namespace, name } })
      .catch((err: unknown) => (isNotFound(err) ? undefined : Promise.reject(err)));
    const read = (key: string) => Buffer.from(secret?.data?.[key] ?? "", "base64").toString("utf8");
    const pem = {
      certificate: read(TLS_SECRET_KEYS.certificate),
      privateKey: read(TLS_SECRET_KEYS.key),
    };
    if (secret === undefined) this.#say("missing", "waiting for the webhook's certificate Secret");
    else if (!isMatchingPair(pem.certificate, pem.privateKey))
      this.#say("unmatched", "the webhook's certificate Secret holds no certificate and its key");
    else return pem;
    return undefined;
  }

  /** Each CRD's caBundle as PEM certificates; a CRD that cannot be read trusts nothing. */
  async #readBundles(): Promise<string[][]> {
    return Promise.all(
      this.#options.crdNames.map(async (crdName) => {
        try {
          const crd = await this.#crds.read(crdName);
          const encoded = crd.spec.conversion?.webhook?.clientConfig?.caBundle ?? "";
          return splitPem(Buffer.from(encoded, "base64").toString("utf8"));
        } catch (err) {
          this.#warn(`read ${crdName}`, err);
          return [];
        }
      }),
    );
  }

  #say(state: string, message: string, fields: Record<string, unknown> = {}): void {
    if (state !== "serving" && state === this.#said) return;
    this.#said = state;
    const { namespace, name } = this.#options.secret;
    const logger = this.#options.logger;
    (state === "serving" ? logger.info : logger.warn).call(logger, message, {
      secret: `${namespace}/${name}`,
      ...fields,
    });
  }

  #warn(what: string, err: unknown): void {
    this.#options.logger.warn(`conversion webhook certificates: could not ${what}`, {
      err: errorMessage(err),
    });
  }
}

/**
 * Whether a CA in `bundle` signed the certificate or one of the chain certificates after it in
 * tls.crt (cert-manager appends intermediates), which is what the API server checks.
 */
function issuedBy(pem: CertificatePem, bundle: readonly string[]): boolean {
  const chain = splitPem(pem.certificate).map((one) => new X509Certificate(one));
  const cas = bundle.map((one) => new X509Certificate(one));
  return chain.some((link) =>
    cas.some(
      (ca) =>
        link.fingerprint256 === ca.fingerprint256 ||
        (link.checkIssued(ca) && link.verify(ca.publicKey)),
    ),
  );
}
