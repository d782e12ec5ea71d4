// config/tenancy: the tenant boundary at admission. A ValidatingAdmissionPolicy holds every tenancy
// rule as CEL; its binding denies (validationActions: [Deny]) and reads each namespace's own
// parameters object (paramRef); ClusterRoles grant the `use` of a restricted class; and, with
// parameters, their namespaced CRD. config/tenancy-audit is a kustomize Component that turns the
// binding to [Warn, Audit], to see what the rules would refuse before enforcing them.
//
// Only a CREATE, or an UPDATE that changes spec, is judged (matchConditions): the operator's own
// writes (finalizers, status through its subresource) and a tenant's label edits never are, so an
// object admitted under looser rules can still be deleted and cleaned up when the rules tighten.

import type { GeneratedFile } from "../../base/files.ts";
import type { TenancyModel } from "../../model/tenancy-types.ts";
import type { OperatorModel } from "../../model/types.ts";
import { fieldsSchema } from "./crd-schema.ts";
import { labelsFor } from "./labels.ts";
import { yamlFile } from "./yaml-file.ts";

export const TENANCY_DIR = "config/tenancy";
export const POLICY_FILE = "admission_policy.yaml";
export const BINDING_FILE = "admission_policy_binding.yaml";
export const USE_ROLES_FILE = "use_class_roles.yaml";
/** Applied per namespace by a cluster admin, so in no kustomization (it would land in one). */
export const QUOTA_FILE = "config/tenancy-quota/resource_quota.yaml";

export function parametersCrdFile(tenancy: TenancyModel): string | undefined {
  const p = tenancy.parameters;
  return p ? `${p.group}_${p.plural}.yaml` : undefined;
}

/** The files in config/tenancy, in the order they must be applied (CRD before the binding). */
export function tenancyFiles(tenancy: TenancyModel): string[] {
  const crd = parametersCrdFile(tenancy);
  return [
    ...(crd ? [crd] : []),
    POLICY_FILE,
    BINDING_FILE,
    ...(tenancy.useRoles.length > 0 ? [USE_ROLES_FILE] : []),
  ];
}

export function renderTenancy(model: OperatorModel): GeneratedFile[] {
  const tenancy = model.tenancy;
  if (!tenancy) return [];
  const crd = parametersCrdFile(tenancy);
  return [
    ...(crd ? [yamlFile(`${TENANCY_DIR}/${crd}`, [parametersCrd(model, tenancy)])] : []),
    yamlFile(
      `${TENANCY_DIR}/${POLICY_FILE}`,
      [policy(model, tenancy), ...onboarding(model, tenancy, "policy")],
      {
        comment: [
          "Who may ask for what (docs/tenancy.md): refused here, before the operator sees the object.",
        ],
      },
    ),
    yamlFile(
      `${TENANCY_DIR}/${BINDING_FILE}`,
      [binding(model, tenancy), ...onboarding(model, tenancy, "binding")],
      { comment: bindingComment(model, tenancy) },
    ),
    ...(tenancy.useRoles.length > 0
      ? [
          yamlFile(
            `${TENANCY_DIR}/${USE_ROLES_FILE}`,
            tenancy.useRoles.map((role) => useRole(model, role)),
            {
              comment: [
                "Bind one of these to a tenant (a RoleBinding in their namespace) to let them ask for",
                "that class: kubectl create rolebinding <name> --clusterrole=<role> --user=<user> -n <ns>",
              ],
            },
          ),
        ]
      : []),
    yamlFile(`${TENANCY_DIR}/kustomization.yaml`, [
      {
        apiVersion: "kustomize.config.k8s.io/v1beta1",
        kind: "Kustomization",
        resources: tenancyFiles(tenancy),
      },
    ]),
    ...(tenancy.quota ? [quotaFile(model, tenancy.quota)] : []),
    yamlFile(
      "config/tenancy-audit/kustomization.yaml",
      [
        {
          apiVersion: "kustomize.config.k8s.io/v1alpha1",
          kind: "Component",
          patches: [
            {
              target: {
                group: "admissionregistration.k8s.io",
                kind: "ValidatingAdmissionPolicyBinding",
                name: tenancy.bindingName,
              },
              patch: JSON.stringify([
                { op: "replace", path: "/spec/validationActions", value: ["Warn", "Audit"] },
              ]),
            },
            ...(onboardingName(tenancy) === undefined
              ? []
              : [
                  {
                    target: {
                      group: "admissionregistration.k8s.io",
                      kind: "ValidatingAdmissionPolicyBinding",
                      name: onboardingName(tenancy),
                    },
                    patch: JSON.stringify([
                      { op: "replace", path: "/spec/validationActions", value: ["Warn", "Audit"] },
                    ]),
                  },
                ]),
          ],
        },
      ],
      {
        comment: [
          "Audit instead of deny: add `components: [../tenancy-audit]` to config/default. Refusals",
          "become warnings to the client and audit annotations, so the rules can be tried on a",
          "cluster before they are enforced. The operator still refuses (Ready=False NotPermitted)",
          "what it can re-check itself.",
        ],
      },
    ),
  ];
}

/**
 * Kubernetes' object-count quota for the kind: a policy sees one object and cannot count, the
 * API server's ResourceQuota admission can. No namespace: each tenant namespace gets its own.
 */
function quotaFile(model: OperatorModel, quota: NonNullable<TenancyModel["quota"]>): GeneratedFile {
  return yamlFile(
    QUOTA_FILE,
    [
      {
        apiVersion: "v1",
        kind: "ResourceQuota",
        metadata: { name: quota.name, labels: labelsFor(model, "tenancy") },
        spec: { hard: { [quota.resource]: String(quota.maxObjects) } },
      },
    ],
    {
      comment: [
        `How many ${model.api.plural} one namespace may hold; the API server refuses the create beyond it.`,
        "A cluster admin applies it in each tenant namespace, with that namespace's number:",
        `  kubectl apply -n <namespace> -f ${QUOTA_FILE}`,
        "Tenants get no RBAC on ResourceQuotas (the generated roles grant none), or they raise their own.",
      ],
    },
  );
}

function parametersCrd(model: OperatorModel, tenancy: TenancyModel) {
  const p = tenancy.parameters!;
  const spec = fieldsSchema(p.fields);
  return {
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    metadata: { name: p.crdName, labels: labelsFor(model, "tenancy") },
    spec: {
      group: p.group,
      names: { kind: p.kind, listKind: p.listKind, plural: p.plural, singular: p.singular },
      scope: "Namespaced",
      versions: [
        {
          name: p.version,
          served: true,
          storage: true,
          schema: {
            openAPIV3Schema: {
              description: p.description,
              type: "object",
              properties: {
                apiVersion: { type: "string" },
                kind: { type: "string" },
                metadata: { type: "object" },
                spec: spec,
              },
              required: ["spec"],
            },
          },
        },
      ],
    },
  };
}

function policy(model: OperatorModel, tenancy: TenancyModel) {
  const p = tenancy.parameters;
  return {
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "ValidatingAdmissionPolicy",
    metadata: { name: tenancy.policyName, labels: labelsFor(model, "tenancy") },
    spec: {
      // An error in a rule (or the policy not compiling) refuses, never admits.
      failurePolicy: "Fail",
      ...(p ? { paramKind: { apiVersion: `${p.group}/${p.version}`, kind: p.kind } } : {}),
      matchConstraints: {
        resourceRules: [
          {
            apiGroups: [model.api.group],
            apiVersions: ["*"],
            operations: ["CREATE", "UPDATE"],
            resources: [model.api.plural],
          },
        ],
      },
      matchConditions: [
        {
          name: "creates-or-changes-spec",
          expression: "request.operation == 'CREATE' || object.spec != oldObject.spec",
        },
      ],
      validations: tenancy.validations.map((v) => ({
        expression: v.expression,
        ...(v.message !== undefined ? { message: v.message } : {}),
        ...(v.messageExpression !== undefined ? { messageExpression: v.messageExpression } : {}),
        reason: v.reason,
      })),
    },
  };
}

function binding(model: OperatorModel, tenancy: TenancyModel) {
  const p = tenancy.parameters;
  return {
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "ValidatingAdmissionPolicyBinding",
    metadata: { name: tenancy.bindingName, labels: labelsFor(model, "tenancy") },
    spec: {
      policyName: tenancy.policyName,
      validationActions: ["Deny"],
      // No namespace: each request reads the parameters object of its own namespace. Allow, even
      // when a namespace without one may create nothing: a binding that denies without its
      // parameters does so before the policy's matchConditions, so it would refuse the
      // operator's finalizer removal too and trap every object of a namespace whose parameters
      // were deleted. Creates there are refused by the onboarding binding instead.
      ...(p ? { paramRef: { name: p.objectName, parameterNotFoundAction: "Allow" } } : {}),
    },
  };
}

/** The onboarding policy's and binding's name: only when a namespace without parameters may create nothing. */
function onboardingName(tenancy: TenancyModel): string | undefined {
  return tenancy.parameters?.missing === "Deny" ? `${tenancy.policyName}-onboarded` : undefined;
}

/**
 * parameters.missing: Deny — a namespace without its parameters object creates nothing. A policy
 * of its own, matching CREATE only, whose binding denies without parameters: deletes, finalizer
 * removal and status writes in such a namespace are never judged by it.
 */
function onboarding(model: OperatorModel, tenancy: TenancyModel, part: "policy" | "binding") {
  const name = onboardingName(tenancy);
  const p = tenancy.parameters;
  if (name === undefined || p === undefined) return [];
  const labels = labelsFor(model, "tenancy");
  if (part === "binding")
    return [
      {
        apiVersion: "admissionregistration.k8s.io/v1",
        kind: "ValidatingAdmissionPolicyBinding",
        metadata: { name, labels },
        spec: {
          policyName: name,
          validationActions: ["Deny"],
          paramRef: { name: p.objectName, parameterNotFoundAction: "Deny" },
        },
      },
    ];
  return [
    {
      apiVersion: "admissionregistration.k8s.io/v1",
      kind: "ValidatingAdmissionPolicy",
      metadata: { name, labels },
      spec: {
        failurePolicy: "Fail",
        paramKind: { apiVersion: `${p.group}/${p.version}`, kind: p.kind },
        matchConstraints: {
          resourceRules: [
            {
              apiGroups: [model.api.group],
              apiVersions: ["*"],
              operations: ["CREATE"],
              resources: [model.api.plural],
            },
          ],
        },
        validations: [
          {
            expression: "params != null",
            message: `this namespace has no ${p.kind} named ${p.objectName}: a cluster admin sets what it may ask for there`,
            reason: "Forbidden",
          },
        ],
      },
    },
  ];
}

function bindingComment(model: OperatorModel, tenancy: TenancyModel): string[] {
  const p = tenancy.parameters;
  if (!p) return ["Denies what the policy refuses, in every namespace."];
  return [
    `Each namespace's limits are its own ${p.kind} named ${p.objectName}, created by a cluster admin.`,
    p.missing === "Deny"
      ? `A namespace without one cannot create ${model.api.plural} (the onboarding binding, CREATE only: a typo in the name fails closed), yet its objects can still be finalized and deleted.`
      : "A namespace without one is not judged by the policy.",
  ];
}

function useRole(model: OperatorModel, role: TenancyModel["useRoles"][number]) {
  return {
    apiVersion: "rbac.authorization.k8s.io/v1",
    kind: "ClusterRole",
    metadata: { name: role.roleName, labels: labelsFor(model, "rbac") },
    rules: [
      {
        apiGroups: [model.api.group],
        resources: [role.resource],
        resourceNames: [role.value],
        verbs: ["use"],
      },
    ],
  };
}
