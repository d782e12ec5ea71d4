// The pipeline in one place: parse → check → model → render → plan → write. Each stage lives in
// its own folder; this module only sequences them, so the CLI and the tests drive the same path.

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { hasErrors, InputError, type Diagnostic } from "./base/diagnostics.ts";
import type { ProjectFiles } from "./base/files.ts";
import { checkSpec } from "./check/check-spec.ts";
import { createReporter } from "./check/report.ts";
import { buildModel } from "./model/build-model.ts";
import type { OperatorModel } from "./model/types.ts";
import { readChildCrds } from "./parse/child-crds.ts";
import { parseSpec } from "./parse/parse-spec.ts";
import { readSpecFile } from "./parse/read-spec-file.ts";
import { planNewProject, planRegeneration, type Plan } from "./plan/plan.ts";
import { renderProject, SPEC_FILE } from "./render/render-project.ts";
import { childContentProblems } from "./render/sources/child-view.ts";
import { writePlan, type WriteSummary } from "./write/write.ts";

const packageJson = JSON.parse(
  readFileSync(new URL("../package.json", import.meta.url), "utf8"),
) as { version: string };
export const GENERATOR_VERSION: string = packageJson.version;

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
  /** Absent for dry runs and refused plans. */
  written?: WriteSummary;
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
  const plan = planNewProject(resolve(target), files, {
    generatorVersion: GENERATOR_VERSION,
    specSource,
    force: options.force ?? false,
  });
  return finish(plan, files, warnings, options.dryRun ?? false);
}

/** `create-operator generate`: re-render a project from its own operator.yaml. */
export async function regenerateProject(
  root: string,
  options: { dryRun?: boolean } = {},
): Promise<PipelineResult> {
  const specPath = resolve(root, SPEC_FILE);
  const specSource = readSpecFile(specPath);
  const { model, warnings } = loadSpec(specSource, specPath);
  const files = await renderProject(model);
  const plan = planRegeneration(resolve(root), files, {
    generatorVersion: GENERATOR_VERSION,
    specSource,
  });
  return finish(plan, files, warnings, options.dryRun ?? false);
}

function finish(
  plan: Plan,
  files: ProjectFiles,
  warnings: Diagnostic[],
  dryRun: boolean,
): PipelineResult {
  const conflicted = plan.entries.some((e) => e.action === "conflict");
  if (dryRun || conflicted) return { plan, files, warnings };
  return { plan, files, warnings, written: writePlan(plan) };
}
