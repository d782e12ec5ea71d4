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

/** Cluster-wide: the CRD by name, and every object of the kind (the migrator re-writes them all). */
export function conversionRules(model: OperatorModel): PolicyRule[] {
  const { group, plural, crdName } = model.api;
  const crds = { apiGroups: ["apiextensions.k8s.io"], resourceNames: [crdName] };
  return [
    ...(servesConversionWebhook(model)
      ? [{ ...crds, resources: ["customresourcedefinitions"], verbs: ["get", "patch"] }]
      : [{ ...crds, resources: ["customresourcedefinitions"], verbs: ["get"] }]),
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
  const role = `${model.name}-webhook-ca-role`;
  const metadata = (name: string) => ({ name, namespace: model.namespace, labels });
  files.push(
    yamlFile("config/rbac/webhook_ca_role.yaml", [
      {
        apiVersion: RBAC_API,
        kind: "Role",
        metadata: metadata(role),
        rules: webhookCaRules(model),
      },
    ]),
    yamlFile("config/rbac/webhook_ca_role_binding.yaml", [
      {
        apiVersion: RBAC_API,
        kind: "RoleBinding",
        metadata: metadata(`${model.name}-webhook-ca-rolebinding`),
        roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "Role", name: role },
        subjects: [subject],
      },
    ]),
  );
  return files;
}
