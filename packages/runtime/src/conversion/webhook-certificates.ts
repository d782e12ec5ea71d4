// The conversion webhook's certificates without cert-manager. The operator keeps its own CA in a
// Secret, so every replica serves under the same CA and the one bundle in the CRD trusts them all;
// each replica signs its own serving certificate with the CA's key. Replicas starting together
// race to create the Secret: the loser reads the winner's (create-or-get).
//
// Rotation never fails a conversion: a serving certificate is renewed under the same CA well before
// it expires; a CA nearing its end is replaced by a new one that first joins the bundle next to the
// old (both trusted), and serving certificates switch to it only once it has been in every CRD for
// `caPropagationMs`, the time the API server takes to apply a CRD change. The old CA leaves the
// bundle when it expires. What each CRD is given is the union of its own bundle and the Secret's,
// so a replica that read an older Secret can never take a CA away that another replica serves under.

import type { KubeConfig, V1Secret } from "@kubernetes/client-node";
import { X509Certificate } from "node:crypto";
import { errorMessage, isConflict, isNotFound } from "../errors.ts";
import type { Logger } from "../logger.ts";
import {
  certificateAuthority,
  issueServingCertificate,
  type CertificatePem,
} from "../self-signed-certificate.ts";
import { SignalObjectApi } from "../signal-object-api.ts";
import { CrdClient } from "./crd-client.ts";
import { fingerprint, mergeBundles, notAfterMs, splitPem } from "./certificate-bundle.ts";

const DAY_MS = 86_400_000;

export interface WebhookCertificatesOptions {
  kubeConfig: KubeConfig;
  /** The Secret holding the CA every replica shares (created if missing). */
  secret: { namespace: string; name: string };
  /** The CRDs, by name (databases.example.com), whose webhook clientConfig.caBundle is managed. */
  crdNames: readonly string[];
  /** What the serving certificate names: the webhook Service's DNS names. */
  dnsNames: readonly string[];
  ipAddresses?: readonly string[];
  logger: Logger;
  /** Each serving certificate after the first (ConversionWebhook.setCertificate). */
  onCertificate?: (certificate: CertificatePem) => void;
  /** Default 5 years; a new CA is made when less than caRenewBeforeMs (default a third) is left. */
  caValidityMs?: number;
  caRenewBeforeMs?: number;
  /** Default 90 days; renewed when less than servingRenewBeforeMs (default a third) is left. */
  servingValidityMs?: number;
  servingRenewBeforeMs?: number;
  /** How long a new CA is in every CRD's bundle before it signs what this replica serves. */
  caPropagationMs?: number;
  /** How often the Secret, the CRDs and the serving certificate are checked; default a minute. */
  checkIntervalMs?: number;
  /** The clock, in ms since the epoch. */
  now?: () => number;
}

/** The keys of the CA Secret. */
export const CA_SECRET_KEYS = { certificate: "ca.crt", key: "ca.key", bundle: "ca-bundle.crt" };

interface SharedCa {
  signing: CertificatePem;
  /** Every CA still trusted: the signing one first, then older ones until they expire. */
  bundle: string[];
}

const SECRET = { apiVersion: "v1", kind: "Secret" } as const;

export class WebhookCertificates {
  readonly #options: WebhookCertificatesOptions;
  /** The generic client for the CA Secret (CoreV1Api would cost ~3 MB of bundle). */
  readonly #objects: SignalObjectApi;
  readonly #crds: CrdClient;
  readonly #now: () => number;
  /** CA fingerprint -> when this replica first saw it in every managed CRD's bundle. */
  readonly #injectedSince = new Map<string, number>();
  #serving: CertificatePem | undefined;
  #servingCa = "";
  #ready = false;
  #timer: NodeJS.Timeout | undefined;
  #syncing: Promise<void> | undefined;

  constructor(options: WebhookCertificatesOptions) {
    this.#options = options;
    this.#objects = SignalObjectApi.forConfig(options.kubeConfig);
    this.#crds = new CrdClient(options.kubeConfig);
    this.#now = options.now ?? Date.now;
  }

  /**
   * True once the CA that signed the certificate being served is in every managed CRD's bundle:
   * the API server can then verify this replica. Part of the pod's readiness.
   */
  get ready(): boolean {
    return this.#ready;
  }

  /** The serving certificate in use. */
  get certificate(): CertificatePem | undefined {
    return this.#serving;
  }

  /** The first pass (CA, injection, serving certificate), then one every checkIntervalMs. */
  async start(): Promise<CertificatePem> {
    await this.sync();
    this.#timer = setInterval(() => {
      this.sync().catch((err: unknown) =>
        this.#options.logger.warn("conversion webhook certificates not checked", {
          err: errorMessage(err),
        }),
      );
    }, this.#options.checkIntervalMs ?? 60_000);
    this.#timer.unref();
    return this.#serving!;
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  /** One pass; concurrent calls share it. */
  sync(): Promise<void> {
    this.#syncing ??= this.#sync().finally(() => (this.#syncing = undefined));
    return this.#syncing;
  }

  async #sync(): Promise<void> {
    const ca = await this.#sharedCa();
    const injected = await this.#inject(ca.bundle);
    const now = this.#now();
    for (const pem of injected) {
      const key = fingerprint(pem);
      if (!this.#injectedSince.has(key)) this.#injectedSince.set(key, now);
    }
    const signingKey = fingerprint(ca.signing.certificate);
    const since = this.#injectedSince.get(signingKey);
    const caUsable =
      since !== undefined && now - since >= (this.#options.caPropagationMs ?? 30_000);
    const renewBefore = this.#options.servingRenewBeforeMs ?? this.#servingValidity() / 3;
    const expiring =
      this.#serving !== undefined && notAfterMs(this.#serving.certificate) - now < renewBefore;
    // Without any certificate yet, serve under the signing CA at once (a first start: nothing to
    // fail over from). Renewing under the CA already served needs no wait: the API server trusts
    // it. Moving to a new CA waits until the API server has had time to trust that one.
    const sameCa = this.#servingCa === signingKey;
    if (this.#serving === undefined || (sameCa && expiring) || (!sameCa && caUsable)) {
      this.#serving = this.#issue(ca.signing, now);
      this.#servingCa = signingKey;
      this.#options.logger.info("conversion webhook serving certificate issued", {
        notAfter: new X509Certificate(this.#serving.certificate).validTo,
      });
      this.#options.onCertificate?.(this.#serving);
    }
    this.#ready = injected.some((pem) => fingerprint(pem) === this.#servingCa);
  }

  #servingValidity(): number {
    return this.#options.servingValidityMs ?? 90 * DAY_MS;
  }

  #issue(ca: CertificatePem, now: number): CertificatePem {
    // Never valid past its CA: a chain with an expired CA fails even if the leaf has time left.
    const validMs = Math.min(this.#servingValidity(), notAfterMs(ca.certificate) - now);
    const { dnsNames, ipAddresses } = this.#options;
    return issueServingCertificate(ca, {
      commonName: dnsNames[0] ?? "conversion-webhook",
      dnsNames,
      ...(ipAddresses ? { ipAddresses } : {}),
      validDays: validMs / DAY_MS,
      now: new Date(now),
    });
  }

  /** The Secret's CA, created or rotated as needed; create and replace races re-read the Secret. */
  async #sharedCa(): Promise<SharedCa> {
    const { namespace, name } = this.#options.secret;
    for (let attempt = 0; ; attempt++) {
      const secret = await this.#objects
        .read<V1Secret>({ ...SECRET, metadata: { namespace, name } })
        .catch((err: unknown) => (isNotFound(err) ? undefined : Promise.reject(err)));
      const now = this.#now();
      const current = secret === undefined ? undefined : parseSecret(secret, now);
      const validity = this.#options.caValidityMs ?? 5 * 365 * DAY_MS;
      const renewBefore = this.#options.caRenewBeforeMs ?? validity / 3;
      if (current && notAfterMs(current.signing.certificate) - now >= renewBefore) return current;
      const signing = certificateAuthority({
        // A name of its own per CA: clients pick the issuer by name before checking signatures.
        commonName: `${name}.${namespace} conversion CA ${new Date(now).toISOString()}`,
        validDays: validity / DAY_MS,
        now: new Date(now),
      });
      const next: SharedCa = {
        signing,
        bundle: mergeBundles(now, [signing.certificate], current?.bundle ?? []),
      };
      const data = secretData(next);
      try {
        if (secret === undefined) {
          await this.#objects.create<V1Secret>({
            ...SECRET,
            metadata: { name, namespace },
            type: "Opaque",
            data,
          });
          this.#options.logger.info("conversion webhook CA created", { secret: name });
        } else {
          // Carries its resourceVersion: a concurrent rotation wins.
          await this.#objects.replace<V1Secret>({ ...SECRET, ...secret, data });
          this.#options.logger.info("conversion webhook CA rotated", { secret: name });
        }
        return next;
      } catch (err) {
        // 409: another replica created or rotated it first; use theirs.
        if (!isConflict(err) || attempt >= 3) throw err;
      }
    }
  }

  /**
   * Gives every managed CRD a bundle holding `bundle`; returns the CAs now in all of them.
   * A CRD that cannot be read or patched leaves the result empty of what it lacks.
   */
  async #inject(bundle: string[]): Promise<string[]> {
    let common: string[] | undefined;
    for (const crdName of this.#options.crdNames) {
      let present: string[] = [];
      try {
        const crd = await this.#crds.read(crdName);
        const encoded = crd.spec.conversion?.webhook?.clientConfig?.caBundle ?? "";
        const current = splitPem(Buffer.from(encoded, "base64").toString("utf8"));
        const wanted = mergeBundles(this.#now(), bundle, current);
        present = current;
        if (wanted.join("") !== current.join("")) {
          await this.#crds.mergePatch(crdName, {
            metadata: { resourceVersion: crd.metadata?.resourceVersion },
            spec: {
              conversion: {
                webhook: {
                  clientConfig: { caBundle: Buffer.from(wanted.join("")).toString("base64") },
                },
              },
            },
          });
          present = wanted;
          this.#options.logger.info("conversion webhook CA bundle injected", {
            crd: crdName,
            certificates: wanted.length,
          });
        }
      } catch (err) {
        this.#options.logger.warn("conversion webhook CA bundle not injected", {
          crd: crdName,
          err: errorMessage(err),
        });
      }
      const keys = new Set(present.map(fingerprint));
      common = (common ?? present).filter((pem) => keys.has(fingerprint(pem)));
    }
    return common ?? [];
  }
}

function parseSecret(secret: V1Secret, now: number): SharedCa | undefined {
  const read = (key: string) => Buffer.from(secret.data?.[key] ?? "", "base64").toString("utf8");
  const certificate = read(CA_SECRET_KEYS.certificate);
  const privateKey = read(CA_SECRET_KEYS.key);
  if (!certificate || !privateKey) return undefined;
  return {
    signing: { certificate, privateKey },
    bundle: mergeBundles(now, [certificate], splitPem(read(CA_SECRET_KEYS.bundle))),
  };
}

function secretData(ca: SharedCa): Record<string, string> {
  const base64 = (text: string) => Buffer.from(text).toString("base64");
  return {
    [CA_SECRET_KEYS.certificate]: base64(ca.signing.certificate),
    [CA_SECRET_KEYS.key]: base64(ca.signing.privateKey),
    [CA_SECRET_KEYS.bundle]: base64(ca.bundle.join("")),
  };
}
