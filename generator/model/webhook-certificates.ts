// Where the conversion webhook's certificate comes from (`api.conversion.certificates`), and the
// names of what each way needs: self-managed keeps the operator's own CA in a Secret; cert-manager
// gets the chain kubebuilder's config/certmanager scaffolds, with a CA in between so a renewed
// serving certificate keeps the CA the CRD trusts (a self-signed serving certificate would change
// the CA, and fail conversions until cainjector and the API server caught up, at every renewal):
// a self-signed Issuer signs a CA Certificate, a CA Issuer made from its Secret signs the serving
// Certificate, whose Secret the operator serves from and whose ca.crt cainjector puts in the CRD.

import type { OperatorModel } from "./types.ts";

export type CertificateSource = "self-managed" | "cert-manager";

export interface WebhookModel {
  service: string;
  port: number;
  /** The CA's Secret: the operator's own (self-managed), or the CA Certificate's (cert-manager). */
  caSecret: string;
  path: string;
  certificates: CertificateSource;
  certManager: {
    selfSignedIssuer: string;
    caCertificate: string;
    caIssuer: string;
    /** The serving Certificate the CRD's cert-manager.io/inject-ca-from names. */
    certificate: string;
    /** Its Secret (tls.crt, tls.key, ca.crt): what the operator serves from. */
    servingSecret: string;
  };
}

export function webhookModel(data: unknown, model: OperatorModel): WebhookModel {
  const api = (data as { api?: { conversion?: { certificates?: CertificateSource } } }).api;
  const name = model.name;
  return {
    service: `${name}-webhook`,
    port: 9443,
    caSecret: `${name}-webhook-ca`,
    path: "/convert",
    certificates: api?.conversion?.certificates ?? "self-managed",
    certManager: {
      selfSignedIssuer: `${name}-selfsigned-issuer`,
      caCertificate: `${name}-webhook-ca`,
      caIssuer: `${name}-webhook-ca-issuer`,
      certificate: `${name}-serving-cert`,
      servingSecret: `${name}-webhook-server-cert`,
    },
  };
}
