// The kustomization.yaml files under config/: one per directory, and config/default tying them
// together so `kubectl apply -k config/default` installs the whole operator.

import type { GeneratedFile } from "../../base/files.ts";
import type { OperatorModel } from "../../model/types.ts";
import { servesConversionWebhook, usesCertManager } from "./conversion.ts";
import { crdPath } from "./crd.ts";
import { yamlFile } from "./yaml-file.ts";

function kustomization(resources: string[]) {
  return { apiVersion: "kustomize.config.k8s.io/v1beta1", kind: "Kustomization", resources };
}

export function renderKustomizations(
  model: OperatorModel,
  rbacFiles: readonly GeneratedFile[],
): GeneratedFile[] {
  const crdFile = crdPath(model).slice("config/crd/".length);
  const rbacResources = rbacFiles.map((f) => f.path.slice("config/rbac/".length)).sort();
  return [
    yamlFile("config/crd/kustomization.yaml", [kustomization([crdFile])]),
    yamlFile("config/rbac/kustomization.yaml", [kustomization(rbacResources)]),
    yamlFile("config/manager/kustomization.yaml", [
      kustomization(["manager.yaml", "metrics_service.yaml"]),
    ]),
    yamlFile(
      "config/default/kustomization.yaml",
      [
        kustomization([
          "../crd",
          "../rbac",
          "../manager",
          // The admission policy (docs/tenancy.md): tenants get what it admits, nothing more.
          ...(model.tenancy ? ["../tenancy"] : []),
          ...(servesConversionWebhook(model) ? ["../webhook"] : []),
          // The webhook's certificate from cert-manager, which must be installed first.
          ...(usesCertManager(model) ? ["../certmanager"] : []),
        ]),
      ],
      {
        comment: [
          `Installs the operator into namespace ${model.namespace}: kubectl apply -k config/default`,
          "",
          "No `namespace:` and no `labels:` transformer here, on purpose. Every namespaced object below",
          "states its own namespace: the operator's objects live in its namespace, and the RBAC of an",
          "operator that watches listed namespaces lives in each of those. A global `namespace:` would",
          "move those RoleBindings into the operator's namespace and silently revoke its access, and",
          "a global label transformer would rewrite the Deployment's immutable selector.",
          "",
          "Alerts and a ServiceMonitor for the Prometheus Operator: add `components: [../prometheus]`.",
          "NetworkPolicies for the manager (metrics from the monitoring namespace, webhook port): add",
          "`components: [../network-policy]`. `npm run deploy -- --component <name>` adds one for a deploy.",
          ...(model.tenancy
            ? ["Tenancy rules as warnings and audit only: add `components: [../tenancy-audit]`."]
            : []),
        ],
      },
    ),
  ];
}
