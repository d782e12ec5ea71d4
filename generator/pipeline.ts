// The pipeline in one place: parse → check → model → render → plan → write. Each stage lives in
// its own folder; this module only sequences them, so the CLI and the tests drive the same path.

import { resolve } from "node:path";
import { hasErrors, InputError, type Diagnostic } from "./base/diagnostics.ts";
import type { ProjectFiles } from "./base/files.ts";
import { GENERATOR_VERSION } from "./base/generator-version.ts";
import { checkSpec } from "./check/check-spec.ts";
import { createReporter } from "./check/report.ts";
import type { CompatReport } from "./compat/finding.ts";
import { compareWithRecordedSpec, refuseBreaking } from "./compat/project-compat.ts";
import { buildModel } from "./model/build-model.ts";
import type { OperatorModel } from "./model/types.ts";
import { readChildCrds } from "./parse/child-crds.ts";
import { parseSpec } from "./parse/parse-spec.ts";
import { previousUserFiles } from "./parse/previous-user-files.ts";
import { readSpecFile } from "./parse/read-spec-file.ts";
import {
  isBlocked,
  isNoOp,
  planNewProject,
  planRegeneration,
  type Plan,
  type RegenerationOptions,
} from "./plan/plan.ts";
import { renderProject, SPEC_FILE, userHooks } from "./render/render-project.ts";
import type { UserHook } from "./base/user-hooks.ts";
import { childContentProblems } from "./render/sources/child-view.ts";
import { writePlan, type WriteSummary } from "./write/write.ts";

export { GENERATOR_VERSION };

export interface LoadedSpec {
  model: OperatorModel;
  /** Warnings only: errors stop the pipeline with an InputError. */
  warnings: Diagnostic[];
}

/** parse + check + model. Throws InputError carrying every diagnostic when the spec has errors. */
export function loadSpec(source: string, file: string): LoadedSpec {
  const { diagnostics, model } = checkAndModel(source, file);
  if (model === undefined || hasErrors(diagnostics)) throw new InputError(diagnostics);
  return { model, warnings: diagnostics };
}

/** Every diagnostic for a spec: parse errors, or schema and semantic findings. */
export function checkSource(source: string, file: string): Diagnostic[] {
  return checkAndModel(source, file).diagnostics;
}

function checkAndModel(
  source: string,
  file: string,
): { diagnostics: Diagnostic[]; model?: OperatorModel } {
  const parsed = parseSpec(source, file);
  if (!parsed.ok) return { diagnostics: parsed.diagnostics };
  const childCrds = readChildCrds(parsed.spec.data, file);
  const diagnostics = checkSpec(parsed.spec, childCrds);
  if (hasErrors(diagnostics)) return { diagnostics };
  const model = buildModel(parsed.spec.data, source, childCrds);
  // What only render's example machinery can tell: a child CRD that admits no object it builds.
  const report = createReporter(parsed.spec);
  const raw = (parsed.spec.data as { children?: Array<{ apiVersion: string; kind: string }> })
    .children;
  (raw ?? []).forEach(({ apiVersion, kind }, i) => {
    const child = model.children.find((c) => c.apiVersion === apiVersion && c.kind === kind);
    const problems = child ? childContentProblems(child) : [];
    if (problems.length > 0)
      report.error(
        "SEM186",
        ["children", i, "crd"],
        `${child!.crd!.path} has no ${kind} the generator can build: ${problems.join("; ")}`,
        "Its schema requires a value no example satisfies (contradictory bounds, an empty enum, a pattern against a format): fix that CRD, or create such objects in the reconciler instead of listing them as a child.",
      );
  });
  return { diagnostics: [...diagnostics, ...report.diagnostics], model };
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
  const { model, warnings } = loadSpec(specSource, specFile);
  const files = await renderProject(model);
  const hooks = userHooks(model);
  const plan = planNewProject(resolve(target), files, {
    generatorVersion: GENERATOR_VERSION,
    specSource,
    force: options.force ?? false,
  });
  return finish(plan, files, warnings, hooks, options.dryRun ?? false);
}

export interface RegenerateOptions extends Pick<
  RegenerationOptions,
  "force" | "keep" | "updateScaffold"
> {
  dryRun?: boolean;
  /** Go on when the API breaks objects already stored (the report is still printed). */
  allowBreaking?: boolean;
}

/** `create-operator generate`: re-render a project from its own operator.yaml. */
export async function regenerateProject(
  root: string,
  options: RegenerateOptions = {},
): Promise<PipelineResult> {
  const specPath = resolve(root, SPEC_FILE);
  const specSource = readSpecFile(specPath);
  const { model, warnings } = loadSpec(specSource, specPath);
  // Before anything is rendered: a breaking change to a served version stops here (BreakingChangeError).
  const compatibility = compareProjectApi(root, model);
  refuseBreaking(compatibility, options.allowBreaking ?? false);
  // The user's files the previous generation left: those the new spec no longer uses are kept
  // and excluded from compilation (render decides which; it only needs the list).
  const previous = { previousUserFiles: previousUserFiles(resolve(root)) };
  const files = await renderProject(model, previous);
  const hooks = userHooks(model, previous);
  const plan = planRegeneration(resolve(root), files, {
    generatorVersion: GENERATOR_VERSION,
    specSource,
    force: options.force ?? false,
    keep: options.keep ?? [],
    updateScaffold: options.updateScaffold ?? [],
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
