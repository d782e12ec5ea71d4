// A self-signed serving certificate made at start, as controller-runtime's metrics server does
// when no certificate is mounted: the bearer tokens sent to /metrics never cross the network in
// clear text. The conversion webhook's own CA and the serving certificates it signs are made here
// too. node:crypto makes the keys and the signatures; the X.509 structure is encoded here (about
// a hundred lines of DER) rather than pulling a certificate library into every operator.

import {
  X509Certificate,
  createPrivateKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  type KeyObject,
} from "node:crypto";
import { isIPv4 } from "node:net";

export interface CertificatePem {
  certificate: string;
  privateKey: string;
}

export interface SelfSignedOptions {
  commonName: string;
  dnsNames: readonly string[];
  ipAddresses?: readonly string[];
  validDays?: number;
  now?: Date;
}

/** An ECDSA P-256 key and a certificate for it, signed by itself, for TLS server use. */
export function selfSignedCertificate(options: SelfSignedOptions): CertificatePem {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const name = distinguishedName(options.commonName);
  const der = signedCertificate({
    subject: name,
    issuer: name,
    publicKey,
    signingKey: privateKey,
    extensions: serverExtensions(options),
    now: options.now ?? new Date(),
    validDays: options.validDays ?? 365,
  });
  return { certificate: pem("CERTIFICATE", der), privateKey: pkcs8(privateKey) };
}

export interface CertificateAuthorityOptions {
  commonName: string;
  validDays?: number;
  now?: Date;
}

/**
 * A CA of one's own (basicConstraints CA, keyCertSign): what an operator signs its webhook's
 * serving certificates with when no cert-manager is there to do it.
 */
export function certificateAuthority(options: CertificateAuthorityOptions): CertificatePem {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const name = distinguishedName(options.commonName);
  const der = signedCertificate({
    subject: name,
    issuer: name,
    publicKey,
    signingKey: privateKey,
    extensions: seq(
      extension("2.5.29.19", true, seq(tlv(0x01, Buffer.from([0xff])))), // basicConstraints: CA
      extension("2.5.29.15", true, tlv(0x03, Buffer.from([0x02, 0x84]))), // keyCertSign, digitalSignature
    ),
    now: options.now ?? new Date(),
    validDays: options.validDays ?? 365,
  });
  return { certificate: pem("CERTIFICATE", der), privateKey: pkcs8(privateKey) };
}

/** A serving certificate for `options.dnsNames`, signed by `ca` (from certificateAuthority). */
export function issueServingCertificate(
  ca: CertificatePem,
  options: SelfSignedOptions,
): CertificatePem {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const der = signedCertificate({
    subject: distinguishedName(options.commonName),
    // The issuer's subject exactly as the CA encoded it: TLS clients match the two byte for byte.
    issuer: subjectOf(new X509Certificate(ca.certificate).raw),
    publicKey,
    signingKey: createPrivateKey(ca.privateKey),
    extensions: serverExtensions(options),
    now: options.now ?? new Date(),
    validDays: options.validDays ?? 365,
  });
  return { certificate: pem("CERTIFICATE", der), privateKey: pkcs8(privateKey) };
}

interface CertificateParts {
  subject: Buffer;
  issuer: Buffer;
  publicKey: KeyObject;
  signingKey: KeyObject;
  extensions: Buffer;
  now: Date;
  validDays: number;
}

function signedCertificate(parts: CertificateParts): Buffer {
  const notBefore = new Date(parts.now.getTime() - 60 * 60_000); // an hour of clock skew
  const notAfter = new Date(parts.now.getTime() + parts.validDays * 86_400_000);
  const serial = randomBytes(16);
  serial[0]! &= 0x7f; // positive
  const ecdsaWithSha256 = seq(oid("1.2.840.10045.4.3.2"));
  const tbs = seq(
    tlv(0xa0, integer(Buffer.from([2]))), // v3
    integer(serial),
    ecdsaWithSha256,
    parts.issuer,
    seq(time(notBefore), time(notAfter)),
    parts.subject,
    parts.publicKey.export({ type: "spki", format: "der" }),
    tlv(0xa3, parts.extensions),
  );
  const signature = sign("sha256", tbs, { key: parts.signingKey, dsaEncoding: "der" });
  return seq(tbs, ecdsaWithSha256, tlv(0x03, Buffer.concat([Buffer.from([0]), signature])));
}

function serverExtensions(options: SelfSignedOptions): Buffer {
  const generalNames = seq(
    ...options.dnsNames.map((dns) => tlv(0x82, Buffer.from(dns, "ascii"))),
    ...(options.ipAddresses ?? []).filter(isIPv4).map((ip) => tlv(0x87, ipv4Bytes(ip))),
  );
  return seq(
    extension("2.5.29.19", true, seq()), // basicConstraints: not a CA
    extension("2.5.29.15", true, tlv(0x03, Buffer.from([0x07, 0x80]))), // keyUsage: digitalSignature
    extension("2.5.29.37", false, seq(oid("1.3.6.1.5.5.7.3.1"))), // extKeyUsage: serverAuth
    extension("2.5.29.17", false, generalNames), // subjectAltName
  );
}

function distinguishedName(commonName: string): Buffer {
  return seq(set(seq(oid("2.5.4.3"), tlv(0x0c, Buffer.from(commonName, "utf8")))));
}

/** The subject Name of a DER certificate: the sixth element of tbsCertificate (v3). */
function subjectOf(der: Buffer): Buffer {
  const tbs = children(der)[0]!;
  return children(tbs)[5]!;
}

/** The elements (each with tag and length) inside the constructed DER value `value`. */
function children(value: Buffer): Buffer[] {
  const { headerLength, length } = header(value, 0);
  const out: Buffer[] = [];
  for (let at = headerLength; at < headerLength + length;) {
    const child = header(value, at);
    out.push(value.subarray(at, at + child.headerLength + child.length));
    at += child.headerLength + child.length;
  }
  return out;
}

function header(bytes: Buffer, at: number): { headerLength: number; length: number } {
  const first = bytes[at + 1]!;
  if (first < 0x80) return { headerLength: 2, length: first };
  const count = first & 0x7f;
  let length = 0;
  for (let i = 0; i < count; i++) length = length * 256 + bytes[at + 2 + i]!;
  return { headerLength: 2 + count, length };
}

function pkcs8(key: KeyObject): string {
  return key.export({ type: "pkcs8", format: "pem" }).toString();
}

function tlv(tag: number, content: Buffer): Buffer {
  const length = content.length;
  let header: number[];
  if (length < 0x80) header = [tag, length];
  else {
    const bytes: number[] = [];
    for (let n = length; n > 0; n = Math.floor(n / 256)) bytes.unshift(n % 256);
    header = [tag, 0x80 | bytes.length, ...bytes];
  }
  return Buffer.concat([Buffer.from(header), content]);
}

const seq = (...items: Buffer[]): Buffer => tlv(0x30, Buffer.concat(items));
const set = (...items: Buffer[]): Buffer => tlv(0x31, Buffer.concat(items));

/** A non-negative DER INTEGER: minimal, so no leading zero byte unless the next has its top bit set. */
function integer(bytes: Buffer): Buffer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const minimal = bytes.subarray(start);
  return tlv(0x02, minimal[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), minimal]) : minimal);
}

function oid(dotted: string): Buffer {
  const [first, second, ...rest] = dotted.split(".").map(Number);
  const out = [first! * 40 + second!];
  for (const arc of rest) {
    const chunk = [arc & 0x7f];
    for (let n = Math.floor(arc / 128); n > 0; n = Math.floor(n / 128))
      chunk.unshift(0x80 | (n & 0x7f));
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}

function extension(id: string, critical: boolean, value: Buffer): Buffer {
  return seq(oid(id), ...(critical ? [tlv(0x01, Buffer.from([0xff]))] : []), tlv(0x04, value));
}

/** UTCTime until 2049, GeneralizedTime after, as RFC 5280 requires. */
function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, "").slice(0, 14) + "Z"; // YYYYMMDDHHMMSSZ
  return date.getUTCFullYear() < 2050
    ? tlv(0x17, Buffer.from(iso.slice(2), "ascii"))
    : tlv(0x18, Buffer.from(iso, "ascii"));
}

function ipv4Bytes(ip: string): Buffer {
  return Buffer.from(ip.split(".").map(Number));
}

function pem(label: string, der: Buffer): string {
  const lines = der.toString("base64").match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join("\n")}\n-----END ${label}-----\n`;
}
