// The view-model the source templates render against. Every name, type, import, literal and
// expression a template prints is computed here, so templates only loop and branch.

import type {
  ChildModel,
  ExternalResourceModel,
  FieldModel,
  OperatorModel,
  PhaseModel,
} from "../../model/types.ts";
import { exampleObject } from "../manifests/example-values.ts";
import { buildIntegrationView, specChanges, type IntegrationView } from "./integration-view.ts";
import { buildContractView, type ContractView } from "./contract-view.ts";
import {
  docComment,
  interfacesFor,
  specAccessor,
  type InterfaceView,
  type PropertyView,
} from "./ts-types.ts";

export interface ViewModel {
  name: string;
  description: string;
  image: string;
  operatorNamespace: string;
  kind: string;
  group: string;
  version: string;
  apiVersion: string;
  plural: string;
  namespaced: boolean;
  scope: string;
  finalizer: string;
  fieldManager: string;
  envPrefix: string;
  kindFile: string;
  abandonAnnotation: string;
  leaseName: string;
  types: {
    resource: string;
    list: string;
    spec: string;
    status: string;
    phase: string;
    conditionType: string;
    reconciler: string;
    reconcilerDeps: string;
    finalizeFn: string;
    finalizeDeps: string;
  };
  /** Module paths relative to src/, e.g. api/v1alpha1/database-types.ts. */
  modules: { types: string; phases: string; reconciler: string; finalize: string };
  /** `?` when no spec field is required, so an object without spec is still well-typed. */
  specOptional: "" | "?";
  interfaces: InterfaceView[];
  hasPhases: boolean;
  phases: PhaseView[];
  phaseUnion: string;
  initialPhase: string;
  progressingPhase: string;
  readyPhase: string;
  /** JSON literal of the failure phase, or `undefined`. */
  failedPhaseLiteral: string;
  hasFailedPhase: boolean;
  conditions: Array<{ type: string; doc: string }>;
  conditionUnion: string;
  hasBindings: boolean;
  bindings: BindingView[];
  /** Declared conditions other than Ready and the per-binding ones: the user's code sets them. */
  userConditions: string[];
  /** Status fields no external binding fills: the user's code sets them. */
  userStatusFields: string[];
  hasChildren: boolean;
  childCount: number;
  children: ChildView[];
  settings: {
    concurrency: number;
    resyncPeriodMs: number;
    backoffInitialMs: number;
    backoffMaxMs: number;
    leaderElection: boolean;
    watchNamespacesLiteral: string;
  };
  test: {
    /** JSON of a minimal valid spec. */
    sampleSpec: string;
    hasSpecChange: boolean;
    specChangeField: string;
    specChangeValue: string;
    namespaceLiteral: string;
    /** The first pass cannot reach Ready (providers or workloads not ready yet). */
    startsNotReady: boolean;
  };
  readme: {
    files: Array<{ path: string; ownership: string }>;
  };
  /** The API contract tests under test/contract/. */
  contract: ContractView;
  /** The envtest suites under test/integration/. */
  integration: IntegrationView;
}

export interface PhaseView {
  name: string;
  doc: string;
  nextLiteral: string;
  terminal: boolean;
}

export interface BindingView {
  name: string;
  typeName: string;
  fileName: string;
  description: string;
  doc: string;
  provider: string;
  desired: string;
  observed: string;
  memoryClass: string;
  cloudClass: string;
  desiredFn: string;
  cleanUpFn: string;
  reconcileFn: string;
  /** Local variable holding this binding's result in the reconciler. */
  resultVar: string;
  /** Property name in the reconciler's deps, e.g. instanceProvider. */
  depName: string;
  modules: { provider: string; memory: string; cloud: string };
  deletionPolicy: string;
  driftPolicy: string;
  isDelete: boolean;
  isRetain: boolean;
  isEnforce: boolean;
  isReport: boolean;
  conditionType: string;
  /** Type names the provider module imports from the API types module (the resource first). */
  typeImports: string[];
  /** Type names the in-memory provider's fake outputs mention. */
  memoryTypeImports: string[];
  hasMemoryTypeImports: boolean;
  desiredProps: Array<PropertyView & { expression: string }>;
  outputs: Array<PropertyView & { fakeExpression: string }>;
}

export interface ChildView {
  kind: string;
  apiVersion: string;
  fileName: string;
  module: string;
  builderFn: string;
  tsType: string;
  nameSuffix: string;
  component: string;
  namespaced: boolean;
  imageExpression: string;
  replicasExpression: string | null;
  portExpression: string | null;
  envExpression: string | null;
  podAnnotationsExpression: string | null;
  targetPortExpression: string;
  configEntries: Array<{ key: string; expression: string }>;
  secretEntries: Array<{ key: string; expression: string }>;
}

const READY_NAMES = [
  "Available",
  "Ready",
  "Running",
  "Active",
  "Healthy",
  "Succeeded",
  "Bound",
  "Synced",
];
const FAILED_NAMES = ["Failed", "Degraded", "Error", "Errored"];
/** Child kinds with a template that fills in real content; others get a valid placeholder. */
const TYPED_CHILDREN: Record<string, string> = {
  "apps/v1:Deployment": "V1Deployment",
  "v1:Service": "V1Service",
  "v1:ConfigMap": "V1ConfigMap",
  "v1:Secret": "V1Secret",
};

export function buildViewModel(
  model: OperatorModel,
  files: Array<{ path: string; ownership: string }>,
): ViewModel {
  const { kind } = model.api;
  const specOptional = model.spec.fields.some((f) => f.required) ? "" : "?";
  const phases = model.status.phases;
  const roles = phaseRoles(phases);
  // The same schema-valid sample and spec change the integration suites use: the unit tests must
  // never drive the reconciler with a spec the API server would reject.
  const sample = exampleObject(model.spec.fields);
  const change = specChanges(model.spec.fields, sample);
  const types = {
    resource: kind,
    list: `${kind}List`,
    spec: model.names.specType,
    status: model.names.statusType,
    phase: `${kind}Phase`,
    conditionType: `${kind}ConditionType`,
    reconciler: `${kind}Reconciler`,
    reconcilerDeps: `${kind}ReconcilerDeps`,
    finalizeFn: `finalize${kind}`,
    finalizeDeps: `Finalize${kind}Deps`,
  };
  const statusExtra: PropertyView[] = [
    prop(
      "observedGeneration",
      "number",
      "The metadata.generation this status reflects; compare it with metadata.generation before trusting the rest.",
    ),
    ...(phases.length > 0
      ? [
          prop(
            "phase",
            types.phase,
            "Observed lifecycle phase (a summary; conditions carry the detail).",
          ),
        ]
      : []),
    prop(
      "conditions",
      "Condition[]",
      "Latest observations in metav1.Condition form; Ready is always present once reconciled.",
    ),
  ];
  const interfaces: InterfaceView[] = [
    ...interfacesFor(
      types.spec,
      [model.spec.description ?? `Desired state of a ${kind}.`],
      model.spec.fields,
    ),
    ...interfacesFor(
      types.status,
      [`Observed state of a ${kind}, written only by the operator.`],
      model.status.fields,
      statusExtra,
    ),
  ];
  const declared = interfaces.map((i) => i.name);
  return {
    name: model.name,
    description: model.description,
    image: model.image,
    operatorNamespace: model.namespace,
    kind,
    group: model.api.group,
    version: model.api.version,
    apiVersion: model.api.apiVersion,
    plural: model.api.plural,
    namespaced: model.api.namespaced,
    scope: model.api.scope,
    finalizer: model.finalizer,
    fieldManager: model.fieldManager,
    envPrefix: model.names.envPrefix,
    kindFile: model.names.kindFile,
    abandonAnnotation: `${model.api.group}/abandon-external-resources`,
    leaseName: `${model.name}-leader`,
    types,
    modules: {
      types: `api/${model.api.version}/${model.names.kindFile}-types.ts`,
      phases: `api/${model.api.version}/phases.ts`,
      reconciler: `reconciler/${model.names.kindFile}-reconciler.ts`,
      finalize: "reconciler/finalize.ts",
    },
    specOptional,
    interfaces,
    hasPhases: phases.length > 0,
    phases: phases.map((p) => ({
      name: p.name,
      doc: docComment(
        [p.description ?? "", p.terminal ? "Terminal: only deletion leaves it." : ""].filter(
          Boolean,
        ),
      ),
      nextLiteral: JSON.stringify(p.next),
      terminal: p.terminal,
    })),
    phaseUnion: phases.map((p) => JSON.stringify(p.name)).join(" | ") || "never",
    initialPhase: model.status.initialPhase ?? "",
    progressingPhase: roles.progressing,
    readyPhase: roles.ready,
    failedPhaseLiteral: roles.failed === undefined ? "undefined" : JSON.stringify(roles.failed),
    hasFailedPhase: roles.failed !== undefined,
    conditions: model.status.conditions.map((c) => ({
      type: c.type,
      doc: docComment(c.description ? [c.description] : []),
    })),
    conditionUnion: model.status.conditions.map((c) => JSON.stringify(c.type)).join(" | "),
    hasBindings: model.externalResources.length > 0,
    userConditions: model.status.conditions
      .map((c) => c.type)
      .filter((t) => t !== "Ready" && !model.externalResources.some((b) => b.conditionType === t)),
    userStatusFields: model.status.fields
      .map((f) => f.name)
      .filter((n) => !model.externalResources.some((b) => b.outputs.some((o) => o.name === n))),
    bindings: model.externalResources.map((b) =>
      bindingView(b, model, specOptional === "?", declared),
    ),
    hasChildren: model.children.length > 0,
    childCount: model.children.length,
    children: model.children.map((c) => childView(c, model, specOptional === "?")),
    settings: {
      concurrency: model.operator.concurrency,
      resyncPeriodMs: model.operator.resyncPeriodSeconds * 1000,
      backoffInitialMs: model.operator.backoffInitialSeconds * 1000,
      backoffMaxMs: model.operator.backoffMaxSeconds * 1000,
      leaderElection: model.operator.leaderElection,
      watchNamespacesLiteral: JSON.stringify(model.rbac.watchNamespaces),
    },
    test: {
      sampleSpec: JSON.stringify(sample),
      hasSpecChange: change !== undefined,
      specChangeField: change?.field ?? "",
      specChangeValue: JSON.stringify(change?.values[0] ?? null),
      namespaceLiteral: model.api.namespaced ? JSON.stringify("team-a") : "undefined",
      startsNotReady:
        model.externalResources.length > 0 ||
        model.children.some((c) => ["Deployment", "StatefulSet", "ReplicaSet"].includes(c.kind)),
    },
    readme: { files },
    contract: buildContractView(model),
    integration: buildIntegrationView(model),
  };
}

function prop(name: string, type: string, doc: string): PropertyView {
  return { name, optional: "?", type, doc: docComment([doc]) };
}

/**
 * Which declared phase the reconciler records while work is under way, when everything is ready,
 * and after a terminal error. Read from the phase names and the transition table; a spec whose
 * names fit none of the patterns still gets a consistent choice.
 */
export function phaseRoles(phases: readonly PhaseModel[]): {
  progressing: string;
  ready: string;
  failed: string | undefined;
} {
  if (phases.length === 0) return { progressing: "", ready: "", failed: undefined };
  const initial = phases.find((p) => p.initial) ?? phases[0]!;
  const failed =
    phases.find((p) => p.terminal)?.name ?? phases.find((p) => FAILED_NAMES.includes(p.name))?.name;
  const ready =
    phases.find((p) => READY_NAMES.includes(p.name))?.name ??
    [...phases].reverse().find((p) => !p.terminal && p.name !== failed && p.name !== initial.name)
      ?.name ??
    initial.name;
  const progressing = initial.next.find((n) => n !== ready && n !== failed) ?? initial.name;
  return { progressing, ready, failed };
}

function bindingView(
  binding: ExternalResourceModel,
  model: OperatorModel,
  specOptional: boolean,
  declaredTypes: readonly string[],
): BindingView {
  const t = binding.typeName;
  const used = [...binding.inputs, ...binding.outputs].map((f) => f.tsType).join(" ");
  const typeImports = [
    model.api.kind,
    ...declaredTypes.filter((name) => new RegExp(`\\b${name}\\b`).test(used)),
  ];
  const outputs = binding.outputs.map((field) => ({
    name: field.name,
    optional: "?" as const,
    type: field.tsType,
    doc: docComment([
      `Copied to status.${field.name}${field.description ? `: ${field.description}` : ""}`,
    ]),
    fakeExpression: fakeOutput(field),
  }));
  const fakes = outputs.map((o) => o.fakeExpression).join(" ");
  return {
    typeImports,
    hasMemoryTypeImports: declaredTypes.some((name) => new RegExp(`\\b${name}\\b`).test(fakes)),
    memoryTypeImports: declaredTypes.filter((name) => new RegExp(`\\b${name}\\b`).test(fakes)),
    outputs,
    name: binding.name,
    typeName: t,
    fileName: binding.fileName,
    description: binding.description,
    doc: docComment([binding.description]),
    provider: `${t}Provider`,
    desired: `${t}Desired`,
    observed: `${t}Observed`,
    memoryClass: `InMemory${t}Provider`,
    cloudClass: `Cloud${t}Provider`,
    desiredFn: `desired${t}`,
    cleanUpFn: `cleanUp${t}`,
    reconcileFn: `reconcile${t}`,
    depName: `${binding.name}Provider`,
    modules: {
      provider: `providers/${binding.fileName}-provider.ts`,
      memory: `providers/${binding.fileName}-memory.ts`,
      cloud: `providers/${binding.fileName}-cloud.ts`,
    },
    deletionPolicy: binding.deletionPolicy,
    driftPolicy: binding.driftPolicy,
    isDelete: binding.deletionPolicy === "Delete",
    isRetain: binding.deletionPolicy === "Retain",
    isEnforce: binding.driftPolicy === "Enforce",
    isReport: binding.driftPolicy === "Report",
    resultVar: `${binding.name}Result`,
    conditionType: binding.conditionType,
    desiredProps: binding.inputs.map((field) => {
      const accessor = specAccessor(field.path, model.spec.fields, "obj.spec", specOptional);
      return {
        name: desiredName(field.path),
        optional: accessor.optional ? "?" : "",
        type: field.tsType,
        doc: docComment([`spec.${field.path}${field.description ? `: ${field.description}` : ""}`]),
        expression: accessor.expression,
      };
    }),
  };
}

/** backup.retentionDays → backupRetentionDays: Desired is flat, whatever the spec's nesting. */
function desiredName(path: string): string {
  return path
    .split(".")
    .map((segment, i) => (i === 0 ? segment : segment[0]!.toUpperCase() + segment.slice(1)))
    .join("");
}

/** What the in-memory provider reports for an output; `id` is the fake provider ID in scope. */
function fakeOutput(field: FieldModel): string {
  switch (field.type) {
    case "string":
      return field.enum ? JSON.stringify(field.enum[0]) : `\`\${id}-${field.name}\``;
    case "integer":
    case "number":
      return field.enum ? JSON.stringify(field.enum[0]) : "1";
    case "boolean":
      return "true";
    case "int-or-string":
      return "1";
    case "array":
      return field.items?.type === "string" && !field.items.enum
        ? `[\`\${id}-${field.name}\`]`
        : "[]";
    default:
      return `{} as ${field.tsType}`;
  }
}

function childView(child: ChildModel, model: OperatorModel, specOptional: boolean): ChildView {
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
  const image = read("image", (f) => f.type === "string", '""');
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
  const tsType = TYPED_CHILDREN[`${child.apiVersion}:${child.kind}`] ?? "KubernetesObject";
  const suffix: Record<string, string> = {
    Deployment: "",
    StatefulSet: "",
    Service: "",
    ConfigMap: "-config",
    Secret: "-connection",
  };
  return {
    kind: child.kind,
    apiVersion: child.apiVersion,
    fileName: child.fileName,
    module: `children/${child.fileName}.ts`,
    builderFn: `desired${child.kind}`,
    tsType,
    nameSuffix: suffix[child.kind] ?? `-${child.fileName}`,
    component: model.names.kindFile,
    namespaced: child.scope === "Namespaced",
    imageExpression: image ?? '"registry.example.com/app:latest"',
    replicasExpression: read("replicas", integer),
    portExpression: port,
    envExpression: env,
    podAnnotationsExpression: read("podAnnotations", (f) => f.type === "map"),
    targetPortExpression: servicePort ?? '"http"',
    configEntries: spec
      .filter((f) => f.type === "free-form" || (f.type === "map" && /config/i.test(f.name)))
      .map((f) => ({
        key: `${f.name}.json`,
        expression: `JSON.stringify(${specAccessor(f.path, spec, "obj.spec", specOptional).expression} ?? {})`,
      })),
    secretEntries: model.status.fields
      .filter((f) => f.type === "string")
      .map((f) => ({ key: f.name, expression: `obj.status?.${f.name} ?? ""` })),
  };
}
