// Stage 3: checked spec data → OperatorModel. Runs only on input that check accepted, so it
// normalizes and derives; it does not validate.

import { BUILTIN_KINDS } from "../check/builtin-kinds.ts";
import {
  derivePlural,
  deriveSingular,
  toCamel,
  toConstantCase,
  toKebab,
  toPascal,
} from "../check/derive-names.ts";
import { derivedMaxLengthPaths } from "../check/cel-bounds.ts";
import { resolveChildNaming, type ChildNamePlan } from "../check/check-child-naming.ts";
import {
  childFileName,
  childVarName,
  NAME_FIRST_PIECE_PATTERN,
  NAME_SUBDOMAIN_PIECE_PATTERN,
} from "../check/child-name-template.ts";
import { childKindEntries, resolveKindField } from "../check/child-kind-choice.ts";
import { resolveWhen } from "../check/child-when.ts";
import { resolveCreationPolicy } from "../check/child-creation-policy.ts";
import { type ManagementPlan, resolveManagement } from "../check/check-management.ts";
import { resolveCascadeFinalizers } from "../check/check-cascade-finalizers.ts";
import type { RawObject } from "../check/raw-spec.ts";
import { DEFAULT_CONCURRENCY, DEFAULT_LEADER_ELECTION } from "../check/check-operator.ts";
import { DEFAULT_DURATIONS, parseDurationMs } from "../check/durations.ts";
import { buildTenancy, type RawTenancy } from "./build-tenancy.ts";
import { buildConversion, versionSchemaOf } from "./conversion-plan.ts";
import { hasFieldEvolution, projectSpec } from "./project-version.ts";
import { buildFields, walkFields, type RawField } from "./build-fields.ts";
import { fieldsFromSchema, type OpenApiSchema } from "./schema-fields.ts";
import { applyOrder } from "./child-order.ts";
import { specImage } from "./operator-image.ts";
import { parseCrdDocument, type ChildCrdFiles, type CrdDocument } from "../parse/child-crds.ts";
import { DEFAULT_RESOURCES, heapMiB } from "../check/resources.ts";
import type { PresetFile } from "../preset/preset-files.ts";
import { buildExtraFiles, buildLicenseHeader } from "./extra-files.ts";
import { expandReferences, referenceSites, referenceTarget } from "../check/references.ts";
import { resolveLabelReferences } from "../check/label-references.ts";
import {
  isPolymorphic,
  keyMode,
  kindFieldOf,
  referenceKindEntries,
} from "../check/polymorphic-references.ts";
import type {
  CelRule,
  ChildCrdModel,
  ChildModel,
  ChildConditionModel,
  ChildCreationPolicyModel,
  ChildKindChoiceModel,
  ChildNamePiece,
  ChildNamingModel,
  ConditionModel,
  ExternalResourceModel,
  ExternalSourceModel,
  FieldModel,
  OperatorModel,
  OperatorSettings,
  PhaseModel,
  PolicyRule,
  PrinterColumn,
  ReferenceModel,
  VersionModel,
} from "./types.ts";

/** The spec document's shape after check; optional parts are normalized here. */
interface RawSpec {
  metadata: {
    name: string;
    description?: string;
    image?: string;
    imageRegistry?: string;
    namespace?: string;
    labels?: Record<string, string>;
  };
  api: {
    group: string;
    kind: string;
    plural?: string;
    singular?: string;
    shortNames?: string[];
    categories?: string[];
    scope?: "Namespaced" | "Cluster";
    versions: RawVersion[];
    scale?: OperatorModel["api"]["scale"];
    statusSubresource?: boolean;
  };
  spec?: {
    description?: string;
    required?: boolean;
    fields: Record<string, RawField>;
    rules?: CelRule[];
  };
  status?: {
    phaseValues?: "enum" | "open";
    conditionShape?: "full" | "relaxed" | "open";
    conditionTypes?: "open" | "enum";
    observedGeneration?: boolean;
    phases?: {
      name: string;
      description?: string;
      initial?: boolean;
      terminal?: boolean;
      ready?: boolean;
      next?: string[];
    }[];
    conditions?: ConditionModel[];
    fields?: Record<string, RawField>;
  };
  topLevel?: { fields: Record<string, RawField> };
  externalResources?: {
    name: string;
    description: string;
    inputs?: string[];
    outputs?: string[];
    deletionPolicy?: "Delete" | "Retain";
    driftPolicy?: "Enforce" | "Report";
    identity?: { naturalKey: string; adoption?: "Adopt" | "Refuse"; fallback?: "metadata.name" };
    access?: "manage" | "read";
  }[];
  children?: {
    apiVersion: string;
    kind: string;
    plural?: string;
    scope?: "Namespaced" | "Cluster";
    crd?: string;
    name?: string;
    forEach?: string;
    count?: string;
    id?: string;
    when?: string;
    backendService?: string;
    creationPolicy?: string;
    /** A child whose kind each object chooses: the entry's kinds (apiVersion and kind absent). */
    kinds?: {
      apiVersion: string;
      kind: string;
      plural?: string;
      scope?: "Namespaced" | "Cluster";
      crd?: string;
    }[];
    kindField?: string;
  }[];
  rbac?: { watchNamespaces?: string[]; rules?: PolicyRule[] };
  printerColumns?: PrinterColumn[];
  selectableFields?: Array<{ jsonPath: string }>;
  operator?: {
    concurrency?: number;
    resyncPeriod?: string;
    backoff?: { initial?: string; max?: string };
    deletionStuckAfter?: string;
    leaderElection?: boolean;
    resources?: {
      requests?: { cpu?: string; memory?: string };
      limits?: { cpu?: string; memory?: string };
    };
  };
}

export const DEFAULT_SETTINGS = {
  concurrency: DEFAULT_CONCURRENCY,
  ...DEFAULT_DURATIONS,
  leaderElection: DEFAULT_LEADER_ELECTION,
} as const;

/**
 * `childCrds`: the files children's `crd:` entries name, as the pipeline read them for check.
 * `presetFiles`: what the spec's presets render (data already has their defaults merged in).
 * `licenseHeader`: the text the presets put at the top of every TypeScript file, if any.
 */
export function buildModel(
  data: unknown,
  specSource: string,
  childCrds?: ChildCrdFiles,
  presetFiles: readonly PresetFile[] = [],
  licenseHeader?: string,
): OperatorModel {
  const build = (projected: unknown) =>
    buildVersionModel(projected, specSource, childCrds, presetFiles, licenseHeader);
  if (!hasFieldEvolution(data)) {
    const model = build(data);
    // Several versions with one schema: no webhook (the API server only rewrites apiVersion), but
    // a storage version change still needs the migrator.
    if (model.api.versions.length > 1)
      model.conversion = buildConversion(data, model, model.api.version);
    return model;
  }
  // The operator works on the storage version: its projection is the model; every version's
  // projection gives that version's schema (and the converters the differences between them).
  const raw = data as RawSpec;
  const names = raw.api.versions.map((v) => v.name);
  const storage = raw.api.versions.find((v) => v.storage)?.name ?? names[0]!;
  const model = build(projectSpec(data, storage, names));
  model.api.versions = model.api.versions.map((version) => {
    if (version.name === storage) return version;
    const projected = build(projectSpec(data, version.name, names));
    return { ...version, schema: versionSchemaOf(projected) };
  });
  model.conversion = buildConversion(data, model, storage);
  return model;
}

function buildVersionModel(
  data: unknown,
  specSource: string,
  childCrds?: ChildCrdFiles,
  presetFiles: readonly PresetFile[] = [],
  licenseHeader?: string,
): OperatorModel {
  // A reference's object form becomes the fields it carries, as check saw it (references.ts).
  data = expandReferences(data);
  const raw = data as RawSpec;
  const { kind, group } = raw.api;
  const scope = raw.api.scope ?? "Namespaced";
  const plural = raw.api.plural ?? derivePlural(kind);
  const versions = raw.api.versions.map((v) => buildVersion(v, raw.api.versions.length));
  const version = versions.find((v) => v.storage)!.name;
  const derived = derivedMaxLengthPaths(data);
  const rawSpecFields = (data as { spec?: { fields?: unknown } }).spec?.fields;
  // A child whose kind a field chooses (kinds + kindField) is one child per kind from here on.
  const rawChildren = (raw.children ?? []).flatMap((child, i) =>
    childKindEntries(child as unknown as RawObject).map(({ entry }) => ({
      i,
      child: entry as unknown as RawChild,
      ...(child.kindField !== undefined
        ? { choice: { kindField: child.kindField, kinds: (child.kinds ?? []).map((k) => k.kind) } }
        : {}),
    })),
  );
  const namings = rawChildren.map(
    ({ child, i }) => resolveChildNaming(data as RawObject, child as unknown as RawObject, i).plan,
  );
  const specFields = buildFields(
    raw.spec?.fields,
    "",
    `${kind}Spec`,
    derived.spec,
    namePatterns(namings),
  );
  const statusFields = buildFields(raw.status?.fields, "", `${kind}Status`, derived.status);
  // Named <Kind>Root<Field>: <Kind><Field> could be <Kind>List, <Kind>Spec or <Kind>Status.
  const topLevelFields = buildFields(raw.topLevel?.fields, "", `${kind}Root`);
  const phases = buildPhases(raw.status?.phases ?? []);
  const { adoptionAnnotation, adoptionValues } = resolveManagement(
    data as Record<string, unknown>,
  ).plan;
  const rawBindings = raw.externalResources ?? [];
  const externalResources = rawBindings
    .filter((binding) => binding.access !== "read")
    .map((binding) =>
      buildBinding(binding, specFields, statusFields, { adoptionAnnotation, adoptionValues }),
    );
  const externalSources = rawBindings
    .filter((binding) => binding.access === "read")
    .map((binding) => buildSource(binding, specFields, statusFields));
  const name = raw.metadata.name;
  const operator = raw.operator ?? {};
  const settings = {
    concurrency: operator.concurrency ?? DEFAULT_SETTINGS.concurrency,
    resyncPeriodMs: parseDurationMs(operator.resyncPeriod ?? DEFAULT_SETTINGS.resyncPeriod)!,
    backoffInitialMs: parseDurationMs(
      operator.backoff?.initial ?? DEFAULT_SETTINGS.backoffInitial,
    )!,
    backoffMaxMs: parseDurationMs(operator.backoff?.max ?? DEFAULT_SETTINGS.backoffMax)!,
    deletionStuckAfterMs: parseDurationMs(
      operator.deletionStuckAfter ?? DEFAULT_SETTINGS.deletionStuckAfter,
    )!,
    leaderElection: operator.leaderElection ?? DEFAULT_SETTINGS.leaderElection,
    resources: buildResources(operator.resources),
    heapMiB: 0,
  };
  settings.heapMiB = heapMiB(settings.resources.limits.memory);
  const image = specImage({ ...raw.metadata, name });
  const watchNamespaces = [...(raw.rbac?.watchNamespaces ?? [])].sort();
  const model: OperatorModel = {
    name,
    description: raw.metadata.description ?? `Kubernetes operator for ${kind} resources.`,
    image,
    namespace: raw.metadata.namespace ?? `${name}-system`,
    specSource,
    api: {
      group,
      kind,
      listKind: `${kind}List`,
      plural,
      singular: raw.api.singular ?? deriveSingular(kind),
      shortNames: raw.api.shortNames ?? [],
      categories: raw.api.categories ?? [],
      scope,
      namespaced: scope === "Namespaced",
      versions,
      version,
      apiVersion: `${group}/${version}`,
      crdName: `${plural}.${group}`,
      ...(raw.api.scale ? { scale: raw.api.scale } : {}),
      statusSubresource: raw.api.statusSubresource ?? true,
    },
    spec: {
      fields: specFields,
      // controller-gen's rule unless the spec says otherwise: required when a field is.
      required: raw.spec?.required ?? specFields.some((f) => f.required),
      rules: raw.spec?.rules ?? [],
      ...(raw.spec?.description ? { description: raw.spec.description } : {}),
      ...(raw.spec ? {} : { declared: false }),
    },
    status: {
      phases,
      phaseValues: raw.status?.phaseValues ?? "enum",
      conditionShape: raw.status?.conditionShape ?? "full",
      conditionTypes: raw.status?.conditionTypes ?? "open",
      observedGeneration: raw.status?.observedGeneration ?? true,
      conditions: buildConditions(raw.status?.conditions ?? [], externalResources, externalSources),
      fields: statusFields,
      ...(phases.length > 0 ? { initialPhase: phases.find((p) => p.initial)!.name } : {}),
    },
    topLevelFields,
    externalResources,
    externalSources,
    children: applyOrder(
      rawChildren.map(({ child, choice }, n) =>
        buildChild(child, childCrds, namings[n], walkFields(specFields), rawSpecFields, choice),
      ),
    ),
    references: buildReferences(data, specFields),
    labelReferences: resolveLabelReferences(data as RawObject).plans.map(({ target, ...plan }) => ({
      label: plan.label,
      apiVersion: target.apiVersion,
      group: target.group,
      version: target.version,
      kind: target.kind,
      plural: target.plural,
      origin: target.origin,
      varName: plan.varName,
      notFoundReason: plan.notFoundReason,
    })),
    rbac: {
      watchNamespaces,
      clusterWide: watchNamespaces.length === 0,
      extraRules: raw.rbac?.rules ?? [],
    },
    printerColumns: raw.printerColumns ?? defaultPrinterColumns(phases.length > 0),
    selectableFields: (raw.selectableFields ?? []).map((f) => f.jsonPath),
    operator: settings,
    management: resolveManagement(data as Record<string, unknown>).plan,
    ...cascadeFinalizersOf(data as Record<string, unknown>),
    finalizer: `${group}/finalizer`,
    fieldManager: name,
    labels: {
      ...raw.metadata.labels,
      "app.kubernetes.io/name": name,
      "app.kubernetes.io/part-of": name,
      "app.kubernetes.io/managed-by": "kustomize",
    },
    extraFiles: [],
    names: {
      specType: `${kind}Spec`,
      statusType: `${kind}Status`,
      kindFile: toKebab(kind),
      kindVar: toCamel(kind),
      envPrefix: toConstantCase(name),
    },
  };
  const tenancy = buildTenancy(
    (data as { tenancy?: RawTenancy }).tenancy,
    name,
    model.api,
    specFields,
    model.references,
  );
  if (tenancy) model.tenancy = tenancy;
  const testing = buildTesting(data);
  if (testing) model.testing = testing;
  model.extraFiles = buildExtraFiles(presetFiles, model);
  if (licenseHeader !== undefined) model.licenseHeader = buildLicenseHeader(licenseHeader, model);
  return model;
}

function buildResources(
  given: NonNullable<RawSpec["operator"]>["resources"],
): OperatorSettings["resources"] {
  return {
    requests: { ...DEFAULT_RESOURCES.requests, ...given?.requests },
    limits: { ...DEFAULT_RESOURCES.limits, ...given?.limits },
  };
}

function buildPhases(raw: NonNullable<NonNullable<RawSpec["status"]>["phases"]>): PhaseModel[] {
  return raw.map((p) => ({
    name: p.name,
    initial: p.initial === true,
    terminal: p.terminal === true,
    ready: p.ready === true,
    next: p.next ?? [],
    ...(p.description ? { description: p.description } : {}),
  }));
}

/** Ready first (every client looks for it), then declared types, then one per external binding. */
function buildConditions(
  declared: ConditionModel[],
  bindings: ExternalResourceModel[],
  sources: ExternalSourceModel[],
): ConditionModel[] {
  const byType = new Map<string, ConditionModel>();
  byType.set(
    "Ready",
    declared.find((c) => c.type === "Ready") ?? {
      type: "Ready",
      description: "The object is reconciled at its current generation.",
    },
  );
  for (const condition of declared)
    if (!byType.has(condition.type)) byType.set(condition.type, condition);
  for (const binding of bindings) {
    if (!byType.has(binding.conditionType)) {
      byType.set(binding.conditionType, {
        type: binding.conditionType,
        description: `The external ${binding.name} exists and matches the spec.`,
      });
    }
    const adopted =
      binding.identity.kind === "naturalKey" ? binding.identity.adoptedConditionType : undefined;
    if (adopted !== undefined && !byType.has(adopted)) {
      byType.set(adopted, {
        type: adopted,
        description: `True when this object adopted an existing ${binding.name}, False when it created it.`,
      });
    }
  }
  for (const source of sources)
    if (!byType.has(source.conditionType))
      byType.set(source.conditionType, {
        type: source.conditionType,
        description: `The external ${source.name} (read only) exists and is ready.`,
      });
  return [...byType.values()];
}

/** A source the operator only reads: checked to have a natural key (SEM410) and no write-side keys (SEM411). */
function buildSource(
  raw: NonNullable<RawSpec["externalResources"]>[number],
  specFields: FieldModel[],
  statusFields: FieldModel[],
): ExternalSourceModel {
  const typeName = toPascal(raw.name);
  return {
    name: raw.name,
    typeName,
    fileName: toKebab(raw.name),
    description: raw.description,
    outputs: (raw.outputs ?? []).map((name) => statusFields.find((f) => f.name === name)!),
    conditionType: `${typeName}Ready`,
    key: {
      field: walkFields(specFields).find((f) => f.path === raw.identity!.naturalKey)!,
      ...(raw.identity!.fallback ? { fallback: raw.identity!.fallback } : {}),
    },
  };
}

/** How one object overrides identity.adoption: management's annotation and its values. */
type AdoptionBy = Pick<ManagementPlan, "adoptionAnnotation" | "adoptionValues">;

function buildBinding(
  raw: NonNullable<RawSpec["externalResources"]>[number],
  specFields: FieldModel[],
  statusFields: FieldModel[],
  adoptionBy: AdoptionBy,
): ExternalResourceModel {
  const allSpec = walkFields(specFields);
  const typeName = toPascal(raw.name);
  return {
    name: raw.name,
    typeName,
    fileName: toKebab(raw.name),
    description: raw.description,
    inputs: (raw.inputs ?? []).map((path) => allSpec.find((f) => f.path === path)!),
    outputs: (raw.outputs ?? []).map((name) => statusFields.find((f) => f.name === name)!),
    deletionPolicy: raw.deletionPolicy ?? "Delete",
    driftPolicy: raw.driftPolicy ?? "Enforce",
    conditionType: `${typeName}Ready`,
    identity: buildIdentity(raw.identity, allSpec, typeName, adoptionBy),
  };
}

function buildIdentity(
  raw: NonNullable<RawSpec["externalResources"]>[number]["identity"],
  allSpec: FieldModel[],
  typeName: string,
  { adoptionAnnotation, adoptionValues }: AdoptionBy,
): ExternalResourceModel["identity"] {
  if (raw === undefined) return { kind: "uid" };
  const adoption = raw.adoption ?? "Refuse";
  // The annotation lets one object adopt whatever the default is: the adopt path must exist.
  const mayAdopt = adoption === "Adopt" || adoptionAnnotation !== undefined;
  return {
    kind: "naturalKey",
    field: allSpec.find((f) => f.path === raw.naturalKey)!,
    adoption,
    ...(adoptionAnnotation !== undefined ? { adoptionAnnotation } : {}),
    ...(adoptionAnnotation !== undefined && adoptionValues !== undefined ? { adoptionValues } : {}),
    ...(mayAdopt ? { adoptedConditionType: `${typeName}Adopted` } : {}),
    ...(raw.fallback ? { fallback: raw.fallback } : {}),
  };
}

type RawChild = NonNullable<RawSpec["children"]>[number];

function buildChild(
  raw: RawChild,
  childCrds: ChildCrdFiles | undefined,
  plan: ChildNamePlan | undefined,
  allSpec: readonly FieldModel[],
  specFields: unknown,
  choice: { kindField: string; kinds: string[] } | undefined,
): ChildModel {
  const slash = raw.apiVersion.indexOf("/");
  const group = slash < 0 ? "" : raw.apiVersion.slice(0, slash);
  const version = slash < 0 ? raw.apiVersion : raw.apiVersion.slice(slash + 1);
  const builtin = BUILTIN_KINDS.find((k) => k.apiVersion === raw.apiVersion && k.kind === raw.kind);
  const crd = raw.crd === undefined ? undefined : childCrd(raw.crd, version, childCrds);
  const fileName = childFileName(raw.kind, raw.id);
  const crdSpec = crd?.document as CrdDocument | undefined;
  return {
    apiVersion: raw.apiVersion,
    group,
    version,
    kind: raw.kind,
    plural: raw.plural ?? builtin?.plural ?? crdSpec!.spec.names.plural,
    scope: raw.scope ?? builtin?.scope ?? crdSpec!.spec.scope,
    varName: childVarName(raw.kind, raw.id),
    fileName,
    ...(raw.id !== undefined ? { id: raw.id } : {}),
    ...(crd ? { crd } : {}),
    ...(plan ? { naming: buildNaming(plan, allSpec) } : {}),
    ...(raw.when !== undefined ? { when: buildWhen(raw.when, specFields, allSpec) } : {}),
    ...(raw.backendService !== undefined ? { backendService: raw.backendService } : {}),
    ...(raw.creationPolicy !== undefined
      ? { creationPolicy: buildCreationPolicy(raw.creationPolicy, specFields, allSpec) }
      : {}),
    ...(choice !== undefined
      ? { chosenBy: buildKindChoice(raw.kind, choice, specFields, allSpec) }
      : {}),
  };
}

/** The checked kind field of a child whose kind each object chooses, as this kind sees it. */
function buildKindChoice(
  kind: string,
  choice: { kindField: string; kinds: string[] },
  specFields: unknown,
  allSpec: readonly FieldModel[],
): ChildKindChoiceModel {
  const resolved = resolveKindField(specFields, choice.kindField, choice.kinds);
  const field = resolved.ok ? allSpec.find((f) => f.path === resolved.path) : undefined;
  if (!resolved.ok || field === undefined)
    throw new Error(`internal error: children[].kindField ${choice.kindField} was not checked`);
  return {
    field,
    kind,
    kinds: resolved.values,
    ...(resolved.defaultKind !== undefined ? { defaultKind: resolved.defaultKind } : {}),
  };
}

/** The checked creation policy of a child, with the field the model built for its path. */
function buildCreationPolicy(
  raw: string,
  specFields: unknown,
  allSpec: readonly FieldModel[],
): ChildCreationPolicyModel {
  const resolved = resolveCreationPolicy(specFields, raw);
  if (!resolved.ok)
    throw new Error(`internal error: children[].creationPolicy ${raw} was not checked`);
  if (resolved.kind === "fixed") return { kind: "fixed", policy: resolved.policy };
  const field = allSpec.find((f) => f.path === resolved.path);
  if (field === undefined) throw new Error(`internal error: no spec field ${resolved.path}`);
  return { kind: "field", field, values: resolved.values };
}

/** The checked condition of a conditional child, with the field the model built for its path. */
function buildWhen(
  when: string,
  specFields: unknown,
  allSpec: readonly FieldModel[],
): ChildConditionModel {
  const resolved = resolveWhen(specFields, when);
  const field = resolved.ok ? allSpec.find((f) => f.path === resolved.path) : undefined;
  if (!resolved.ok || field === undefined)
    throw new Error(`internal error: children[].when ${when} was not checked`);
  return { field, test: resolved.test };
}

/** The model of a checked name plan: its fields as the model built them (with their patterns). */
function buildNaming(plan: ChildNamePlan, allSpec: readonly FieldModel[]): ChildNamingModel {
  const field = (path: string): FieldModel => {
    const found = allSpec.find((f) => f.path === path);
    if (found === undefined) throw new Error(`internal error: no spec field ${path}`);
    return found;
  };
  const { instances } = plan;
  return {
    template: plan.template,
    pieces: plan.pieces.map((piece): ChildNamePiece => {
      if (piece.kind === "spec")
        return {
          kind: "spec",
          field: field(piece.path),
          ...(piece.fallback ? { fallback: piece.fallback } : {}),
        };
      if (piece.kind === "item" && instances.kind === "forEach")
        return {
          kind: "item",
          path: piece.path,
          field: field(`${instances.list}[].${piece.path}`),
        };
      if (piece.kind === "item") throw new Error("internal error: {item} without forEach");
      return piece;
    }),
    instances:
      instances.kind === "forEach"
        ? { kind: "forEach", list: field(instances.list), key: instances.key }
        : instances.kind === "count"
          ? { kind: "count", field: field(instances.field) }
          : { kind: "single" },
    limit: plan.limit,
    ...(plan.ownerNameMax !== undefined ? { ownerNameMax: plan.ownerNameMax } : {}),
  };
}

/**
 * The pattern each field a name reads must match. A field read first in a Service name must start
 * with a letter; that pattern is the stricter, so it wins when two children read one field.
 */
function namePatterns(plans: ReadonlyArray<ChildNamePlan | undefined>): Map<string, string> {
  const patterns = new Map<string, string>();
  for (const { path, pattern } of plans.flatMap((p) => p?.patterns ?? [])) {
    const held = patterns.get(path);
    if (held === undefined || patternStrictness(pattern) < patternStrictness(held))
      patterns.set(path, pattern);
  }
  return patterns;
}

/** Each name pattern allows all the stricter ones do: a Service's first piece, a label, a subdomain. */
function patternStrictness(pattern: string): number {
  return pattern === NAME_FIRST_PIECE_PATTERN
    ? 0
    : pattern === NAME_SUBDOMAIN_PIECE_PATTERN
      ? 2
      : 1;
}

/** The checked CRD of a child; check made sure the file is read, parses and serves `version`. */
function childCrd(path: string, version: string, files: ChildCrdFiles | undefined): ChildCrdModel {
  const file = files?.get(path);
  const parsed = file?.ok ? parseCrdDocument(file.text) : undefined;
  if (!file?.ok || !parsed || !("crd" in parsed))
    throw new Error(`internal error: child CRD ${path} was not checked`);
  const served = parsed.crd.spec.versions.find((v) => v.name === version)!;
  const schema = (served.schema?.openAPIV3Schema ?? {}) as OpenApiSchema;
  const fields = fieldsFromSchema(schema).filter(
    (f) => !["apiVersion", "kind", "metadata", "status"].includes(f.name),
  );
  return { path, text: file.text, document: parsed.crd, fields };
}

/** Every reference field of spec; check made sure each one points at a kind it knows. */
function buildReferences(data: unknown, specFields: FieldModel[]): ReferenceModel[] {
  const all = walkFields(specFields);
  return referenceSites(data).flatMap((site) => {
    const field = all.find((f) => f.path === site.path)!;
    const pascal = site.steps.map(toPascal).join("");
    const polymorphic = isPolymorphic(site.reference);
    // A polymorphic reference is one model per kind it may name (polymorphic-references.ts).
    return referenceKindEntries(site.reference).map(({ entry }): ReferenceModel => {
      const target = referenceTarget(data, entry)!;
      return {
        field,
        form: field.type === "string" ? "name" : "object",
        apiVersion: target.apiVersion,
        group: target.group,
        version: target.version,
        kind: target.kind,
        plural: target.plural,
        origin: target.origin,
        namespaces: site.reference.namespaces === "any" ? "any" : "same",
        scope: target.scope,
        key: keyMode(site.reference) !== "none",
        varName: toCamel(pascal),
        notFoundReason: `${pascal}NotFound`,
        keyNotFoundReason: `${pascal}KeyNotFound`,
        ...(polymorphic
          ? {
              choice: {
                field: kindFieldOf(site.reference),
                value: target.kind,
                default: site.reference.defaultKind === target.kind,
              },
            }
          : {}),
      };
    });
  });
}

function defaultPrinterColumns(hasPhases: boolean): PrinterColumn[] {
  return [
    ...(hasPhases ? [{ name: "Phase", type: "string" as const, jsonPath: ".status.phase" }] : []),
    { name: "Ready", type: "string", jsonPath: '.status.conditions[?(@.type=="Ready")].status' },
    { name: "Age", type: "date", jsonPath: ".metadata.creationTimestamp" },
  ];
}

interface RawVersion {
  name: string;
  served?: boolean;
  storage?: boolean;
  deprecated?: boolean;
  deprecationWarning?: string;
}

/** Check made sure exactly one version is the storage version (the only one by default). */
function buildVersion(raw: RawVersion, count: number): VersionModel {
  return {
    name: raw.name,
    served: raw.served ?? true,
    storage: raw.storage ?? count === 1,
    ...(raw.deprecated ? { deprecated: true } : {}),
    ...(raw.deprecated && raw.deprecationWarning
      ? { deprecationWarning: raw.deprecationWarning }
      : {}),
  };
}

/** operator.yaml's testing section, checked (SEM311, SEM312) before the model is built. */
function buildTesting(data: unknown): OperatorModel["testing"] {
  const change = (data as { testing?: { specChange?: { field: string; values: unknown[] } } })
    .testing?.specChange;
  return change === undefined
    ? undefined
    : { specChange: { field: change.field, values: [change.values[0], change.values[1]] } };
}

/** management.cascadeFinalizers as checked; left out of the model when the spec offers none. */
function cascadeFinalizersOf(
  data: Record<string, unknown>,
): Pick<OperatorModel, "cascadeFinalizers"> {
  const { plan } = resolveCascadeFinalizers(data);
  return plan === undefined ? {} : { cascadeFinalizers: plan };
}
