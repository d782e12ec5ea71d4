// The tenant boundary as render needs it: every admission validation already written as CEL
// (classes and admin-only fields turned into authorizer and userInfo checks here, once), the
// names of the policy, its binding, the parameters kind and the `use` ClusterRoles.

import type { FieldModel } from "./types.ts";

export interface TenancyParametersModel {
  group: string;
  version: string;
  kind: string;
  listKind: string;
  plural: string;
  singular: string;
  /** plural.group: the CRD's name. */
  crdName: string;
  /** The one object each namespace holds, e.g. tenancy; the binding's paramRef.name. */
  objectName: string;
  /** The binding's parameterNotFoundAction. */
  missing: "Deny" | "Allow";
  description: string;
  /** Fields of the parameters object's spec. */
  fields: FieldModel[];
  /** The parameters spec the generated suites give the namespaces they test in. */
  example: Record<string, unknown>;
}

/** A rule's fixtures for the generated suite: spec fields laid over the sample's spec. */
export interface TenancyExamples {
  params?: Record<string, unknown>;
  admitted: Array<Record<string, unknown>>;
  refused: Array<Record<string, unknown>>;
}

export interface TenancyValidation {
  /** Where it came from: a rule as written, or derived from classes or adminOnly. */
  source: "rule" | "class" | "adminOnly" | "reference";
  expression: string;
  message?: string;
  messageExpression?: string;
  reason: "Forbidden" | "Invalid" | "Unauthorized" | "RequestEntityTooLarge";
  /**
   * Whether the operator re-checks it: only rules over object and params. The variables the
   * operator cannot know (who asks, their authorization, the namespace object it is not granted
   * to read) are named in `admissionOnlyBecause`.
   */
  operatorChecks: boolean;
  admissionOnlyBecause?: string;
  examples?: TenancyExamples;
}

/** A ClusterRole granting `use` of one restricted class, for admins to bind to tenants. */
export interface UseClassRole {
  roleName: string;
  /** The spec field and value that need it. */
  field: string;
  value: string;
  resource: string;
}

/** A spec field only members of `groups` may set or change. */
export interface AdminOnlyField {
  path: string;
  groups: string[];
}

/** Kubernetes' object-count quota for this kind, which a cluster admin applies per namespace. */
export interface TenancyQuota {
  /** The ResourceQuota's name. */
  name: string;
  /** count/<plural>.<group>: the quota's resource for this kind. */
  resource: string;
  maxObjects: number;
}

export interface TenancyModel {
  policyName: string;
  bindingName: string;
  parameters?: TenancyParametersModel;
  validations: TenancyValidation[];
  useRoles: UseClassRole[];
  adminOnly: AdminOnlyField[];
  /** References that may carry a namespace: same namespace only, or as the parameters grant. */
  crossNamespaceReferences: Array<{ path: string; kind: string; grantedBy?: string }>;
  quota?: TenancyQuota;
}
