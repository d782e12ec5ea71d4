// PEM bundles as the API server reads them from clientConfig.caBundle: one string of certificates.
// A bundle here is a list of PEM certificates, deduplicated, with the expired ones dropped.

import { X509Certificate } from "node:crypto";

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\n?/g;

/** The certificates in a PEM string, each ending in a newline. */
export function splitPem(bundle: string): string[] {
  return (bundle.match(PEM_BLOCK) ?? []).map((pem) => (pem.endsWith("\n") ? pem : pem + "\n"));
}

/** SHA-256 fingerprint: how two PEM encodings of one certificate are recognised as the same. */
export function fingerprint(pem: string): string {
  return new X509Certificate(pem).fingerprint256;
}

export function notAfterMs(pem: string): number {
  return new Date(new X509Certificate(pem).validTo).getTime();
}

/** `lists` concatenated in order, each certificate once, none expired at `now`. */
export function mergeBundles(now: number, ...lists: string[][]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const pem of lists.flat()) {
    const key = fingerprint(pem);
    if (seen.has(key) || notAfterMs(pem) <= now) continue;
    seen.add(key);
    out.push(pem);
  }
  return out;
}
