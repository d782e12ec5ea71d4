// The view-model the source templates render against. Every name, type, import, literal and
// expression a template prints is computed here, so templates only loop and branch. Each part of
// the view is built in its own module; this one puts them together.

import { GENERATOR_VERSION } from "../../base/generator-version.ts";
import { FIRST_PROJECT_VERSION } from "../../base/project-version.ts";
import { ENVTEST_PACKAGE, RUNTIME_PACKAGE } from "../../base/library-packages.ts";
import {
  dependencyOn,
  GENERATOR_PACKAGE,
  vendorsPackages,
  VENDOR_DIR,
} from "../../vendor/vendored-packages.ts";
import { kubernetesTsType } from "../../base/kubernetes-types/catalog.ts";
import { walkFields } from "../../model/build-fields.ts";
import { childKinds, isConditionalChild, prunedKinds } from "../../model/child-kinds.ts";
import { keepsOrphanReport } from "../../model/orphan-report.ts";
import type { ChildModel, OperatorModel } from "../../model/types.ts";
import {
  apiInterfaces,
  modulePaths,
  topLevelTypeName,
  typeNames,
  type ModulePaths,
  type TypeNames,
} from "./api-types-view.ts";
import { controllerName, metricsServiceName, orphanReportName } from "../manifests/rbac-names.ts";
import { adoptionChoices, deletionPolicyAnnotation } from "../manifests/annotations.ts";
import { bindingView, providerDepName, type BindingView } from "./binding-view.ts";
import { sourceView, type SourceView } from "./source-view.ts";
import { PRETTIER_OPTIONS } from "../format.ts";
import { childView, type ChildView } from "./child-view.ts";
import { conversionView, type ConversionView } from "./conversion-view.ts";
import { versionTypesViews, type VersionTypesView } from "./version-types-view.ts";
import { buildContractView, type ContractView } from "./contract-view.ts";
import { buildCrd } from "../manifests/crd.ts";
import { assertContractAgrees } from "../self-check/contract-self-check.ts";
import { activeUserHooks, hooksView, type HooksView } from "./hooks-view.ts";
import { referencesView, type ReferencesView } from "./references-view.ts";
import { tenancyView, type TenancyView } from "./tenancy-view.ts";
import { settingsView, type SettingsView } from "./settings-view.ts";
import { statusDefaultsView, type StatusDefaultsView } from "./status-defaults-view.ts";
import { statusView, type StatusView } from "./status-view.ts";
import { specTrackingView, type SpecTrackingView } from "./spec-tracking-view.ts";
import { serviceNamesView, type ServiceNameView } from "./service-names-view.ts";
import { BASE_IMAGES, pinnedImage } from "./base-images.ts";
import { operatorImage } from "../../model/operator-image.ts";
import { testFixture, type TestFixture } from "./test-fixture.ts";
import { polymorphicReferenceFixture } from "./polymorphic-reference-fixture.ts";
import { childKindChoiceFixture } from "./child-kind-choice-fixture.ts";
import { labelReferenceFixture } from "./label-reference-fixture.ts";
import { tsLiteral, type InterfaceView } from "./ts-types.ts";

export interface ViewModel
  extends StatusView, SpecTrackingView, StatusDefaultsView, ReferencesView, TenancyView {
  name: string;
  description: string;
  /** The description as a JSON string literal, quotes included, for package.json. */
  descriptionJson: string;
  /** This generator's version, pinned exactly in the project's devDependencies. */
  generatorVersion: string;
  /** package.json's `version` (the image tag and the chart's appVersion follow it). */
  projectVersion: string;
  /** The project carries the unpublished packages in vendor/ (generator/vendor/vendored-packages.ts). */
  vendored: boolean;
  vendorDir: string;
  /** package.json's pins of the runtime, the test harness and the generator: a version, or a vendored tarball. */
  runtimePin: string;
  envtestPin: string;
  generatorPin: string;
  /** The operator's image, pinned (model/operator-image.ts): the deploy kit's default IMG. */
  image: string;
  /** The image without its tag: the chart's image.repository (its tag is the appVersion). */
  imageRepository: string;
  /** The chart's image.tag: the tag operator.yaml writes, else empty (the appVersion). */
  imageTag: string;
  /** The Dockerfile's FROM images, tag@digest (base-images.ts). */
  buildImage: string;
  runtimeImage: string;
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
  /** Where an object overrides the deletion policy of its external resources. */
  deletionPolicyAnnotation: string;
  /** management.adoptionAnnotation ("" when none): where an object chooses Adopt or Refuse. */
  adoptionAnnotation: string;
  /** The adoption annotation's values and what each does (README); empty without it. */
  adoptionChoices: { value: string; does: string }[];
  /** The pause mark is an annotation: the cache keeps it only when listed (CACHED_ANNOTATIONS). */
  pauseIsAnnotation: boolean;
  /** management.pause as a PauseMark literal, with what it is for comments; null: no pause. */
  pause: {
    mark: string;
    on: "annotation" | "label";
    key: string;
    value: string;
  } | null;
  /**
   * management.cascadeFinalizers as a CascadeFinalizers literal (finalize.ts runs the cascade the
   * object asks for); null: no cascade finalizer is offered.
   */
  cascadeFinalizers: string | null;
  /** The cascade finalizers offered, each with what it does, for the README. */
  cascadeModes: Array<{ finalizer: string; effect: string }>;
  leaseName: string;
  /** controller-runtime's controller name: the lower-cased kind, the metrics' `controller` label. */
  controllerName: string;
  /** The Service in front of the metrics port; the self-signed certificate names it. */
  metricsServiceName: string;
  types: TypeNames;
  modules: ModulePaths;
  /** `?` when spec is not required, so an object without spec is still well-typed. */
  specOptional: "" | "?";
  interfaces: InterfaceView[];
  /** The interface of the fields beside spec and status, which the object's type extends ("" if none). */
  topLevelType: string;
  /** Comma-separated @kubernetes/client-node type names the API types module imports. */
  clientNodeTypes: string;
  /** The embedded Kubernetes types' models, which the API types module re-exports ("" if none). */
  embeddedTypes: string;
  hasBindings: boolean;
  /** The finalizer records kept resources in the orphan report, which the sweep reads. */
  keepsOrphanReport: boolean;
  /** The orphan report's ConfigMap, in the operator's namespace. */
  orphanReportName: string;
  /** Some external resource is keyed on a natural key from the spec. */
  hasNaturalKeys: boolean;
  /** Some external resource is keyed on the owner's UID: the orphan sweep covers it. */
  hasSweptBindings: boolean;
  bindings: BindingView[];
  /** External sources (access: read): looked up and reported, never written. */
  sources: SourceView[];
  hasSources: boolean;
  hasChildren: boolean;
  /** Some child has a name template: instance builders, pruning, delete RBAC. */
  hasNamedChildren: boolean;
  /** Some child kind is pruned (named from the spec, or made only when a condition holds). */
  prunesChildren: boolean;
  hasCountChildren: boolean;
  /** Some child has when: it exists only for some specs, and is pruned otherwise. */
  hasConditionalChildren: boolean;
  /** Some child has a creationPolicy: desiredChildren() marks it with withCreationPolicy(). */
  hasCreationPolicies: boolean;
  childCount: number;
  children: ChildView[];
  /**
   * desiredChildren()'s list on one line, as prettier prints it when it fits (a longer line goes
   * through prettier); null when a child is conditional or named from the spec.
   */
  childListLine: string | null;
  /** finalize.ts's sweptResources parameter type on one line when its signature fits, else null. */
  sweptParamsLine: string | null;
  /** An external resource is identified by its owner's UID: the orphan sweep covers it. */
  hasSweptResources: boolean;
  /** One entry per child kind (several children may share one): informers and RBAC. */
  ownedKinds: OwnedKindView[];
  /** The kinds whose children are pruned (named from the spec, or conditional). */
  prunedKinds: OwnedKindView[];
  /** The forEach entry types src/children/index.ts imports, each once. */
  childEntryTypes: string[];
  /** src/children/service-names.ts: the name of each single Service child. */
  serviceNames: ServiceNameView[];
  settings: SettingsView;
  hooks: HooksView;
  /** The user's files and what each implements, for the README. */
  userHooks: Array<{ path: string; implements: string; members: string }>;
  tsconfig: { hasExclude: boolean; excludeJson: string };
  readme: {
    files: Array<{ path: string; ownership: string }>;
  };
  /** The API contract tests under test/contract/. */
  contract: ContractView;
  /** JSON of the data the verbatim test suites read (test/support/fixture.json). */
  testFixture: string;
  /** JSON of test/support/polymorphic-reference.json (polymorphic-reference-fixture.ts). */
  polymorphicReferenceFixture: string;
  /** test/support/child-kind-choice.json: the child whose kind a field chooses the suite drives. */
  childKindChoiceFixture: string;
  /** JSON of test/support/label-reference.json (label-reference-fixture.ts). */
  labelReferenceFixture: string;
  /** Several API versions: conversion and storage migration (absent with one version). */
  conversion?: ConversionView;
  /** The operator serves a conversion webhook (its schemas differ between versions). */
  conversionWebhook: boolean;
  /** The types of every version other than the storage version (src/api/<version>/). */
  versionTypes: VersionTypesView[];
}

export function buildViewModel(
  model: OperatorModel,
  files: Array<{ path: string; ownership: string }>,
  unusedUserFiles: readonly string[] = [],
  projectVersion = FIRST_PROJECT_VERSION,
): ViewModel {
  const specOptional = model.spec.required ? "" : "?";
  const types = typeNames(model);
  const interfaces = apiInterfaces(model, types);
  const embedded = embeddedModels(model);
  // Provider and test files import the embedded models from the API types module too.
  const declared = [...interfaces.map((i) => i.name), ...embedded];
  const fixture = testFixture(model);
  const image = operatorImage(model.image, projectVersion);
  return {
    name: model.name,
    description: model.description,
    descriptionJson: JSON.stringify(model.description),
    generatorVersion: GENERATOR_VERSION,
    projectVersion,
    ...packagePins(vendorsPackages()),
    image: image.reference,
    imageRepository: image.repository,
    imageTag: image.tagFromSpec ? image.tag : "",
    buildImage: pinnedImage(BASE_IMAGES.build),
    runtimeImage: pinnedImage(BASE_IMAGES.runtime),
    operatorNamespace: model.namespace,
    kind: model.api.kind,
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
    deletionPolicyAnnotation: deletionPolicyAnnotation(model),
    adoptionAnnotation: model.management?.adoptionAnnotation ?? "",
    adoptionChoices: adoptionChoices(model),
    pauseIsAnnotation: model.management?.pause?.on === "annotation",
    pause: model.management?.pause
      ? {
          // In prettier's layout: finalize.ts is laid out without prettier.
          mark: tsLiteral(model.management.pause),
          ...model.management.pause,
        }
      : null,
    cascadeFinalizers: model.cascadeFinalizers ? JSON.stringify(model.cascadeFinalizers) : null,
    cascadeModes: [
      ...(model.cascadeFinalizers?.foreground
        ? [
            {
              finalizer: model.cascadeFinalizers.foreground,
              effect:
                "foreground: the children are deleted kind by kind in reverse apply order, each kind gone before the next, and the object goes last.",
            },
          ]
        : []),
      ...(model.cascadeFinalizers?.background
        ? [
            {
              finalizer: model.cascadeFinalizers.background,
              effect:
                "background: every child's delete is sent at once, and the object goes without waiting for them.",
            },
          ]
        : []),
    ],
    leaseName: `${model.name}-leader`,
    controllerName: controllerName(model),
    metricsServiceName: metricsServiceName(model),
    types,
    modules: modulePaths(model),
    specOptional,
    interfaces,
    topLevelType: topLevelTypeName(model),
    clientNodeTypes: ["V1ObjectMeta", ...embedded].sort().join(", "),
    embeddedTypes: embedded.join(", "),
    ...statusView(model),
    ...specTrackingView(model),
    ...statusDefaultsView(model),
    ...referencesView(model),
    ...tenancyView(model),
    hasBindings: model.externalResources.length > 0,
    keepsOrphanReport: keepsOrphanReport(model),
    orphanReportName: orphanReportName(model),
    hasNaturalKeys: model.externalResources.some((b) => b.identity.kind === "naturalKey"),
    hasSweptBindings: model.externalResources.some((b) => b.identity.kind !== "naturalKey"),
    bindings: model.externalResources.map((b) =>
      bindingView(b, model, specOptional === "?", declared),
    ),
    sources: model.externalSources.map((s) => sourceView(s, model, specOptional === "?", declared)),
    hasSources: model.externalSources.length > 0,
    hasChildren: model.children.length > 0,
    hasNamedChildren: model.children.some((c) => c.naming !== undefined),
    prunesChildren: prunedKinds(model.children).length > 0,
    hasConditionalChildren: model.children.some(isConditionalChild),
    hasCountChildren: model.children.some((c) => c.naming?.instances.kind === "count"),
    hasCreationPolicies: model.children.some((c) => c.creationPolicy !== undefined),
    childCount: model.children.length,
    children: model.children.map((c) => childView(c, model, specOptional === "?")),
    sweptParamsLine: sweptParamsLine(model),
    hasSweptResources: model.externalResources.some((b) => b.identity.kind !== "naturalKey"),
    childListLine: model.children.every((c) => !isConditionalChild(c) && c.naming === undefined)
      ? `[${model.children.map((c) => childView(c, model, specOptional === "?").buildCall).join(", ")}]`
      : null,
    ownedKinds: childKinds(model.children).map(ownedKindView),
    prunedKinds: prunedKinds(model.children).map(ownedKindView),
    childEntryTypes: [
      ...new Set(
        model.children.flatMap((c) =>
          c.naming?.instances.kind === "forEach" ? [c.naming.instances.list.items!.tsType] : [],
        ),
      ),
    ],
    serviceNames: serviceNamesView(model, specOptional === "?"),
    settings: settingsView(model),
    ...(model.conversion ? { conversion: conversionView(model) } : {}),
    conversionWebhook: model.conversion?.strategy === "Webhook",
    versionTypes: versionTypesViews(model),
    hooks: hooksView(model),
    userHooks: activeUserHooks(model).map((h) => ({
      path: h.path,
      implements: h.implements,
      members: h.members.join(", "),
    })),
    // tsc skips these unless something imports them: the user's code stays, the build stays green.
    tsconfig: {
      hasExclude: unusedUserFiles.length > 0,
      excludeJson: JSON.stringify(unusedUserFiles),
    },
    readme: { files },
    contract: checkedContractView(model, fixture),
    testFixture: JSON.stringify(fixture),
    polymorphicReferenceFixture: JSON.stringify(polymorphicReferenceFixture(model) ?? null),
    childKindChoiceFixture: JSON.stringify(childKindChoiceFixture(model) ?? null),
    labelReferenceFixture: JSON.stringify(labelReferenceFixture(model) ?? null),
  };
}

/**
 * The contract view, its every case (and every spec the suites build from the fixture) first
 * judged against the CRD the project ships.
 */
function checkedContractView(model: OperatorModel, fixture: TestFixture): ContractView {
  const view = buildContractView(model);
  assertContractAgrees(view, buildCrd(model), fixture);
  return view;
}

/** The @kubernetes/client-node models of the Kubernetes types the spec and status embed, sorted. */
interface OwnedKindView {
  apiVersion: string;
  kind: string;
  plural: string;
  namespaced: boolean;
}

/** One entry of OWNED_KINDS / PRUNED_KINDS in src/children/index.ts. */
function ownedKindView(child: ChildModel): OwnedKindView {
  return {
    apiVersion: child.apiVersion,
    kind: child.kind,
    plural: child.plural,
    namespaced: child.scope === "Namespaced",
  };
}

function embeddedModels(model: OperatorModel): string[] {
  const embedded = walkFields([...model.spec.fields, ...model.status.fields]).flatMap((f) => {
    const imported = f.kubernetesType ? kubernetesTsType(f.kubernetesType).import : undefined;
    return imported ? [imported] : [];
  });
  return [...new Set(embedded)].sort();
}

/**
 * `providers: { aProvider: AProvider; … }` when `sweptResources(…)` fits one line, as prettier
 * joins it; `_providers: object` when no resource is swept (the parameter is then unused).
 */
function sweptParamsLine(model: OperatorModel): string | null {
  const members = model.externalResources
    .filter((b) => b.identity.kind !== "naturalKey")
    .map((b) => `${providerDepName(b)}: ${b.typeName}Provider`);
  const params =
    members.length === 0 ? "_providers: object" : `providers: { ${members.join("; ")} }`;
  const line = `export function sweptResources(${params}): SweptResource[] {`;
  return line.length <= PRETTIER_OPTIONS.printWidth! ? params : null;
}

function packagePins(
  vendored: boolean,
): Pick<ViewModel, "vendored" | "vendorDir" | "runtimePin" | "envtestPin" | "generatorPin"> {
  return {
    vendored,
    vendorDir: VENDOR_DIR,
    runtimePin: dependencyOn(RUNTIME_PACKAGE, vendored),
    envtestPin: dependencyOn(ENVTEST_PACKAGE, vendored),
    generatorPin: dependencyOn(GENERATOR_PACKAGE, vendored),
  };
}
