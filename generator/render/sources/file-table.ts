// The declarative table of source templates: which template renders which project path(s), and
// who owns the result. Adding a file to generated projects means adding one row here.

import { Ownership } from "../../base/files.ts";
import { isConditionalChild } from "../../model/child-kinds.ts";
import { HOOK_TYPES_PATH } from "../../base/user-hooks.ts";
import type {
  ChildModel,
  ExternalResourceModel,
  ExternalSourceModel,
  OperatorModel,
} from "../../model/types.ts";
import { CHILD_KINDS, CUSTOM_RESOURCE_CHILD, childKind } from "./child-view.ts";
import { hasServiceNames, SERVICE_NAMES_MODULE } from "./service-names-view.ts";
import { tenancyLaidOut } from "./tenancy-view.ts";
import { drivesReferences } from "./test-fixture.ts";
import { polymorphicReferenceFixture } from "./polymorphic-reference-fixture.ts";
import { childKindChoiceFixture } from "./child-kind-choice-fixture.ts";
import { labelReferenceFixture } from "./label-reference-fixture.ts";
import { versionTypesModule } from "./version-types-view.ts";

export interface TemplateOutput {
  path: string;
  /** Set for rows rendered once per external binding. */
  binding?: ExternalResourceModel;
  /** Set for rows rendered once per external source (access: read). */
  source?: ExternalSourceModel;
  /** Set for rows rendered once per child kind. */
  child?: ChildModel;
  /** Set for rows rendered once per API version other than the storage version. */
  version?: string;
}

export interface TemplateRow {
  /** Path under templates/project/. */
  template: string;
  ownership: Ownership;
  outputs: (model: OperatorModel) => TemplateOutput[];
  /**
   * The template renders prettier's layout for every valid spec, so `new` takes its output
   * without prettier when its lines fit (see render/format.ts); checked over random specs by
   * test/property/prettier-clean.property.test.ts. Unset: the output goes through prettier.
   */
  laidOut?: true | ((model: OperatorModel) => boolean);
}

/**
 * Text Markdown prints as written: words of letters and digits with plain punctuation, single
 * spaces, starting with a letter (so never a list, heading or emphasis). Spec text outside this
 * (a description with `*`, `_`, a leading `1.`) sends the README through prettier instead.
 */
const PLAIN_MARKDOWN = /^[A-Za-z](?:[A-Za-z0-9,.;:()'/-]| (?! ))*(?<! )$/;

/** The README shows the operator's and each external resource's and source's description as Markdown. */
const plainReadmeText = (m: OperatorModel): boolean =>
  [
    m.description,
    ...m.externalResources.map((b) => b.description),
    ...m.externalSources.map((s) => s.description),
  ].every((text) => PLAIN_MARKDOWN.test(text));

/** The generated CI workflow; a preset that brings workflows of its own replaces it. */
export const CI_WORKFLOW = ".github/workflows/ci.yaml";
const presetWorkflows = (m: OperatorModel): boolean =>
  m.extraFiles.some((f) => f.path.startsWith(".github/workflows/"));

const apiDir = (m: OperatorModel): string => `src/api/${m.api.version}`;
const single = (path: (m: OperatorModel) => string) => (m: OperatorModel) => [{ path: path(m) }];
/** Bindings keyed on the UID, or on a natural key: each has its own provider and part templates. */
type Keying = "uid" | "naturalKey" | "any";
const keyed = (m: OperatorModel, keying: Keying) =>
  m.externalResources.filter((b) => keying === "any" || b.identity.kind === keying);
const perBinding =
  (suffix: string, keying: Keying = "any") =>
  (m: OperatorModel) =>
    keyed(m, keying).map((binding) => ({
      path: `src/providers/${binding.fileName}-${suffix}.ts`,
      binding,
    }));
const perBindingAt =
  (dir: string, suffix: string, keying: Keying = "any") =>
  (m: OperatorModel) =>
    keyed(m, keying).map((binding) => ({
      path: `${dir}/${binding.fileName}${suffix}.ts`,
      binding,
    }));
/** One file per external source (access: read), at the path a binding of its name would have. */
const perSource = (dir: string, suffix: string) => (m: OperatorModel) =>
  m.externalSources.map((source) => ({ path: `${dir}/${source.fileName}${suffix}.ts`, source }));
const perChild = (accept: (c: ChildModel) => boolean) => (m: OperatorModel) =>
  m.children.filter(accept).map((child) => ({ path: `src/children/${child.fileName}.ts`, child }));

/** One row per child builder template; the kind table says which kinds each one builds. */
const childTemplates = [
  ...new Set([...Object.values(CHILD_KINDS), CUSTOM_RESOURCE_CHILD].map((k) => k.template)),
].sort();

export const TEMPLATE_TABLE: readonly TemplateRow[] = [
  {
    template: "package.json.hbs",
    ownership: Ownership.Merged,
    outputs: single(() => "package.json"),
  },
  {
    template: "README.md.hbs",
    ownership: Ownership.Merged,
    outputs: single(() => "README.md"),
    laidOut: plainReadmeText,
  },
  {
    template: "github/workflows/ci.yaml.hbs",
    // Nothing from the spec goes into it: the same prettier-clean text for every project.
    laidOut: true,
    ownership: Ownership.Generated,
    outputs: (m) => (presetWorkflows(m) ? [] : [{ path: CI_WORKFLOW }]),
  },
  {
    template: "chart/README.md.hbs",
    ownership: Ownership.Generated,
    outputs: single(() => "chart/README.md"),
    // Names and kinds only (DNS labels): the table layout is all prettier would change.
    laidOut: true,
  },
  {
    template: "Dockerfile.hbs",
    ownership: Ownership.Generated,
    outputs: single(() => "Dockerfile"),
  },
  {
    template: "tsconfig.json.hbs",
    ownership: Ownership.Generated,
    outputs: single(() => "tsconfig.json"),
  },
  {
    template: "src/config.ts.hbs",
    laidOut: true,
    ownership: Ownership.Generated,
    outputs: single(() => "src/config.ts"),
  },
  {
    template: "src/main.ts.hbs",
    laidOut: true,
    ownership: Ownership.Generated,
    outputs: single(() => "src/main.ts"),
  },
  {
    template: "src/api/types.ts.hbs",
    laidOut: true,
    ownership: Ownership.Generated,
    outputs: single((m) => `${apiDir(m)}/${m.names.kindFile}-types.ts`),
  },
  {
    // Only with several versions: the storage version's types are the row above.
    template: "src/api/version-types.ts.hbs",
    ownership: Ownership.Generated,
    outputs: (m) =>
      m.conversion === undefined
        ? []
        : m.api.versions
            .filter((v) => v.name !== m.api.version)
            .map((v) => ({ path: `src/${versionTypesModule(m, v.name)}`, version: v.name })),
  },
  {
    template: "src/api/conversion.ts.hbs",
    ownership: Ownership.Generated,
    outputs: (m) =>
      m.conversion?.strategy === "Webhook"
        ? [{ path: `src/api/${m.names.kindFile}-conversion.ts` }]
        : [],
  },
  {
    template: "src/conversion.ts.hbs",
    ownership: Ownership.Generated,
    outputs: (m) => (m.conversion ? [{ path: "src/conversion.ts" }] : []),
  },
  {
    template: "src/hooks/conversion.ts.hbs",
    ownership: Ownership.ScaffoldOnce,
    outputs: (m) =>
      m.conversion?.spokes.some((spoke) => spoke.hooked.length > 0)
        ? [{ path: `src/hooks/${m.names.kindFile}-conversion.ts` }]
        : [],
  },
  {
    template: "test/integration/storage-migration.test.ts.hbs",
    ownership: Ownership.Generated,
    outputs: (m) =>
      m.conversion?.strategy === "Webhook"
        ? [{ path: "test/integration/storage-migration.test.ts" }]
        : [],
  },
  {
    template: "test/integration/external-sources.test.ts.hbs",
    ownership: Ownership.Generated,
    outputs: (m) =>
      m.externalSources.length > 0 ? [{ path: "test/integration/external-sources.test.ts" }] : [],
  },
  {
    template: "test/integration/install.test.ts.hbs",
    ownership: Ownership.Generated,
    laidOut: true,
    outputs: single(() => "test/integration/install.test.ts"),
  },
  {
    template: "test/support/conversion-webhook.ts.hbs",
    ownership: Ownership.Generated,
    outputs: (m) =>
      m.conversion?.strategy === "Webhook" ? [{ path: "test/support/conversion-webhook.ts" }] : [],
  },
  {
    template: "test/support/version-arbitraries.ts.hbs",
    ownership: Ownership.Generated,
    outputs: (m) =>
      m.conversion?.strategy === "Webhook" ? [{ path: "test/support/version-arbitraries.ts" }] : [],
  },
  {
    template: "test/conversion-round-trip.test.ts.hbs",
    ownership: Ownership.Generated,
    outputs: (m) =>
      m.conversion?.strategy === "Webhook" ? [{ path: "test/conversion-round-trip.test.ts" }] : [],
  },
  {
    template: "test/support/cert-manager-stand-in.ts.hbs",
    ownership: Ownership.Generated,
    outputs: (m) =>
      m.conversion?.strategy === "Webhook" && m.conversion.webhook.certificates === "cert-manager"
        ? [{ path: "test/support/cert-manager-stand-in.ts" }]
        : [],
  },
  {
    template: "test/integration/conversion-certificate-rotation.test.ts.hbs",
    ownership: Ownership.Generated,
    outputs: (m) =>
      m.conversion?.strategy === "Webhook"
        ? [{ path: "test/integration/conversion-certificate-rotation.test.ts" }]
        : [],
  },
  {
    template: "test/integration/conversion-webhook-down.test.ts.hbs",
    ownership: Ownership.Generated,
    outputs: (m) =>
      m.conversion?.strategy === "Webhook"
        ? [{ path: "test/integration/conversion-webhook-down.test.ts" }]
        : [],
  },
  {
    template: "test/integration/conversion.test.ts.hbs",
    ownership: Ownership.Generated,
    outputs: (m) =>
      m.conversion?.strategy === "Webhook" ? [{ path: "test/integration/conversion.test.ts" }] : [],
  },
  {
    template: "src/api/phases.ts.hbs",
    laidOut: true,
    ownership: Ownership.Generated,
    outputs: (m) => (m.status.phases.length > 0 ? [{ path: `${apiDir(m)}/phases.ts` }] : []),
  },
  {
    template: "src/providers/provider.ts.hbs",
    laidOut: true,
    ownership: Ownership.Generated,
    outputs: perBinding("provider", "uid"),
  },
  {
    template: "src/providers/keyed-provider.ts.hbs",
    ownership: Ownership.Generated,
    outputs: perBinding("provider", "naturalKey"),
  },
  {
    template: "src/providers/memory.ts.hbs",
    laidOut: true,
    ownership: Ownership.Generated,
    outputs: perBinding("memory", "uid"),
  },
  {
    template: "src/providers/keyed-memory.ts.hbs",
    ownership: Ownership.Generated,
    outputs: perBinding("memory", "naturalKey"),
  },
  {
    template: "src/providers/cloud.ts.hbs",
    laidOut: true,
    ownership: Ownership.ScaffoldOnce,
    outputs: perBinding("cloud", "uid"),
  },
  {
    template: "src/providers/keyed-cloud.ts.hbs",
    ownership: Ownership.ScaffoldOnce,
    outputs: perBinding("cloud", "naturalKey"),
  },
  {
    template: "src/providers/source-provider.ts.hbs",
    ownership: Ownership.Generated,
    outputs: perSource("src/providers", "-provider"),
  },
  {
    template: "src/providers/source-memory.ts.hbs",
    ownership: Ownership.Generated,
    outputs: perSource("src/providers", "-memory"),
  },
  {
    template: "src/providers/source-cloud.ts.hbs",
    ownership: Ownership.ScaffoldOnce,
    outputs: perSource("src/providers", "-cloud"),
  },
  {
    template: "src/reconciler/source-part.ts.hbs",
    ownership: Ownership.Generated,
    outputs: perSource("src/reconciler", "-part"),
  },
  // Every child builder renders prettier's layout but the Pod's (its spec is indented otherwise).
  ...childTemplates.map((name) => ({
    template: `src/children/${name}.ts.hbs`,
    ...(name !== "pod" ? { laidOut: true as const } : {}),
    ownership: Ownership.ScaffoldOnce,
    outputs: perChild((c) => childKind(c).template === name),
  })),
  {
    template: "src/children/index.ts.hbs",
    // Conditional and spec-named children are written in a layout prettier may change.
    laidOut: (m) => m.children.every((c) => !isConditionalChild(c) && c.naming === undefined),
    ownership: Ownership.Generated,
    outputs: single(() => "src/children/index.ts"),
  },
  {
    template: "src/children/service-names.ts.hbs",
    ownership: Ownership.Generated,
    outputs: (m) => (hasServiceNames(m) ? [{ path: SERVICE_NAMES_MODULE }] : []),
  },
  {
    template: "src/reconciler/reconciler.ts.hbs",
    laidOut: true,
    ownership: Ownership.Generated,
    outputs: single((m) => `src/reconciler/${m.names.kindFile}-reconciler.ts`),
  },
  {
    template: "src/reconciler/binding-part.ts.hbs",
    laidOut: true,
    ownership: Ownership.Generated,
    outputs: perBindingAt("src/reconciler", "-part", "uid"),
  },
  {
    template: "src/reconciler/keyed-part.ts.hbs",
    ownership: Ownership.Generated,
    outputs: perBindingAt("src/reconciler", "-part", "naturalKey"),
  },
  {
    template: "src/hooks/types.ts.hbs",
    laidOut: true,
    ownership: Ownership.Generated,
    outputs: single(() => HOOK_TYPES_PATH),
  },
  {
    template: "src/hooks/index.ts.hbs",
    laidOut: true,
    ownership: Ownership.Generated,
    outputs: single(() => "src/hooks/index.ts"),
  },
  {
    template: "src/hooks/resource.ts.hbs",
    laidOut: true,
    ownership: Ownership.ScaffoldOnce,
    outputs: perBindingAt("src/hooks", ""),
  },
  {
    template: "src/hooks/status.ts.hbs",
    laidOut: true,
    ownership: Ownership.ScaffoldOnce,
    outputs: single((m) => `src/hooks/${m.names.kindFile}-status.ts`),
  },
  {
    template: "src/references.ts.hbs",
    laidOut: true,
    ownership: Ownership.Generated,
    outputs: single(() => "src/references.ts"),
  },
  {
    template: "src/tenancy.ts.hbs",
    laidOut: tenancyLaidOut,
    ownership: Ownership.Generated,
    outputs: (m) => (m.tenancy ? [{ path: "src/tenancy.ts" }] : []),
  },
  {
    template: "test/integration/tenancy.test.ts.hbs",
    // The same text for every spec (it reads test/support/tenancy.json), in prettier's layout.
    laidOut: true,
    ownership: Ownership.Generated,
    outputs: (m) => (m.tenancy ? [{ path: "test/integration/tenancy.test.ts" }] : []),
  },
  {
    template: "test/support/tenancy.json.hbs",
    ownership: Ownership.Generated,
    outputs: (m) => (m.tenancy ? [{ path: "test/support/tenancy.json" }] : []),
  },
  {
    template: "test/integration/references.test.ts.hbs",
    ownership: Ownership.Generated,
    // Only when it has a test to run (see drivesReferences).
    outputs: (m) => (drivesReferences(m) ? [{ path: "test/integration/references.test.ts" }] : []),
  },
  {
    template: "test/integration/polymorphic-references.test.ts.hbs",
    // The same text for every spec (it reads test/support/polymorphic-reference.json).
    ownership: Ownership.Generated,
    outputs: (m) =>
      polymorphicReferenceFixture(m)
        ? [{ path: "test/integration/polymorphic-references.test.ts" }]
        : [],
  },
  {
    template: "test/integration/label-references.test.ts.hbs",
    // The same text for every spec (it reads test/support/label-reference.json).
    ownership: Ownership.Generated,
    outputs: (m) =>
      labelReferenceFixture(m) ? [{ path: "test/integration/label-references.test.ts" }] : [],
  },
  {
    template: "test/support/label-reference.json.hbs",
    ownership: Ownership.Generated,
    outputs: (m) =>
      labelReferenceFixture(m) ? [{ path: "test/support/label-reference.json" }] : [],
  },
  {
    template: "test/support/polymorphic-reference.json.hbs",
    ownership: Ownership.Generated,
    outputs: (m) =>
      polymorphicReferenceFixture(m) ? [{ path: "test/support/polymorphic-reference.json" }] : [],
  },
  {
    template: "test/integration/child-kind-choice.test.ts.hbs",
    // The same text for every spec (it reads test/support/child-kind-choice.json).
    ownership: Ownership.Generated,
    outputs: (m) =>
      childKindChoiceFixture(m) ? [{ path: "test/integration/child-kind-choice.test.ts" }] : [],
  },
  {
    template: "test/support/child-kind-choice.json.hbs",
    ownership: Ownership.Generated,
    outputs: (m) =>
      childKindChoiceFixture(m) ? [{ path: "test/support/child-kind-choice.json" }] : [],
  },
  {
    template: "src/reconciler/finalize.ts.hbs",
    laidOut: true,
    ownership: Ownership.Generated,
    outputs: single(() => "src/reconciler/finalize.ts"),
  },
  {
    template: "test/support/kind.ts.hbs",
    laidOut: true,
    ownership: Ownership.Generated,
    outputs: single(() => "test/support/kind.ts"),
  },
  {
    template: "test/support/fixture.json.hbs",
    ownership: Ownership.Generated,
    outputs: single(() => "test/support/fixture.json"),
  },
  {
    template: "test/contract/cases.json.hbs",
    ownership: Ownership.Generated,
    outputs: single(() => "test/contract/cases.json"),
  },
];

/**
 * Verbatim files whose name in the repository differs from the project: npm never packs a file
 * called .gitignore (it would read it as ignore rules), so the template is stored without the dot.
 */
export const VERBATIM_RENAMES: Readonly<Record<string, string>> = { gitignore: ".gitignore" };
