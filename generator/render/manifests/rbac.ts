// config/rbac/: the operator's ServiceAccount and what it may do. Cluster-wide operators get a
// ClusterRole; operators that watch listed namespaces get a Role in each and nothing cluster-wide.

import type { GeneratedFile } from "../../base/files.ts";
import type { OperatorModel } from "../../model/types.ts";
import { labelsFor } from "./labels.ts";
import { renderMetricsRbac } from "./metrics.ts";
import { keepsOrphanReport } from "../../model/orphan-report.ts";
import {
  leaderElectionRoleName,
  managerRoleName,
  orphanReportName,
  orphanReportRoleName,
  referenceRoleName,
  serviceAccountName,
} from "./rbac-names.ts";
import {
  crossNamespaceReferenceRules,
  leaderElectionRules,
  managerRules,
  orphanReportRules,
} from "./rbac-rules.ts";
import { yamlFile } from "./yaml-file.ts";

const RBAC_API = "rbac.authorization.k8s.io/v1";

export function renderOperatorRbac(model: OperatorModel): GeneratedFile[] {
  const files = [
    yamlFile("config/rbac/service_account.yaml", [serviceAccount(model)]),
    yamlFile("config/rbac/role.yaml", managerRoles(model)),
    yamlFile("config/rbac/role_binding.yaml", managerBindings(model)),
    ...renderMetricsRbac(model),
  ];
  if (model.operator.leaderElection) {
    files.push(
      yamlFile("config/rbac/leader_election_role.yaml", [leaderElectionRole(model)]),
      yamlFile("config/rbac/leader_election_role_binding.yaml", [leaderElectionBinding(model)]),
    );
  }
  if (keepsOrphanReport(model)) {
    files.push(
      yamlFile("config/rbac/orphan_report_role.yaml", [orphanReportRole(model)]),
      yamlFile("config/rbac/orphan_report_role_binding.yaml", [orphanReportBinding(model)]),
    );
  }
  return files;
}

function serviceAccount(model: OperatorModel) {
  return {
    apiVersion: "v1",
    kind: "ServiceAccount",
    metadata: {
      name: serviceAccountName(model),
      namespace: model.namespace,
      labels: labelsFor(model, "rbac"),
    },
    // The operator talks to the API server with this token.
    automountServiceAccountToken: true,
  };
}

function managerRoles(model: OperatorModel): object[] {
  const rules = () => managerRules(model);
  const crossNamespace = crossNamespaceReferenceRules(model);
  const referenceRole =
    crossNamespace.length === 0
      ? []
      : [
          {
            apiVersion: RBAC_API,
            kind: "ClusterRole",
            metadata: { name: referenceRoleName(model), labels: labelsFor(model, "rbac") },
            rules: crossNamespace,
          },
        ];
  if (model.rbac.clusterWide) {
    return [
      {
        apiVersion: RBAC_API,
        kind: "ClusterRole",
        metadata: { name: managerRoleName(model), labels: labelsFor(model, "rbac") },
        rules: rules(),
      },
    ];
  }
  return [
    ...model.rbac.watchNamespaces.map((namespace) => ({
      apiVersion: RBAC_API,
      kind: "Role",
      metadata: { name: managerRoleName(model), namespace, labels: labelsFor(model, "rbac") },
      rules: rules(),
    })),
    ...referenceRole,
  ];
}

function managerBindings(model: OperatorModel): object[] {
  const referenceBinding =
    crossNamespaceReferenceRules(model).length === 0
      ? []
      : [
          {
            apiVersion: RBAC_API,
            kind: "ClusterRoleBinding",
            metadata: {
              name: `${model.name}-references-rolebinding`,
              labels: labelsFor(model, "rbac"),
            },
            roleRef: {
              apiGroup: "rbac.authorization.k8s.io",
              kind: "ClusterRole",
              name: referenceRoleName(model),
            },
            subjects: [subject(model)],
          },
        ];
  if (model.rbac.clusterWide) {
    return [
      {
        apiVersion: RBAC_API,
        kind: "ClusterRoleBinding",
        metadata: { name: `${model.name}-manager-rolebinding`, labels: labelsFor(model, "rbac") },
        roleRef: {
          apiGroup: "rbac.authorization.k8s.io",
          kind: "ClusterRole",
          name: managerRoleName(model),
        },
        subjects: [subject(model)],
      },
    ];
  }
  return [
    ...model.rbac.watchNamespaces.map((namespace) => ({
      apiVersion: RBAC_API,
      kind: "RoleBinding",
      metadata: {
        name: `${model.name}-manager-rolebinding`,
        namespace,
        labels: labelsFor(model, "rbac"),
      },
      roleRef: {
        apiGroup: "rbac.authorization.k8s.io",
        kind: "Role",
        name: managerRoleName(model),
      },
      subjects: [subject(model)],
    })),
    ...referenceBinding,
  ];
}

function leaderElectionRole(model: OperatorModel) {
  return {
    apiVersion: RBAC_API,
    kind: "Role",
    metadata: {
      name: leaderElectionRoleName(model),
      namespace: model.namespace,
      labels: labelsFor(model, "rbac"),
    },
    rules: leaderElectionRules(),
  };
}

function leaderElectionBinding(model: OperatorModel) {
  return {
    apiVersion: RBAC_API,
    kind: "RoleBinding",
    metadata: {
      name: `${model.name}-leader-election-rolebinding`,
      namespace: model.namespace,
      labels: labelsFor(model, "rbac"),
    },
    roleRef: {
      apiGroup: "rbac.authorization.k8s.io",
      kind: "Role",
      name: leaderElectionRoleName(model),
    },
    subjects: [subject(model)],
  };
}

/** The orphan report's ConfigMap, in the operator's own namespace only (rbac-rules.ts). */
function orphanReportRole(model: OperatorModel) {
  return {
    apiVersion: RBAC_API,
    kind: "Role",
    metadata: {
      name: orphanReportRoleName(model),
      namespace: model.namespace,
      labels: labelsFor(model, "rbac"),
    },
    rules: orphanReportRules(orphanReportName(model)),
  };
}

function orphanReportBinding(model: OperatorModel) {
  return {
    apiVersion: RBAC_API,
    kind: "RoleBinding",
    metadata: {
      name: `${model.name}-orphan-report-rolebinding`,
      namespace: model.namespace,
      labels: labelsFor(model, "rbac"),
    },
    roleRef: {
      apiGroup: "rbac.authorization.k8s.io",
      kind: "Role",
      name: orphanReportRoleName(model),
    },
    subjects: [subject(model)],
  };
}

/** The ServiceAccount lives in the operator's namespace even when bound in a watched one. */
function subject(model: OperatorModel) {
  return { kind: "ServiceAccount", name: serviceAccountName(model), namespace: model.namespace };
}
