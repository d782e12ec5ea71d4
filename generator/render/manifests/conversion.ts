// What an operator with several API versions needs beyond one with a single version, all least
// privilege: the Service the API server calls the conversion webhook at (every replica serves it),
// the right to read its own CRD and patch exactly that CRD (the CA bundle the operator injects, the
// storedVersions the migrator prunes), to re-write its objects (the storage migration is an update
// of each), to report the migration as Events about the CRD (in default: the API server takes
// Events about a cluster-scoped object only there and in kube-system), and to keep the webhook CA
// in one Secret of its namespace.

import type { GeneratedFile } from "../../base/files.ts";
import type { OperatorModel, PolicyRule } from "../../model/types.ts";
import { labelsFor, managerSelector } from "./labels.ts";
import { serviceAccountName } from "./rbac-names.ts";
import { copyRule, EVENT_VERBS } from "./rbac-rules.ts";
import { yamlFile } from "./yaml-file.ts";

export const WEBHOOK_PORT_NAME = "webhook";
const RBAC_API = "rbac.authorization.k8s.io/v1";

export function servesConversionWebhook(model: OperatorModel): boolean {
  return model.conversion?.strategy === "Webhook";
}

/** The webhook's certificate is cert-manager's (api.conversion.certificates: cert-manager). */
export function usesCertManager(model: OperatorModel): boolean {
  return (
    servesConversionWebhook(model) && model.conversion!.webhook.certificates === "cert-manager"
  );
}

/** The serving Certificate's DNS names: the webhook Service's, as the API server calls it. */
export function webhookDnsNames(model: OperatorModel): string[] {
  const service = `${model.conversion!.webhook.service}.${model.namespace}.svc`;
  return [service, `${service}.cluster.local`];
}

/** The Deployment's webhook port, when the operator serves conversions. */
export function webhookContainerPorts(model: OperatorModel) {
  if (!servesConversionWebhook(model)) return [];
  const port = model.conversion!.webhook.port;
  return [{ name: WEBHOOK_PORT_NAME, containerPort: port, protocol: "TCP" }];
}

export function renderWebhookService(model: OperatorModel): GeneratedFile[] {
  if (!servesConversionWebhook(model)) return [];
  return [
    yamlFile("config/webhook/service.yaml", [
      {
        apiVersion: "v1",
        kind: "Service",
        metadata: {
          name: model.conversion!.webhook.service,
          namespace: model.namespace,
          labels: labelsFor(model, "manager"),
        },
        spec: {
          selector: managerSelector(model),
          ports: [{ name: "https", port: 443, protocol: "TCP", targetPort: WEBHOOK_PORT_NAME }],
        },
      },
    ]),
    yamlFile("config/webhook/kustomization.yaml", [
      {
        apiVersion: "kustomize.config.k8s.io/v1beta1",
        kind: "Kustomization",
        resources: ["service.yaml"],
      },
    ]),
  ];
}

/**
 * Cluster-wide: the CRD by name, and every object of the kind (the migrator re-writes them all).
 * Patching the CRD is for injecting the operator's own CA; with cert-manager, cainjector does it.
 */
export function conversionRules(model: OperatorModel): PolicyRule[] {
  const { group, plural, crdName } = model.api;
  const crds = { apiGroups: ["apiextensions.k8s.io"], resourceNames: [crdName] };
  const injects = servesConversionWebhook(model) && !usesCertManager(model);
  return [
    {
      ...crds,
      resources: ["customresourcedefinitions"],
      verbs: injects ? ["get", "patch"] : ["get"],
    },
    { ...crds, resources: ["customresourcedefinitions/status"], verbs: ["patch"] },
    { apiGroups: [group], resources: [plural], verbs: ["list", "update"] },
  ].map(copyRule);
}

/** Where the migrator's Events about the (cluster-scoped) CRD go: see the header. */
export const MIGRATION_EVENTS_NAMESPACE = "default";

export function migrationEventRules(): PolicyRule[] {
  return [{ apiGroups: ["events.k8s.io"], resources: ["events"], verbs: EVENT_VERBS }].map(
    copyRule,
  );
}

/** cert-manager's serving Secret, by name, read only: the operator serves what it holds. */
export function webhookCertificateRules(model: OperatorModel): PolicyRule[] {
  const secret = model.conversion!.webhook.certManager.servingSecret;
  return [{ apiGroups: [""], resources: ["secrets"], resourceNames: [secret], verbs: ["get"] }].map(
    copyRule,
  );
}

/** The webhook CA's Secret, by name; create cannot be limited to a name (RBAC knows none yet). */
export function webhookCaRules(model: OperatorModel): PolicyRule[] {
  const secret = model.conversion!.webhook.caSecret;
  return [
    { apiGroups: [""], resources: ["secrets"], resourceNames: [secret], verbs: ["get", "update"] },
    { apiGroups: [""], resources: ["secrets"], verbs: ["create"] },
  ].map(copyRule);
}

export function renderConversionRbac(model: OperatorModel): GeneratedFile[] {
  if (model.conversion === undefined) return [];
  const labels = labelsFor(model, "rbac");
  const subject = {
    kind: "ServiceAccount",
    name: serviceAccountName(model),
    namespace: model.namespace,
  };
  const clusterRole = `${model.name}-conversion-role`;
  const files = [
    yamlFile("config/rbac/conversion_role.yaml", [
      {
        apiVersion: RBAC_API,
        kind: "ClusterRole",
        metadata: { name: clusterRole, labels },
        rules: conversionRules(model),
      },
    ]),
    yamlFile("config/rbac/conversion_role_binding.yaml", [
      {
        apiVersion: RBAC_API,
        kind: "ClusterRoleBinding",
        metadata: { name: `${model.name}-conversion-rolebinding`, labels },
        roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "ClusterRole", name: clusterRole },
        subjects: [subject],
      },
    ]),
  ];
  const eventsRole = `${model.name}-migration-events-role`;
  const eventsMetadata = (name: string) => ({
    name,
    namespace: MIGRATION_EVENTS_NAMESPACE,
    labels,
  });
  files.push(
    yamlFile("config/rbac/migration_events_role.yaml", [
      {
        apiVersion: RBAC_API,
        kind: "Role",
        metadata: eventsMetadata(eventsRole),
        rules: migrationEventRules(),
      },
    ]),
    yamlFile("config/rbac/migration_events_role_binding.yaml", [
      {
        apiVersion: RBAC_API,
        kind: "RoleBinding",
        metadata: eventsMetadata(`${model.name}-migration-events-rolebinding`),
        roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "Role", name: eventsRole },
        subjects: [subject],
      },
    ]),
  );
  if (!servesConversionWebhook(model)) return files;
  // Self-managed: the operator's CA Secret; cert-manager: the serving Secret, read only.
  const [file, role, rules] = usesCertManager(model)
    ? ["webhook_certificate", "webhook-certificate", webhookCertificateRules(model)]
    : ["webhook_ca", "webhook-ca", webhookCaRules(model)];
  const metadata = (name: string) => ({ name, namespace: model.namespace, labels });
  files.push(
    yamlFile(`config/rbac/${file}_role.yaml`, [
      {
        apiVersion: RBAC_API,
        kind: "Role",
        metadata: metadata(`${model.name}-${role}-role`),
        rules,
      },
    ]),
    yamlFile(`config/rbac/${file}_role_binding.yaml`, [
      {
        apiVersion: RBAC_API,
        kind: "RoleBinding",
        metadata: metadata(`${model.name}-${role}-rolebinding`),
        roleRef: {
          apiGroup: "rbac.authorization.k8s.io",
          kind: "Role",
          name: `${model.name}-${role}-role`,
        },
        subjects: [subject],
      },
    ]),
  );
  return files;
}

/**
 * config/certmanager, as kubebuilder's: the Issuers and Certificates cert-manager turns into the
 * webhook's serving Secret (model/webhook-certificates.ts says why there is a CA in between).
 * The CA lives five years and the serving certificate cert-manager's default 90 days, renewed a
 * third before; a new key at each renewal.
 */
export function renderCertManager(model: OperatorModel): GeneratedFile[] {
  if (!usesCertManager(model)) return [];
  const names = model.conversion!.webhook.certManager;
  const metadata = (name: string) => ({
    name,
    namespace: model.namespace,
    labels: labelsFor(model, "certificate"),
  });
  const issuerRef = (name: string) => ({ kind: "Issuer", name });
  const CERT_MANAGER = "cert-manager.io/v1";
  return [
    yamlFile("config/certmanager/issuer.yaml", [
      {
        apiVersion: CERT_MANAGER,
        kind: "Issuer",
        metadata: metadata(names.selfSignedIssuer),
        spec: { selfSigned: {} },
      },
      {
        apiVersion: CERT_MANAGER,
        kind: "Issuer",
        metadata: metadata(names.caIssuer),
        spec: { ca: { secretName: model.conversion!.webhook.caSecret } },
      },
    ]),
    yamlFile("config/certmanager/certificate.yaml", [
      {
        apiVersion: CERT_MANAGER,
        kind: "Certificate",
        metadata: metadata(names.caCertificate),
        spec: {
          isCA: true,
          commonName: names.caCertificate,
          secretName: model.conversion!.webhook.caSecret,
          duration: "43800h",
          renewBefore: "14600h",
          privateKey: { algorithm: "ECDSA", size: 256, rotationPolicy: "Always" },
          issuerRef: issuerRef(names.selfSignedIssuer),
        },
      },
      {
        apiVersion: CERT_MANAGER,
        kind: "Certificate",
        metadata: metadata(names.certificate),
        spec: {
          dnsNames: webhookDnsNames(model),
          secretName: names.servingSecret,
          duration: "2160h",
          renewBefore: "720h",
          privateKey: { algorithm: "ECDSA", size: 256, rotationPolicy: "Always" },
          issuerRef: issuerRef(names.caIssuer),
        },
      },
    ]),
    yamlFile("config/certmanager/kustomization.yaml", [
      {
        apiVersion: "kustomize.config.k8s.io/v1beta1",
        kind: "Kustomization",
        resources: ["certificate.yaml", "issuer.yaml"],
      },
    ]),
  ];
}
