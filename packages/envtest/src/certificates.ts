// The control plane's PKI, made in memory at every start: one CA that signs the serving
// certificate and every client certificate (the API server trusts it as --client-ca-file).
// ECDSA P-256 keys take about a millisecond each, so nothing is cached between runs.

// @peculiar/x509 loads tsyringe, which refuses to start without a Reflect metadata polyfill;
// ES module imports evaluate in order, so this one must stay first.
import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import { randomBytes, webcrypto } from "node:crypto";

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;

const ALGORITHM = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" };
const VALIDITY_MS = 24 * 60 * 60 * 1_000;
/** Tolerates a little clock skew between this process and the API server's idea of "now". */
const BACKDATE_MS = 5 * 60 * 1_000;

export interface KeyPairPem {
  certificate: string;
  privateKey: string;
}

export interface LeafRequest {
  commonName: string;
  organizations?: string[];
  usage: "server" | "client";
  dnsNames?: string[];
  ipAddresses?: string[];
}

async function generateKeys(): Promise<CryptoKeyPair> {
  return webcrypto.subtle.generateKey(ALGORITHM, true, ["sign", "verify"]);
}

async function privateKeyPem(key: CryptoKey): Promise<string> {
  return x509.PemConverter.encode(await webcrypto.subtle.exportKey("pkcs8", key), "PRIVATE KEY");
}

/** A positive serial: the top bit cleared so DER does not read it as negative. */
function serialNumber(): string {
  const bytes = randomBytes(16);
  bytes[0] = bytes[0]! & 0x7f;
  return bytes.toString("hex");
}

function validity(): { notBefore: Date; notAfter: Date } {
  const now = Date.now();
  return { notBefore: new Date(now - BACKDATE_MS), notAfter: new Date(now + VALIDITY_MS) };
}

export class CertificateAuthority {
  readonly certificate: string;
  readonly #cert: x509.X509Certificate;
  readonly #keys: CryptoKeyPair;

  private constructor(cert: x509.X509Certificate, keys: CryptoKeyPair) {
    this.#cert = cert;
    this.#keys = keys;
    this.certificate = cert.toString("pem");
  }

  static async create(commonName: string): Promise<CertificateAuthority> {
    const keys = await generateKeys();
    const cert = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: serialNumber(),
      name: [{ CN: [commonName] }],
      ...validity(),
      keys,
      signingAlgorithm: ALGORITHM,
      extensions: [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(
          x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.digitalSignature,
          true,
        ),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      ],
    });
    return new CertificateAuthority(cert, keys);
  }

  /**
   * The CA as PEM, so another process can issue client certificates for the same control plane:
   * the global setup hands it to every test file through a 0600 file in the run directory.
   */
  async exportPem(): Promise<KeyPairPem> {
    return {
      certificate: this.certificate,
      privateKey: await privateKeyPem(this.#keys.privateKey),
    };
  }

  static async fromPem(pair: KeyPairPem): Promise<CertificateAuthority> {
    const cert = new x509.X509Certificate(pair.certificate);
    const der = x509.PemConverter.decodeFirst(pair.privateKey);
    const [privateKey, publicKey] = await Promise.all([
      webcrypto.subtle.importKey("pkcs8", der, ALGORITHM, true, ["sign"]),
      cert.publicKey.export(ALGORITHM, ["verify"]),
    ]);
    return new CertificateAuthority(cert, { privateKey, publicKey });
  }

  /** The API server maps a client certificate's CN to the user and each O to a group. */
  async issue(request: LeafRequest): Promise<KeyPairPem> {
    const keys = await generateKeys();
    const names: x509.JsonGeneralNames = [
      ...(request.dnsNames ?? []).map((value) => ({ type: "dns" as const, value })),
      ...(request.ipAddresses ?? []).map((value) => ({ type: "ip" as const, value })),
    ];
    const usage =
      request.usage === "server"
        ? x509.ExtendedKeyUsage.serverAuth
        : x509.ExtendedKeyUsage.clientAuth;
    const cert = await x509.X509CertificateGenerator.create({
      serialNumber: serialNumber(),
      subject: [
        { CN: [request.commonName] },
        ...(request.organizations ?? []).map((o) => ({ O: [o] })),
      ],
      issuer: this.#cert.subject,
      ...validity(),
      publicKey: keys.publicKey,
      signingKey: this.#keys.privateKey,
      signingAlgorithm: ALGORITHM,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
        new x509.ExtendedKeyUsageExtension([usage]),
        await x509.AuthorityKeyIdentifierExtension.create(this.#keys.publicKey),
        ...(names.length > 0 ? [new x509.SubjectAlternativeNameExtension(names)] : []),
      ],
    });
    return { certificate: cert.toString("pem"), privateKey: await privateKeyPem(keys.privateKey) };
  }
}

/** The key pair the API server signs and verifies service-account tokens with. */
export async function serviceAccountKeys(): Promise<{ publicKey: string; privateKey: string }> {
  const keys = await generateKeys();
  const spki = await webcrypto.subtle.exportKey("spki", keys.publicKey);
  return {
    publicKey: x509.PemConverter.encode(spki, "PUBLIC KEY"),
    privateKey: await privateKeyPem(keys.privateKey),
  };
}
