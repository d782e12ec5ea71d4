// Names of the operator's identity objects, shared by RBAC and the manager Deployment.

import type { OperatorModel } from "../../model/types.ts";

export function serviceAccountName(model: OperatorModel): string {
  return `${model.name}-controller-manager`;
}

export function managerRoleName(model: OperatorModel): string {
  return `${model.name}-manager-role`;
}

export function leaderElectionRoleName(model: OperatorModel): string {
  return `${model.name}-leader-election-role`;
}

export function deploymentName(model: OperatorModel): string {
  return `${model.name}-controller-manager`;
}
