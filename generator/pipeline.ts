// The pipeline in one place: parse → check → model → render → plan → write. Each stage lives in
// its own folder; this module only sequences them, so the CLI and the tests drive the same path.

import { dirname, resolve } from "node:path";
import { hasErrors, InputError, sortDiagnostics, type Diagnostic } from "./base/diagnostics.ts";
import type { ProjectFiles } from "./base/files.ts";
import { GENERATOR_VERSION } from "./base/generator-version.ts";
import { checkSpec } from "./check/check-spec.ts";
import { checkPresetDocument } from "./check/check-preset-document.ts";
import { checkWithPresets } from "./check/check-with-presets.ts";
import { childKindEntries } from "./check/child-kind-choice.ts";
import { obj, objects, str } from "./check/raw-spec.ts";
import { createReporter } from "./check/report.ts";
import type { CompatReport } from "./compat/finding.ts";
import { compareWithRecordedSpec, refuseBreaking } from "./compat/project-compat.ts";
import { buildModel } from "./model/build-model.ts";
import type { OperatorModel } from "./model/types.ts";
import { readChildCrds } from "./parse/child-crds.ts";
import { parseSpec } from "./parse/parse-spec.ts";
import { previousUserFiles } from "./parse/previous-user-files.ts";
import { projectVersion } from "./parse/project-version.ts";
import { readSpecFile } from "./parse/read-spec-file.ts";
import { loadPresetChain } from "./preset/load-presets.ts";
import { mergePresetDefaults } from "./preset/merge-preset.ts";
import { presetRecord } from "./preset/preset-fingerprint.ts";
import { presetFiles, presetLicenseHeader, type PresetFile } from "./preset/preset-files.ts";
import type { PresetRecord } from "./preset/preset-types.ts";
import {
  isBlocked,
  isNoOp,
  planNewProject,
  planRegeneration,
  type Plan,
  type RegenerationOptions,
} from "./plan/plan.ts";
import {
  ExtraFileClashError,
  presetFileClashes,
  renderProject,
  SPEC_FILE,
  userHooks,
} from "./render/render-project.ts";
import type { UserHook } from "./base/user-hooks.ts";
import { childContentProblems } from "./render/sources/child-view.ts";
import {
  CRD_SIZE_WARNING_SHARE,
  ETCD_REQUEST_LIMIT,
  formatBytes,
  measureCrd,
  type CrdContributor,
} from "./render/manifests/crd-size.ts";
import { vendoredPackages } from "./vendor/vendored-packages.ts";
import { writePlan, type WriteSummary } from "./write/write.ts";

export { GENERATOR_VERSION };

export interface LoadedSpec {
  model: OperatorModel;
  /** Warnings only: errors stop the pipeline with an InputError. */
  warnings: Diagnostic[];
  /** The preset the spec extends, as the lock records it; absent without `extends`. */
  preset?: PresetRecord;
  /** The files the presets render, to point at one that clashes with the generator's. */
  presetFiles: PresetFile[];
}

/**
 * Where the spec's `extends` is resolved from: the folder operator.yaml is in, or for `new` the
 * project folder it will be copied to (so a relative path means the same before and after).
 */
export interface SpecLocation {
  baseDir?: string;
}

/** parse + preset + check + model. Throws InputError carrying every diagnostic when the spec has errors. */
export function loadSpec(source: string, file: string, where: SpecLocation = {}): LoadedSpec {
  const { diagnostics, model, preset, files } = checkAndModel(source, file, where);
  if (model === undefined || hasErrors(diagnostics)) throw new InputError(diagnostics);
  return { model, warnings: diagnostics, presetFiles: files, ...(preset ? { preset } : {}) };
}

/** Every diagnostic for a spec: parse errors, preset problems, or schema and semantic findings. */
export function checkSource(source: string, file: string, where: SpecLocation = {}): Diagnostic[] {
  return checkAndModel(source, file, where).diagnostics;
}

function checkAndModel(
  source: string,
  file: string,
  where: SpecLocation,
): {
  diagnostics: Diagnostic[];
  model?: OperatorModel;
  preset?: PresetRecord;
  files: PresetFile[];
} {
  const parsed = parseSpec(source, file);
  if (!parsed.ok) return { diagnostics: parsed.diagnostics, files: [] };
  // The preset stage: find and read the chain, then lay its defaults under the spec's values.
  const loaded = loadPresetChain(parsed.spec, where.baseDir ?? dirname(resolve(file)));
  // Whatever could be read is still checked, so one run shows every problem of every file.
  if (hasErrors(loaded.diagnostics))
    return {
      diagnostics: sortDiagnostics([
        ...loaded.diagnostics,
        ...loaded.chain.presets.flatMap(checkPresetDocument),
        ...checkSpec(parsed.spec),
      ]),
      files: [],
    };
  const merged = mergePresetDefaults(parsed.spec.data, loaded.chain);
  const childCrds = readChildCrds(merged.data, file);
  const diagnostics =
    loaded.chain.presets.length === 0
      ? checkSpec(parsed.spec, childCrds)
      : checkWithPresets(parsed.spec, loaded.chain, merged, childCrds);
  if (hasErrors(diagnostics)) return { diagnostics, files: [] };
  const files = presetFiles(loaded.chain);
  const model = buildModel(
    merged.data,
    source,
    childCrds,
    files,
    presetLicenseHeader(loaded.chain),
  );
  const preset = presetRecord(loaded.chain);
  // What only render's example machinery can tell: a child CRD that admits no object it builds.
  const report = createReporter(parsed.spec);
  // A child whose kind a field chooses has a CRD per kind (kinds[j].crd).
  objects(obj(merged.data).children).forEach(([i, raw]) =>
    childKindEntries(raw).forEach(({ entry, at }) => {
      const child = model.children.find(
        (c) => c.apiVersion === entry.apiVersion && c.kind === entry.kind,
      );
      const kind = str(entry.kind);
      const problems = child ? childContentProblems(child) : [];
      if (problems.length > 0)
        report.error(
          "SEM186",
          ["children", i, ...at, "crd"],
          `${child!.crd!.path} has no ${kind} the generator can build: ${problems.join("; ")}`,
          "Its schema requires a value no example satisfies (contradictory bounds, an empty enum, a pattern against a format): fix that CRD, or create such objects in the reconciler instead of listing them as a child.",
        );
    }),
  );
  reportCrdSize(model, merged.data, report);
  const clashes = presetClashDiagnostics(presetFileClashes(model), files);
  return {
    diagnostics: [...diagnostics, ...report.diagnostics, ...clashes],
    model,
    files,
    ...(preset ? { preset } : {}),
  };
}

/**
 * SEM246 when the CRD is larger than etcd stores, WARN111 past three quarters of that; either is
 * located at the biggest field and names the three biggest with the type each embeds.
 */
function reportCrdSize(
  model: OperatorModel,
  data: unknown,
  report: ReturnType<typeof createReporter>,
): void {
  const { bytes, contributors } = measureCrd(model);
  if (bytes < ETCD_REQUEST_LIMIT * CRD_SIZE_WARNING_SHARE || contributors.length === 0) return;
  const sections = data as Record<string, { fields?: Record<string, { type?: unknown }> }>;
  const typeOf = (c: CrdContributor) => sections[c.section]?.fields?.[c.name]?.type;
  const biggest = contributors
    .slice(0, 3)
    .map((c) => {
      const type = typeOf(c);
      return `${c.section}.${c.name}${typeof type === "string" ? ` (${type})` : ""}: ${formatBytes(c.bytes)}`;
    })
    .join(", ");
  const top = contributors[0]!;
  const at = [top.section, "fields", top.name];
  const versions = model.api.versions.length;
  const perVersion = versions > 1 ? ` (each of the ${versions} versions carries its own copy)` : "";
  if (bytes > ETCD_REQUEST_LIMIT)
    report.error(
      "SEM246",
      at,
      `the CRD is ${formatBytes(bytes)} serialized; etcd accepts at most 1.5 MiB, so no API server can store it. Biggest fields${perVersion}: ${biggest}`,
      "Embed fewer large Kubernetes types (hold a reference, e.g. a ConfigMap or template name, instead of a whole PodTemplateSpec), or drop fields from the biggest ones.",
      "key",
    );
  else
    report.warning(
      "WARN111",
      at,
      `the CRD is ${formatBytes(bytes)} serialized, ${Math.round((100 * bytes) / ETCD_REQUEST_LIMIT)}% of the 1.5 MiB etcd accepts. Biggest fields${perVersion}: ${biggest}`,
      "One more embedded type may not fit: consider references instead of embedding the biggest ones.",
      "key",
    );
}

/** render, with a preset file that lands on one of the generator's paths reported in the preset. */
async function render(
  loaded: LoadedSpec,
  options?: Parameters<typeof renderProject>[1],
): Promise<ProjectFiles> {
  try {
    return await renderProject(loaded.model, options);
  } catch (error) {
    if (!(error instanceof ExtraFileClashError)) throw error;
    throw new InputError(presetClashDiagnostics(error.paths, loaded.presetFiles));
  }
}

/** PRESET012 for each preset file at a path the generator renders, located in its preset. */
function presetClashDiagnostics(paths: readonly string[], files: PresetFile[]): Diagnostic[] {
  return paths.map((path) => {
    const file = files.find((f) => f.path === path)!;
    return {
      severity: "error" as const,
      code: "PRESET012",
      path: `files[${file.index}].path`,
      message: `${path} is a file the generator renders itself`,
      hint: "Choose another path; to change a generated file, change operator.yaml or the preset's defaults instead.",
      file: file.preset.file,
      position: file.preset.parsed.positionOf(["files", file.index, "path"]),
    };
  });
}

/** The spec's text, read bounded; refusals (missing, a directory, too large) are InputErrors. */
export { readSpecFile };

export interface PipelineResult {
  plan: Plan;
  files: ProjectFiles;
  warnings: Diagnostic[];
  /**
   * What the project asks of its user: every scaffold-once hook file with the generated
   * interface it implements and its members, and the user's files the spec no longer uses.
   */
  userHooks: UserHook[];
  /** Absent for dry runs, refused plans and plans that change nothing. */
  written?: WriteSummary;
  /** `generate` only: the API compared with the previous spec (breaking ones were allowed). */
  compatibility?: CompatReport;
  /** The plan changes no byte: nothing was written, not even the lock. */
  nothingToDo: boolean;
}

export interface CreateOptions {
  force?: boolean;
  dryRun?: boolean;
}

/** `create-operator new`: a new project from a spec. */
export async function createProject(
  specSource: string,
  specFile: string,
  target: string,
  options: CreateOptions = {},
): Promise<PipelineResult> {
  const loaded = loadSpec(specSource, specFile, { baseDir: resolve(target) });
  const { model, warnings } = loaded;
  const files = await render(loaded);
  const hooks = userHooks(model);
  const plan = planNewProject(resolve(target), files, {
    generatorVersion: GENERATOR_VERSION,
    specSource,
    artifacts: vendoredPackages(),
    force: options.force ?? false,
    ...(loaded.preset ? { preset: loaded.preset } : {}),
  });
  return finish(plan, files, warnings, hooks, options.dryRun ?? false);
}

export interface RegenerateOptions extends Pick<
  RegenerationOptions,
  "force" | "keep" | "updateScaffold" | "replace"
> {
  dryRun?: boolean;
  /** Go on when the API breaks objects already stored (the report is still printed). */
  allowBreaking?: boolean;
  /**
   * Render from this text instead of the operator.yaml on disk (`upgrade` changes extends); pass
   * replace: [SPEC_FILE] with it so the plan writes the new text with everything else.
   */
  specSource?: string;
}

/** `create-operator generate`: re-render a project from its own operator.yaml. */
export async function regenerateProject(
  root: string,
  options: RegenerateOptions = {},
): Promise<PipelineResult> {
  const specPath = resolve(root, SPEC_FILE);
  const specSource = options.specSource ?? readSpecFile(specPath);
  const loaded = loadSpec(specSource, specPath);
  const { model, warnings } = loaded;
  // Before anything is rendered: a breaking change to a served version stops here (BreakingChangeError).
  const compatibility = compareProjectApi(root, model);
  refuseBreaking(compatibility, options.allowBreaking ?? false);
  // The user's files the previous generation left: those the new spec no longer uses are kept
  // and excluded from compilation (render decides which; it only needs the list).
  // package.json's version (the user bumps it) is the chart's appVersion, the image tag the
  // deploy kit builds.
  const version = projectVersion(resolve(root));
  const previous = {
    previousUserFiles: previousUserFiles(resolve(root)),
    ...(version !== undefined ? { projectVersion: version } : {}),
  };
  const files = await render(loaded, previous);
  const hooks = userHooks(model, previous);
  const plan = planRegeneration(resolve(root), files, {
    generatorVersion: GENERATOR_VERSION,
    specSource,
    artifacts: vendoredPackages(),
    ...(loaded.preset ? { preset: loaded.preset } : {}),
    force: options.force ?? false,
    keep: options.keep ?? [],
    updateScaffold: options.updateScaffold ?? [],
    replace: options.replace ?? [],
  });
  return { ...finish(plan, files, warnings, hooks, options.dryRun ?? false), compatibility };
}

/** `create-operator diff`: the project's API against the spec the last generation recorded. */
export function diffProject(root: string): { report: CompatReport; warnings: Diagnostic[] } {
  const specPath = resolve(root, SPEC_FILE);
  const { model, warnings } = loadSpec(readSpecFile(specPath), specPath);
  return { report: compareProjectApi(root, model), warnings };
}

function compareProjectApi(root: string, model: OperatorModel): CompatReport {
  return compareWithRecordedSpec(resolve(root), resolve(root, SPEC_FILE), model, GENERATOR_VERSION);
}

function finish(
  plan: Plan,
  files: ProjectFiles,
  warnings: Diagnostic[],
  userHooks: UserHook[],
  dryRun: boolean,
): PipelineResult {
  const nothingToDo = isNoOp(plan);
  const result = { plan, files, warnings, userHooks, nothingToDo };
  // Conflicts that are written with markers do not stop the run; only a blocked plan does.
  if (dryRun || nothingToDo || isBlocked(plan)) return result;
  return { ...result, written: writePlan(plan) };
}
