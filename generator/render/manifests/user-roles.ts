// config/rbac/<singular>_{admin,editor,viewer}_role.yaml: ClusterRoles that aggregate into the
// built-in admin, edit and view roles, so granting a namespace's admin/edit/view also grants the
// custom resource. None of them may write status: only the operator reports observed state.

import type { GeneratedFile } from "../../base/files.ts";
import type { OperatorModel, PolicyRule } from "../../model/types.ts";
import { labelsFor, sortKeys } from "./labels.ts";
import { yamlFile } from "./yaml-file.ts";

export interface UserRole {
  /** admin, editor or viewer: the file and object name suffix. */
  level: "admin" | "editor" | "viewer";
  /** The built-in ClusterRole this one aggregates into. */
  aggregateTo: "admin" | "edit" | "view";
  verbs: string[];
}

export const USER_ROLES: readonly UserRole[] = [
  {
    level: "admin",
    aggregateTo: "admin",
    verbs: ["create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"],
  },
  {
    level: "editor",
    aggregateTo: "edit",
    verbs: ["create", "delete", "get", "list", "patch", "update", "watch"],
  },
  { level: "viewer", aggregateTo: "view", verbs: ["get", "list", "watch"] },
];

export function userRoleFileName(model: OperatorModel, role: UserRole): string {
  return `${model.api.singular}_${role.level}_role.yaml`;
}

export function renderUserRoles(model: OperatorModel): GeneratedFile[] {
  return USER_ROLES.map((role) =>
    yamlFile(`config/rbac/${userRoleFileName(model, role)}`, [userRole(model, role)]),
  );
}

export function userRoleRules(model: OperatorModel, role: UserRole): PolicyRule[] {
  const { group, plural } = model.api;
  return [
    { apiGroups: [group], resources: [plural], verbs: [...role.verbs] },
    // Without the status subresource there is no such resource: status comes with the object.
    ...(model.api.statusSubresource
      ? [{ apiGroups: [group], resources: [`${plural}/status`], verbs: ["get"] }]
      : []),
  ];
}

function userRole(model: OperatorModel, role: UserRole) {
  return {
    apiVersion: "rbac.authorization.k8s.io/v1",
    kind: "ClusterRole",
    metadata: {
      name: `${model.name}-${model.api.singular}-${role.level}-role`,
      labels: sortKeys({
        ...labelsFor(model, "rbac"),
        [`rbac.authorization.k8s.io/aggregate-to-${role.aggregateTo}`]: "true",
      }),
    },
    rules: userRoleRules(model, role),
  };
}
