// The normalized model between check and render. Every name that a template or a manifest
// builder needs is derived here exactly once; render never looks at raw YAML.

import type { CreationPolicyName } from "../check/child-creation-policy.ts";
import type { Immutability } from "../check/immutability.ts";
import type { CascadeFinalizersPlan } from "../check/check-cascade-finalizers.ts";
import type { ManagementPlan } from "../check/check-management.ts";
import type { TenancyModel } from "./tenancy-types.ts";
import type { ConversionModel } from "./conversion-plan.ts";

export type FieldType =
  | "string"
  | "integer"
  | "number"
  | "boolean"
  | "object"
  | "array"
  | "map"
  | "int-or-string"
  | "free-form"
  /** Any JSON value: string, number, boolean, list or object (a typeless schema). */
  | "any"
  /** A Kubernetes type by reference (core/v1.Toleration); its name is in `kubernetesType`. */
  | "kubernetes";

export interface CelRule {
  rule: string;
  message: string;
  reason?: string;
  fieldPath?: string;
  /**
   * Fixtures for the generated contract tests (values of self; {old, new} pairs for rules that
   * read oldSelf). Never written into the CRD.
   */
  examples?: { valid?: unknown[]; invalid?: unknown[] };
}

/**
 * The value constraints a field can carry, named as in OpenAPI v3 so the spec, the model and the
 * CRD schema share one vocabulary.
 */
export interface FieldConstraints {
  enum?: unknown[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  /** In the model: declared, or derived so that a CEL rule touching the string has a bounded cost. */
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  maxProperties?: number;
}

/** Every key of FieldConstraints, for code that copies constraints between schema and model. */
export const CONSTRAINT_KEYS = [
  "enum",
  "format",
  "minimum",
  "maximum",
  "minLength",
  "maxLength",
  "pattern",
  "minItems",
  "maxItems",
  "minProperties",
  "maxProperties",
] as const satisfies readonly (keyof FieldConstraints)[];

export interface FieldModel extends FieldConstraints {
  /** Property name as it appears in the object (camelCase). */
  name: string;
  /** Dotted path from the root of spec or status, e.g. backup.retentionDays. */
  path: string;
  type: FieldType;
  /** Only for type "kubernetes": the referenced type, e.g. core/v1.Toleration (schema/kubernetes-types.json). */
  kubernetesType?: string;
  description?: string;
  /** `deprecated`: what to use instead; the CRD description and the TS type say it (deprecated-field.ts). */
  deprecated?: string;
  required: boolean;
  nullable: boolean;
  /** Absent when the spec declares no default; `null` is a real default only when nullable. */
  default?: unknown;
  hasDefault: boolean;
  /** The spec's own sample values (examples:), tried before any the generator makes up. */
  examples?: unknown[];
  immutable: boolean;
  /** How it is immutable (message, since), when `immutable`. */
  immutability?: Immutability;
  /** Element of an array, value of a map. */
  items?: FieldModel;
  /** Fields of an object, sorted as declared. */
  fields: FieldModel[];
  /** Only for arrays: how server-side apply merges them. */
  listType?: "atomic" | "set" | "map";
  listMapKeys?: string[];
  /** Only for objects, maps and free-form fields, when the spec declares it: how server-side apply merges them. */
  mapType?: "atomic" | "granular";
  rules: CelRule[];
  /** The field names another object (`reference:`); OperatorModel.references describes it. */
  reference?: true;
  /** TypeScript type expression of this field, e.g. `"postgres" | "mysql"` or `DatabaseSpecBackup`. */
  tsType: string;
}

export interface PhaseModel {
  name: string;
  description?: string;
  initial: boolean;
  terminal: boolean;
  /** Marked ready: true (the phase the reconciler records when everything is in place). */
  ready: boolean;
  next: string[];
}

export interface ConditionModel {
  type: string;
  description?: string;
}

export interface ExternalResourceModel {
  /** camelCase binding name, e.g. instance. */
  name: string;
  /** PascalCase, e.g. Instance: names the provider interface InstanceProvider. */
  typeName: string;
  /** kebab-case, e.g. instance: names the provider file. */
  fileName: string;
  description: string;
  /** Spec fields that feed the resource. */
  inputs: FieldModel[];
  /** Status fields the resource fills. */
  outputs: FieldModel[];
  /** The default for every object; an object may override it with an annotation. */
  deletionPolicy: "Delete" | "Retain";
  driftPolicy: "Enforce" | "Report";
  /** Condition type that reports this resource, e.g. InstanceReady. */
  conditionType: string;
  identity: ResourceIdentity;
}

/**
 * An external source (externalResources[].access: read): looked up by a natural key from the
 * spec and reported, never created, changed or deleted. Kept apart from ExternalResourceModel so
 * that nothing written for managed resources (the finalizer, the orphan sweep, the deletion
 * policy, adoption) can reach it by accident.
 */
export interface ExternalSourceModel {
  name: string;
  typeName: string;
  fileName: string;
  description: string;
  /** Status fields the source fills. */
  outputs: FieldModel[];
  /** Condition type that reports this source, e.g. NetworkReady. */
  conditionType: string;
  /** The spec field holding the key, and what an absent key means (identity.fallback). */
  key: { field: FieldModel; fallback?: "metadata.name" };
}

/**
 * How an external resource is found again. uid: by the object's metadata.uid, tagged on the
 * resource. naturalKey: by a name from the spec (a string field fixed from creation on), with the
 * object recorded on the resource as its holder; `adoption` decides what happens to a resource
 * that already exists under that name and that no live object holds.
 */
export type ResourceIdentity =
  | { kind: "uid" }
  | {
      kind: "naturalKey";
      /** The spec field holding the key; its `path` is the dotted path from spec. */
      field: FieldModel;
      adoption: "Adopt" | "Refuse";
      /** management.adoptionAnnotation: the annotation with which one object overrides `adoption`. */
      adoptionAnnotation?: string;
      /** management.adoptionValues: the annotation's values and what each does; left out: Adopt, Refuse. */
      adoptionValues?: Readonly<Record<string, "Adopt" | "AdoptOnly" | "Refuse">>;
      /**
       * When an object may adopt (Adopt, or an adoption annotation): the condition that records
       * whether the resource was adopted or created.
       */
      adoptedConditionType?: string;
      /** What an absent key means: the object's own name (identity.fallback). */
      fallback?: "metadata.name";
    };

export interface ChildModel {
  apiVersion: string;
  /** "" for the core group. */
  group: string;
  version: string;
  kind: string;
  plural: string;
  scope: "Namespaced" | "Cluster";
  /** camelCase, e.g. deployment or headlessService: names the builder function desiredDeployment. */
  varName: string;
  /** kebab-case file name, e.g. deployment, or <id>-<kind> (headless-service) for a child with an id. */
  fileName: string;
  /** The child's role among children of its kind (children[].id), e.g. headless. */
  id?: string;
  /** children[].when: the child exists only while this holds; else it is pruned. */
  when?: ChildConditionModel;
  /** Ingress only (children[].backendService): the id of the Service child it routes to. */
  backendService?: string;
  /** For a kind served by another project's CRD: that CRD, as the spec's `crd:` gave it. */
  crd?: ChildCrdModel;
  /** A name template over the owner (children[].name), with forEach or count: absent for one object named after its owner. */
  naming?: ChildNamingModel;
  /** children[].creationPolicy: absent for Owner, the default every child had before the key. */
  creationPolicy?: ChildCreationPolicyModel;
  /**
   * children[].kinds + kindField: this is one kind of a child whose kind each object chooses; it
   * exists only while the field names it, else it is pruned (as a when: child).
   */
  chosenBy?: ChildKindChoiceModel;
}

/** The spec field that chooses a child's kind, and the value of it that chooses this one. */
export interface ChildKindChoiceModel {
  field: FieldModel;
  /** The value that chooses this kind: the kind's name. */
  kind: string;
  /** Every kind the field may choose, in the enum's order. */
  kinds: string[];
  /** The field's default: the kind of an object that leaves it out. */
  defaultKind?: string;
}

/**
 * Who owns a child (packages/runtime/src/creation-policy.ts): one policy for every object, or
 * the spec field each object chooses it with and the policies its enum allows.
 */
export type ChildCreationPolicyModel =
  | { kind: "fixed"; policy: CreationPolicyName }
  | { kind: "field"; field: FieldModel; values: CreationPolicyName[] };

/** A conditional child's condition: a boolean spec field being true, or an optional one being set. */
export interface ChildConditionModel {
  field: FieldModel;
  test: "true" | "present";
}

/** One piece of a child's name: text, the owner's name, a field of spec or of the forEach entry, the index. */
export type ChildNamePiece =
  | { kind: "literal"; text: string }
  | { kind: "owner" }
  /** With `fallback`, an optional field: the owner's name when it is absent ({spec.x ?? metadata.name}). */
  | { kind: "spec"; field: FieldModel; fallback?: "owner" }
  /** `path` is dotted from the entry (name); `field.path` the model's (pools[].name). */
  | { kind: "item"; path: string; field: FieldModel }
  | { kind: "index" };

export interface ChildNamingModel {
  /** As written, e.g. {metadata.name}-{item.name}. */
  template: string;
  pieces: ChildNamePiece[];
  instances:
    | { kind: "single" }
    | { kind: "forEach"; list: FieldModel; key: string }
    | { kind: "count"; field: FieldModel };
  /** The longest name this kind allows (63; 52 for StatefulSet and CronJob; 253 for Secret and ConfigMap). */
  limit: number;
  /** When the name reads the owner's: the longest owner name that keeps every child name within limit. */
  ownerNameMax?: number;
}

/**
 * A spec field that references another object (`reference:` in operator.yaml). The field itself
 * is an ordinary string (its value is the name) or object (name, namespace, key) in `spec.fields`.
 */
export interface ReferenceModel {
  /** The spec field; its `path` is the dotted path from spec, e.g. credential. */
  field: FieldModel;
  /** name: the field's value is the name; object: the field holds name (and namespace, key). */
  form: "name" | "object";
  apiVersion: string;
  /** "" for the core group. */
  group: string;
  version: string;
  kind: string;
  plural: string;
  /** builtin: Kubernetes' own kind; own: the operator's kind; custom: another CRD's kind. */
  origin: "builtin" | "own" | "custom";
  /** any: the reference may carry a namespace; the kind is read in every namespace. */
  namespaces: "same" | "any";
  /** Cluster: the referenced kind has no namespace; it is read cluster-wide, by name alone. */
  scope: "Namespaced" | "Cluster";
  /** The reference selects a key of the object's data (Secret, ConfigMap). */
  key: boolean;
  /** camelCase of the field path, e.g. credential, backupSecretRef: names the resolved value. */
  varName: string;
  /** Ready's reason while the object is missing, e.g. CredentialNotFound. */
  notFoundReason: string;
  /** Ready's reason while the object lacks the selected key, e.g. CredentialKeyNotFound. */
  keyNotFoundReason: string;
  /**
   * A polymorphic reference (`reference.kinds`) is one ReferenceModel per kind, each with the
   * sibling field that chooses it and the value that does; `default` when the field left out names it.
   */
  choice?: ReferenceChoice;
}

/**
 * A label on the object's own metadata whose value names an object of `kind` in the object's
 * namespace (labelReferences, as Strimzi's strimzi.io/cluster): resolved, watched and reported as
 * a name-form spec reference is.
 */
export interface LabelReferenceModel {
  /** The label key, e.g. strimzi.io/cluster. */
  label: string;
  apiVersion: string;
  /** "" for the core group. */
  group: string;
  version: string;
  kind: string;
  plural: string;
  origin: "builtin" | "own" | "custom";
  /** Names the resolved object in the hooks' references, e.g. cluster. */
  varName: string;
  /** Ready's reason while the label names no object, e.g. ClusterNotFound. */
  notFoundReason: string;
}

/** Which value of which field beside name makes a polymorphic reference name this kind. */
export interface ReferenceChoice {
  field: string;
  value: string;
  default: boolean;
}

export interface ChildCrdModel {
  /** As written in the spec: relative to it, and so to the project root. */
  path: string;
  /** The file's text, copied into the project unchanged. */
  text: string;
  /** The CRD document, re-serialized into config/crd/bases/ for the tests to install. */
  document: unknown;
  /** Top-level properties of the served version's schema other than apiVersion, kind, metadata, status. */
  fields: FieldModel[];
}

export interface PolicyRule {
  apiGroups: string[];
  resources: string[];
  resourceNames?: string[];
  verbs: string[];
}

export interface PrinterColumn {
  name: string;
  type: "string" | "integer" | "number" | "boolean" | "date";
  jsonPath: string;
  description?: string;
  priority?: number;
}

export interface VersionModel {
  name: string;
  served: boolean;
  storage: boolean;
  /** Clients of this version get the API server's deprecation warning (or deprecationWarning). */
  deprecated?: true;
  deprecationWarning?: string;
  /** The version's own schema when fields evolve; absent for the storage version (the model's). */
  schema?: VersionSchema;
}

/** What a version's CRD schema is made of: its projection of the spec (model/project-version.ts). */
export interface VersionSchema {
  spec: OperatorModel["spec"];
  statusFields: FieldModel[];
  printerColumns: PrinterColumn[];
  selectableFields: string[];
  scale?: OperatorModel["api"]["scale"];
}

export interface OperatorSettings {
  concurrency: number;
  /** Whole milliseconds within Node's timer limit: check guarantees both. */
  resyncPeriodMs: number;
  backoffInitialMs: number;
  backoffMaxMs: number;
  /** operator.deletionStuckAfter: a failing deletion older than this is DeletionStuck. */
  deletionStuckAfterMs: number;
  leaderElection: boolean;
  /** The manager container's requests and limits (Kubernetes quantities). */
  resources: {
    requests: { cpu: string; memory: string };
    limits: { cpu: string; memory: string };
  };
  /** V8's old-space limit in MiB: three quarters of the memory limit. */
  heapMiB: number;
}

/** A file a preset renders into the project (generated: rewritten on every generate). */
export interface ExtraFile {
  path: string;
  content: string;
}

export type { ManagementPlan };

export interface OperatorModel {
  /** Project name, npm package name and prefix of every generated object. */
  name: string;
  description: string;
  /**
   * The spec's image as written, else [<imageRegistry>/]<name> with no tag: operatorImage()
   * (operator-image.ts) pins it to the project's version, the tag every place names.
   */
  image: string;
  /** Namespace the operator runs in. */
  namespace: string;
  /** The spec document as the user wrote it, copied into the project as operator.yaml. */
  specSource: string;
  api: {
    group: string;
    kind: string;
    listKind: string;
    plural: string;
    singular: string;
    shortNames: string[];
    categories: string[];
    scope: "Namespaced" | "Cluster";
    namespaced: boolean;
    versions: VersionModel[];
    /** The storage version; the one TypeScript types and the reconciler are written against. */
    version: string;
    /** group/version, e.g. db.example.com/v1alpha1. */
    apiVersion: string;
    /** plural.group, the CRD's metadata.name. */
    crdName: string;
    scale?: { specReplicasPath: string; statusReplicasPath: string; labelSelectorPath?: string };
    /**
     * Whether the CRD serves the status subresource (api.statusSubresource, default true). Without
     * it the operator writes status with the object and tracks the spec it answers for by a hash
     * (status.observedSpecHash; @create-operator/runtime's spec-hash.ts).
     */
    statusSubresource: boolean;
  };
  spec: {
    description?: string;
    fields: FieldModel[];
    /** Whether an object must carry spec: `spec.required`, else whether some field is required. */
    required: boolean;
    rules: CelRule[];
    /**
     * false when operator.yaml has no `spec:`: the kind has no spec at all (none in the CRD, the
     * sample or the contract tests' objects). Absent means declared.
     */
    declared?: boolean;
  };
  status: {
    phases: PhaseModel[];
    /** enum: the CRD lists the phases; open: any text (APIs whose phase is free text). */
    phaseValues: "enum" | "open";
    /**
     * full: metav1.Condition exactly; relaxed: only type and status required; open: nothing
     * required, an atomic list (generator/render/manifests/condition-shape.ts).
     */
    conditionShape: "full" | "relaxed" | "open";
    /** open: any metav1 type; enum: only the types in `conditions`. */
    conditionTypes: "open" | "enum";
    /**
     * true: the CRD has status.observedGeneration. false (Argo CD's Application): it has none, and
     * the Ready condition's observedGeneration says which generation was seen
     * (packages/runtime/src/generation-in-ready.ts).
     */
    observedGeneration: boolean;
    initialPhase?: string;
    conditions: ConditionModel[];
    fields: FieldModel[];
  };
  /** Fields beside spec and status (topLevel.fields): optional, in the root schema and the type. */
  topLevelFields: FieldModel[];
  /** Resources the operator manages (access: manage): created, kept in shape, deleted. */
  externalResources: ExternalResourceModel[];
  /** Sources it only reads (access: read): looked up by key, never written, no finalizer. */
  externalSources: ExternalSourceModel[];
  children: ChildModel[];
  /** Spec fields that reference other objects, in declaration order (depth first). */
  references: ReferenceModel[];
  /** Labels on the object's own metadata that name an object (labelReferences), in spec order. */
  labelReferences: LabelReferenceModel[];
  rbac: {
    /** Empty: cluster-wide. */
    watchNamespaces: string[];
    clusterWide: boolean;
    extraRules: PolicyRule[];
  };
  printerColumns: PrinterColumn[];
  /** JSONPaths clients may use in field selectors, e.g. .spec.color. */
  selectableFields: string[];
  operator: OperatorSettings;
  /**
   * operator.yaml's management: the deletion-policy annotation's key and the pause mark. Absent
   * (hand-built models in tests): <group>/deletion-policy and no pause.
   */
  management?: ManagementPlan;
  /**
   * operator.yaml's management.cascadeFinalizers: the finalizers a user may add to one object so
   * that its deletion deletes its children first (runtime: cascade-finalizer.ts). Absent: none.
   */
  cascadeFinalizers?: CascadeFinalizersPlan;
  /** Finalizer this operator owns, e.g. db.example.com/finalizer. */
  finalizer: string;
  /** Field manager name for server-side apply and status writes. */
  fieldManager: string;
  /** The `app.kubernetes.io/*` labels and metadata.labels, put on every generated object. */
  labels: Record<string, string>;
  /** Files the spec's presets render, with the operator's names filled in. */
  extraFiles: ExtraFile[];
  /** Present when fields evolve across versions: how each version converts to the hub. */
  conversion?: ConversionModel;
  /** A preset's license header, one comment line each (names filled in); absent without one. */
  licenseHeader?: string[];
  /** The tenant boundary (operator.yaml's tenancy); absent: no admission policy is generated. */
  tenancy?: TenancyModel;
  /** What the generated suites use where the user chose it (operator.yaml's testing). */
  testing?: { specChange?: { field: string; values: [unknown, unknown] } };
  names: {
    /** TypeScript type names. */
    specType: string;
    statusType: string;
    /** kebab-case of kind, e.g. database, dns-zone. */
    kindFile: string;
    /** camelCase of kind, e.g. database, dnsZone. */
    kindVar: string;
    /** Environment variable prefix, e.g. DATABASE_OPERATOR. */
    envPrefix: string;
  };
}

/** Whether the kind has a spec: operator.yaml declares one (possibly with no fields). */
export function hasSpec(model: Pick<OperatorModel, "spec">): boolean {
  return model.spec.declared !== false;
}
