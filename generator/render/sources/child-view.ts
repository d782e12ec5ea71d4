// The view of one child object the operator owns (Deployment, Service, ConfigMap, Secret or any
// other kind): its builder's names and the expressions that fill it from the spec. A spec field
// is used only when its name and type fit the role, so any spec yields a valid builder.

import type {
  ChildConditionModel,
  ChildKindChoiceModel,
  ChildModel,
  FieldModel,
  OperatorModel,
} from "../../model/types.ts";
import { backendService } from "./service-names-view.ts";
import { exampleObject, exampleValue } from "../manifests/example-values.ts";
import { objectViolations } from "../manifests/field-violations.ts";
import { childNamingView, type ChildNamingView } from "./child-naming-view.ts";
import { specAccessor, tsKey, tsLiteral, tsMember } from "./ts-types.ts";
import { childBuilderName, defaultNameSuffix } from "../../check/child-name-template.ts";

export interface ChildView {
  kind: string;
  /** children[].id, or null. */
  id: string | null;
  apiVersion: string;
  fileName: string;
  module: string;
  builderFn: string;
  tsType: string;
  nameSuffix: string;
  /** For RoleBinding and ClusterRoleBinding: the role they grant, named like that role's child. */
  roleRefKind: string;
  roleRefSuffix: string;
  /** For a CRD kind: its CRD's path, and top-level fields (spec first) its schema accepts. */
  crdPath: string | null;
  content: Array<{ key: string; json: string }>;
  component: string;
  /** The resource name in REST paths (deployments), for the informer that watches this kind. */
  plural: string;
  namespaced: boolean;
  imageExpression: string;
  replicasExpression: string | null;
  portExpression: string | null;
  envExpression: string | null;
  podAnnotationsExpression: string | null;
  targetPortExpression: string;
  configEntries: Array<{ key: string; expression: string }>;
  secretEntries: Array<{ key: string; expression: string }>;
  /** A name template (children[].name): the builder takes (obj, instance) and uses its name and labels. */
  instanced: boolean;
  /** `, Entry` for a forEach child's builder type, else "". */
  entryTypeArg: string;
  naming: ChildNamingView | null;
  /** children[].when: a boolean TypeScript expression over obj, and what it says; null for always. */
  whenExpression: string | null;
  whenSummary: string | null;
  /** Ingress: the function of src/children/service-names.ts that names its backend Service. */
  backendServiceFn: string | null;
  /**
   * desiredChildren()'s call of the builder (`instance` in scope for an instanced child), marked
   * with the child's creation policy when it has one (children[].creationPolicy).
   */
  buildCall: string;
}

/**
 * Every child kind the generator builds: the builder template (under templates/project/src/children/)
 * and the client-node type of what it returns. Each template yields an object the API server
 * accepts as it stands; check-children refuses any other kind with a located error.
 */
export const CHILD_KINDS: Readonly<Record<string, { template: string; tsType: string }>> = {
  "apps/v1:Deployment": { template: "deployment", tsType: "V1Deployment" },
  "apps/v1:StatefulSet": { template: "stateful-set", tsType: "V1StatefulSet" },
  "apps/v1:DaemonSet": { template: "daemon-set", tsType: "V1DaemonSet" },
  "batch/v1:Job": { template: "job", tsType: "V1Job" },
  "batch/v1:CronJob": { template: "cron-job", tsType: "V1CronJob" },
  "v1:Pod": { template: "pod", tsType: "V1Pod" },
  "v1:Service": { template: "service", tsType: "V1Service" },
  "v1:ConfigMap": { template: "config-map", tsType: "V1ConfigMap" },
  "v1:Secret": { template: "secret", tsType: "V1Secret" },
  "v1:ServiceAccount": { template: "metadata-only", tsType: "V1ServiceAccount" },
  "v1:Namespace": { template: "metadata-only", tsType: "V1Namespace" },
  "v1:PersistentVolumeClaim": {
    template: "persistent-volume-claim",
    tsType: "V1PersistentVolumeClaim",
  },
  "v1:PersistentVolume": { template: "persistent-volume", tsType: "V1PersistentVolume" },
  "networking.k8s.io/v1:Ingress": { template: "ingress", tsType: "V1Ingress" },
  "networking.k8s.io/v1:NetworkPolicy": { template: "network-policy", tsType: "V1NetworkPolicy" },
  "policy/v1:PodDisruptionBudget": {
    template: "pod-disruption-budget",
    tsType: "V1PodDisruptionBudget",
  },
  "coordination.k8s.io/v1:Lease": { template: "metadata-only", tsType: "V1Lease" },
  "rbac.authorization.k8s.io/v1:Role": { template: "metadata-only", tsType: "V1Role" },
  "rbac.authorization.k8s.io/v1:ClusterRole": {
    template: "metadata-only",
    tsType: "V1ClusterRole",
  },
  "rbac.authorization.k8s.io/v1:RoleBinding": { template: "role-binding", tsType: "V1RoleBinding" },
  "rbac.authorization.k8s.io/v1:ClusterRoleBinding": {
    template: "role-binding",
    tsType: "V1ClusterRoleBinding",
  },
};

/** A kind served by another project's CRD: built from that CRD's schema. */
export const CUSTOM_RESOURCE_CHILD = { template: "custom-resource", tsType: "KubernetesObject" };

export function childKind(child: ChildModel): { template: string; tsType: string } {
  if (child.crd) return CUSTOM_RESOURCE_CHILD;
  const found = CHILD_KINDS[`${child.apiVersion}:${child.kind}`];
  if (found === undefined)
    throw new Error(`internal error: no builder for child ${child.apiVersion} ${child.kind}`);
  return found;
}

/** The image a workload child runs when the spec has no image field (or leaves it out). */
const DEFAULT_IMAGE = '"registry.example.com/app:latest"';

export function childView(
  child: ChildModel,
  model: OperatorModel,
  specOptional: boolean,
): ChildView {
  const spec = model.spec.fields;
  /** Reads top-level spec field `name` if it exists with an accepted type; `fallback` covers absence. */
  const read = (
    name: string,
    accept: (f: FieldModel) => boolean,
    fallback?: string,
  ): string | null => {
    const field = spec.find((f) => f.name === name && accept(f));
    if (!field) return null;
    const accessor = specAccessor(field.path, spec, "obj.spec", specOptional);
    return accessor.optional && fallback !== undefined
      ? `${accessor.expression} ?? ${fallback}`
      : accessor.expression;
  };
  const integer = (f: FieldModel): boolean => f.type === "integer";
  // An absent image falls back to the placeholder image: an empty one is refused by the API server.
  const image = read("image", (f) => f.type === "string", DEFAULT_IMAGE);
  const port = read("port", integer) ?? read("containerPort", integer);
  const servicePort = read(
    "servicePort",
    (f) => ["int-or-string", "integer", "string"].includes(f.type),
    '"http"',
  );
  const env = read(
    "env",
    (f) =>
      f.type === "array" &&
      f.items?.type === "object" &&
      f.items.fields.some((i) => i.name === "name" && i.required),
    "[]",
  );
  const tsType = childKind(child).tsType;
  const roleKind = child.kind === "ClusterRoleBinding" ? "ClusterRole" : "Role";
  const naming = childNamingView(child, model, specOptional);
  return {
    kind: child.kind,
    id: child.id ?? null,
    apiVersion: child.apiVersion,
    fileName: child.fileName,
    module: `children/${child.fileName}.ts`,
    builderFn: childBuilderName(child.kind, child.id),
    tsType,
    nameSuffix: defaultNameSuffix(child.kind, child.id),
    crdPath: child.crd?.path ?? null,
    content: child.crd ? customResourceContent(child) : [],
    roleRefKind: roleKind,
    // The role child's own suffix (-role, -cluster-role), so a binding and a role child pair up.
    roleRefSuffix: `-${roleKind === "Role" ? "role" : "cluster-role"}`,
    component: model.names.kindFile,
    plural: child.plural,
    namespaced: child.scope === "Namespaced",
    imageExpression: image ?? DEFAULT_IMAGE,
    replicasExpression: read("replicas", integer),
    portExpression: port,
    envExpression: env,
    podAnnotationsExpression: read("podAnnotations", (f) => f.type === "map"),
    targetPortExpression: servicePort ?? '"http"',
    configEntries: spec
      .filter((f) => f.type === "free-form" || (f.type === "map" && /config/i.test(f.name)))
      .map((f) => {
        const value = specAccessor(f.path, spec, "obj.spec", specOptional);
        // A field with a default is never absent: `?? {}` after it would not type-check (TS2881).
        const json = value.optional ? `${value.expression} ?? {}` : value.expression;
        return { key: JSON.stringify(`${f.name}.json`), expression: `JSON.stringify(${json})` };
      }),
    secretEntries: model.status.fields
      .filter((f) => f.type === "string")
      .map((f) => ({
        key: tsKey(f.name),
        expression: `obj.status${tsMember(f.name, true)} ?? ""`,
      })),
    instanced: naming !== null,
    entryTypeArg:
      naming !== null && naming.entryType !== "undefined" ? `, ${naming.entryType}` : "",
    naming,
    whenExpression: child.chosenBy
      ? choiceExpression(child.chosenBy, spec, specOptional)
      : child.when
        ? whenExpression(child.when, spec, specOptional)
        : null,
    whenSummary: child.chosenBy
      ? `only while spec.${child.chosenBy.field.path} is ${child.chosenBy.kind}`
      : child.when
        ? child.when.test === "true"
          ? `only while spec.${child.when.field.path} is true`
          : `only while spec.${child.when.field.path} is set`
        : null,
    backendServiceFn: backendService(child, model)?.fn ?? null,
    buildCall: buildCall(
      child,
      childBuilderName(child.kind, child.id),
      naming !== null,
      spec,
      specOptional,
    ),
  };
}

/** The builder's call, under withCreationPolicy() when the spec chose a policy for the child. */
function buildCall(
  child: ChildModel,
  builderFn: string,
  instanced: boolean,
  spec: readonly FieldModel[],
  specOptional: boolean,
): string {
  const call = `${builderFn}(obj${instanced ? ", instance" : ""})`;
  const policy = child.creationPolicy;
  if (policy === undefined) return call;
  const value =
    policy.kind === "fixed"
      ? JSON.stringify(policy.policy)
      : specAccessor(policy.field.path, spec, "obj.spec", specOptional).expression;
  return `withCreationPolicy(${call}, ${value})`;
}

/** The condition of a conditional child, read from the owner (absent reads as the field's default). */
function whenExpression(
  when: ChildConditionModel,
  spec: readonly FieldModel[],
  specOptional: boolean,
): string {
  const value = specAccessor(when.field.path, spec, "obj.spec", specOptional).expression;
  if (when.test === "true") return `(${value}) === true`;
  return when.field.nullable
    ? `(${value}) !== undefined && (${value}) !== null`
    : `(${value}) !== undefined`;
}

/** Whether the owner chooses this kind of a child whose kind a field chooses (absent: the default). */
function choiceExpression(
  choice: ChildKindChoiceModel,
  spec: readonly FieldModel[],
  specOptional: boolean,
): string {
  const value = specAccessor(choice.field.path, spec, "obj.spec", specOptional).expression;
  return `(${value}) === ${JSON.stringify(choice.kind)}`;
}

/**
 * The top-level content of a CRD-kind child that its CRD's schema accepts: every required
 * property, and spec whether required or not (most CRDs leave it optional but need it).
 */
function customResourceObject(child: ChildModel): Record<string, unknown> {
  const fields = child.crd!.fields;
  const content = exampleObject(fields);
  const spec = fields.find((f) => f.name === "spec");
  if (spec && !("spec" in content)) content.spec = exampleValue(spec);
  return content;
}

/**
 * Why no child of a CRD kind can be built, e.g. "spec.size: 5 > maximum 1" for a required value no
 * example satisfies; empty when it can. The pipeline reports these as SEM186 before rendering.
 */
export function childContentProblems(child: ChildModel): string[] {
  if (!child.crd) return [];
  return objectViolations(child.crd.fields, customResourceObject(child), "");
}

function customResourceContent(child: ChildModel): Array<{ key: string; json: string }> {
  const content = customResourceObject(child);
  const problems = childContentProblems(child);
  if (problems.length > 0)
    throw new Error(
      `internal error: no ${child.kind} that ${child.crd!.path} accepts: ${problems.join("; ")}`,
    );
  const order = ["spec", ...Object.keys(content).filter((key) => key !== "spec")];
  return (
    order
      .filter((key) => key in content)
      // As prettier prints them: the file is laid out without prettier when its lines fit.
      .map((key) => ({ key: tsKey(key), json: tsLiteral(content[key]) }))
  );
}
