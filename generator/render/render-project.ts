// Stage 4: model → every file of the project, in memory and formatted. Nothing here touches
// the disk, so a failure in any template leaves the target directory untouched.

import { childFileName } from "../check/child-name-template.ts";
import { readFileSync } from "node:fs";
import { Ownership, type GeneratedFile, type ProjectFiles } from "../base/files.ts";
import { foldPath } from "../base/path-fold.ts";
import { SPEC_FILE } from "../base/spec-file.ts";
import type { OperatorModel } from "../model/types.ts";
import { formatFiles } from "./format.ts";
import { withLicenseHeader } from "./license-header.ts";
import { renderChart } from "./chart/index.ts";
import { renderManifests } from "./manifests/index.ts";
import { activeUserHooks } from "./sources/hooks-view.ts";
import { renderSources, sourcePaths } from "./sources/index.ts";
import type { UserHook } from "../base/user-hooks.ts";
import { packageReplacing } from "../base/library-packages.ts";

export { SPEC_FILE };

/** The spec format's JSON Schema, shipped into every project so editors complete operator.yaml offline. */
export const SCHEMA_FILE = ".create-operator/operator-spec.schema.json";
const schemaSource = readFileSync(
  new URL("../../schema/operator-spec.schema.json", import.meta.url),
  "utf8",
);

/** Preset files at paths the generator renders itself. */
export class ExtraFileClashError extends Error {
  readonly paths: string[];
  constructor(paths: string[]) {
    super(`a preset renders ${paths.join(", ")}, which the generator renders itself`);
    this.name = "ExtraFileClashError";
    this.paths = paths;
  }
}

/** Preset files at a path the generator renders, compared folded (PACKAGE.JSON is package.json on macOS). */
function clashingPaths(model: OperatorModel, generated: Iterable<string>): string[] {
  const taken = new Set([...generated].map(foldPath));
  return model.extraFiles.filter((f) => taken.has(foldPath(f.path))).map((f) => f.path);
}

/**
 * The preset files that would land on one of the generator's own paths, without rendering a
 * template: what `validate` reports, so it agrees with `new` and `generate`.
 */
export function presetFileClashes(model: OperatorModel): string[] {
  if (model.extraFiles.length === 0) return [];
  const generated = [
    SPEC_FILE,
    SCHEMA_FILE,
    ...renderManifests(model).map((f) => f.path),
    ...renderChart(model).map((f) => f.path),
    ...sourcePaths(model),
  ];
  return clashingPaths(model, generated);
}

export interface RenderOptions {
  /**
   * Scaffold-once files the previous generation left that still exist (from the lock file and
   * the previous tsconfig.json): those this render no longer produces are the user's unused
   * files. The caller reads them; render stays free of the disk.
   */
  previousUserFiles?: readonly string[];
  /**
   * package.json's version as the project has it (the manager image's tag and the chart's
   * appVersion, model/operator-image.ts); absent: the first.
   */
  projectVersion?: string;
}

/**
 * The user's TypeScript files the spec no longer produces (a removed external resource or
 * child). They are never deleted (they are the user's code), but they import generated types
 * that are gone, so the generated tsconfig.json excludes them from compilation.
 */
export function unusedUserFiles(model: OperatorModel, previous: readonly string[]): string[] {
  const produced = sourcePaths(model);
  return [...new Set(previous)]
    .filter((path) => /^(src|test)\/.+\.ts$/.test(path) && !produced.has(path))
    .sort();
}

/**
 * For a kind's builder (src/children/service.ts) that regeneration no longer produces because the
 * kind's children now carry ids: the builders that replaced it (src/children/headless-service.ts …).
 */
function splitBuilderTargets(model: OperatorModel, path: string): string[] {
  return model.children
    .filter(
      (c) => c.id !== undefined && path === `src/children/${childFileName(c.kind, undefined)}.ts`,
    )
    .map((c) => `src/children/${c.fileName}.ts`);
}

/** What the project asks of its user: every hook file with its interface, and unused files. */
export function userHooks(model: OperatorModel, options: RenderOptions = {}): UserHook[] {
  return [
    ...activeUserHooks(model),
    ...unusedUserFiles(model, options.previousUserFiles ?? []).map((path) => {
      const movedTo = splitBuilderTargets(model, path);
      const replacedBy = packageReplacing(path);
      return {
        state: "unused" as const,
        path,
        ...(movedTo.length > 0 ? { movedTo } : {}),
        ...(replacedBy !== undefined ? { replacedBy } : {}),
      };
    }),
  ];
}

export async function renderProject(
  model: OperatorModel,
  options: RenderOptions = {},
): Promise<ProjectFiles> {
  const sources = renderSources(model, {
    unusedUserFiles: unusedUserFiles(model, options.previousUserFiles ?? []),
    ...(options.projectVersion !== undefined ? { projectVersion: options.projectVersion } : {}),
  });
  const schema: GeneratedFile = {
    path: SCHEMA_FILE,
    content: schemaSource,
    ownership: Ownership.Generated,
  };
  // Manifests come out of the `yaml` serializer and the schema is stored formatted: both are
  // already in prettier's style (the golden test checks every file), so only templates are formatted.
  const formatted = await formatFiles(sources.rendered);
  const spec: GeneratedFile = {
    path: SPEC_FILE,
    content: model.specSource,
    ownership: Ownership.ScaffoldOnce,
  };
  const files: ProjectFiles = new Map();
  const manifests = [
    ...renderManifests(model, options.projectVersion),
    ...renderChart(model, options.projectVersion),
  ];
  for (const file of [spec, schema, ...manifests, ...formatted, ...sources.verbatim]) {
    if (files.has(file.path)) throw new Error(`internal error: two templates render ${file.path}`);
    files.set(file.path, file);
  }
  withLicenseHeader(files, model.licenseHeader);
  // A preset's files come last and never replace one of the generator's: the spec's presets
  // are input, so a clash is the user's to fix (the pipeline reports where; validate checks the
  // same with presetFileClashes before anything is rendered).
  const clashes = clashingPaths(model, files.keys());
  if (clashes.length > 0) throw new ExtraFileClashError(clashes);
  for (const extra of model.extraFiles)
    files.set(extra.path, { ...extra, ownership: Ownership.Generated, origin: "preset" });
  return files;
}
