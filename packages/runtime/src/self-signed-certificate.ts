// A self-signed serving certificate made at start, as controller-runtime's metrics server does
// when no certificate is mounted: the bearer tokens sent to /metrics never cross the network in
// clear text. node:crypto makes the key and the signature; the X.509 structure is encoded here
// (about a hundred lines of DER) rather than pulling a certificate library into every operator.

import { generateKeyPairSync, randomBytes, sign } from "node:crypto";
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
  const now = options.now ?? new Date();
  const notBefore = new Date(now.getTime() - 60 * 60_000); // an hour of clock skew
  const notAfter = new Date(now.getTime() + (options.validDays ?? 365) * 86_400_000);
  const serial = randomBytes(16);
  serial[0]! &= 0x7f; // positive
  const name = seq(set(seq(oid("2.5.4.3"), tlv(0x0c, Buffer.from(options.commonName, "utf8")))));
  const ecdsaWithSha256 = seq(oid("1.2.840.10045.4.3.2"));
  const generalNames = seq(
    ...options.dnsNames.map((dns) => tlv(0x82, Buffer.from(dns, "ascii"))),
    ...(options.ipAddresses ?? []).filter(isIPv4).map((ip) => tlv(0x87, ipv4Bytes(ip))),
  );
  const extensions = seq(
    extension("2.5.29.19", true, seq()), // basicConstraints: not a CA
    extension("2.5.29.15", true, tlv(0x03, Buffer.from([0x07, 0x80]))), // keyUsage: digitalSignature
    extension("2.5.29.37", false, seq(oid("1.3.6.1.5.5.7.3.1"))), // extKeyUsage: serverAuth
    extension("2.5.29.17", false, generalNames), // subjectAltName
  );
  const tbs = seq(
    tlv(0xa0, integer(Buffer.from([2]))), // v3
    integer(serial),
    ecdsaWithSha256,
    name,
    seq(time(notBefore), time(notAfter)),
    name,
    publicKey.export({ type: "spki", format: "der" }),
    tlv(0xa3, extensions),
  );
  const signature = sign("sha256", tbs, { key: privateKey, dsaEncoding: "der" });
  const der = seq(tbs, ecdsaWithSha256, tlv(0x03, Buffer.concat([Buffer.from([0]), signature])));
  return {
    certificate: pem("CERTIFICATE", der),
    privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  };
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
