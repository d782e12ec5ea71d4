// Renders the TypeScript side of a generated project: Handlebars templates for domain files,
// verbatim copies for the runtime that is the same in every operator. Rendered output is not yet
// formatted (the caller runs prettier on it); verbatim files are stored formatted.

import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type Handlebars from "handlebars";
import { fileHeader, Ownership, type GeneratedFile } from "../../base/files.ts";
import type { OperatorModel } from "../../model/types.ts";
import { TEMPLATE_TABLE, VERBATIM_RENAMES } from "./file-table.ts";
import { PRECOMPILED_TEMPLATES_MODULE, TEMPLATE_COMPILE_OPTIONS } from "./template-options.ts";
import { buildViewModel, type ViewModel } from "./view-model.ts";

/** A rendered template; `laidOut` when its template renders prettier's layout (TemplateRow). */
export type RenderedFile = GeneratedFile & { laidOut?: true };

export interface RenderedSources {
  rendered: RenderedFile[];
  verbatim: GeneratedFile[];
}

/** templates/project/, found by walking up from this module (generator/… in the repo, dist/… when built). */
export const PROJECT_TEMPLATES_DIR: string = findProjectTemplates(
  dirname(fileURLToPath(import.meta.url)),
);

function findProjectTemplates(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const candidate = join(dir, "templates", "project");
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir)
      throw new Error(`internal error: no templates/project above ${start}`);
  }
}

// Compiling every template costs ~0.1 s of each cold start, so the build precompiles them
// (scripts/precompile.ts writes dist/render/sources/precompiled-templates.js) and the built CLI
// only needs Handlebars' small runtime to turn those specifications into functions. Run from
// source (tests under type stripping) there is no build step, so templates compile on first use.
const load: (path: string) => Handlebars.TemplateDelegate = import.meta.url.endsWith(".ts")
  ? await compilingLoader()
  : await precompiledLoader();

async function compilingLoader(): Promise<(path: string) => Handlebars.TemplateDelegate> {
  const { default: handlebars } = await import("handlebars");
  return (path) =>
    handlebars.compile(readFileSync(join(PROJECT_TEMPLATES_DIR, path), "utf8"), {
      ...TEMPLATE_COMPILE_OPTIONS,
    });
}

async function precompiledLoader(): Promise<(path: string) => Handlebars.TemplateDelegate> {
  const [runtime, specs] = await Promise.all([
    import("handlebars/runtime.js") as unknown as Promise<{ default: typeof Handlebars }>,
    import(new URL(PRECOMPILED_TEMPLATES_MODULE, import.meta.url).href) as Promise<{
      default: Record<string, Parameters<typeof Handlebars.template>[0]>;
    }>,
  ]);
  return (path) => {
    const spec = specs.default[path];
    if (spec === undefined)
      throw new Error(`internal error: no precompiled template ${path}; run npm run build`);
    return runtime.default.template(spec);
  };
}

const compiled = new Map<string, Handlebars.TemplateDelegate>();

function template(path: string): Handlebars.TemplateDelegate {
  let delegate = compiled.get(path);
  if (delegate === undefined) {
    delegate = load(path);
    compiled.set(path, delegate);
  }
  return delegate;
}

export interface SourceOptions {
  /** The user's files the spec no longer uses (see unusedUserFiles): tsconfig.json excludes them. */
  unusedUserFiles?: readonly string[];
  /** package.json's version (absent: the first): package.json's and the image's (operator-image.ts). */
  projectVersion?: string;
}

/** Every path the source templates produce for `model`, without rendering anything. */
export function sourcePaths(model: OperatorModel): Set<string> {
  return new Set([
    ...TEMPLATE_TABLE.flatMap((row) => row.outputs(model).map((output) => output.path)),
    ...verbatimFiles().map((file) => file.path),
  ]);
}

export function renderSources(model: OperatorModel, options: SourceOptions = {}): RenderedSources {
  const planned = TEMPLATE_TABLE.flatMap((row) =>
    row.outputs(model).map((output) => ({ row, output })),
  );
  const verbatim = verbatimFiles();
  const listing = [
    ...planned.map(({ row, output }) => ({ path: output.path, ownership: row.ownership })),
    ...verbatim.map((file) => ({ path: file.path, ownership: file.ownership })),
  ].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const view: ViewModel = buildViewModel(
    model,
    listing,
    options.unusedUserFiles ?? [],
    options.projectVersion,
  );
  const rendered = planned.map(({ row, output }) => {
    const bindingView = output.binding
      ? view.bindings.find((b) => b.name === output.binding!.name)
      : undefined;
    const sourceView = output.source
      ? view.sources.find((s) => s.name === output.source!.name)
      : undefined;
    const childView = output.child
      ? view.children.find((c) => c.fileName === output.child!.fileName)
      : undefined;
    const versionView = output.version
      ? view.versionTypes.find((v) => v.name === output.version)
      : undefined;
    const context = {
      ...view,
      ...(versionView ? { apiVersionTypes: versionView } : {}),
      ...(bindingView ? { binding: bindingView } : {}),
      ...(sourceView ? { source: sourceView } : {}),
      ...(childView ? { child: childView } : {}),
    };
    let body: string;
    try {
      body = template(row.template)(context);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(
        `internal error: template ${row.template} failed for ${output.path}: ${reason}`,
      );
    }
    const file: RenderedFile = {
      path: output.path,
      content: header(output.path, row.ownership) + body,
      ownership: row.ownership,
    };
    if (typeof row.laidOut === "function" ? row.laidOut(model) : row.laidOut) file.laidOut = true;
    return file;
  });
  return { rendered, verbatim };
}

/** The ownership comment in the syntax of the file; JSON cannot carry one. */
function header(path: string, ownership: Ownership): string {
  if (path.endsWith(".json")) return "";
  if (path.endsWith(".md")) {
    const lines = fileHeader(ownership, "#")
      .trimEnd()
      .split("\n")
      .map((line) => line.slice(2));
    return `<!--\n${lines.join("\n")}\n-->\n\n`;
  }
  if (path.endsWith(".ts")) return fileHeader(ownership, "//") + "\n";
  return fileHeader(ownership, "#") + "\n";
}

let verbatimCache: GeneratedFile[] | undefined;

/** Every non-template file under templates/project/, read once per process. */
function verbatimFiles(): GeneratedFile[] {
  verbatimCache ??= walk(PROJECT_TEMPLATES_DIR)
    .filter((path) => !path.endsWith(".hbs"))
    .map((path) => {
      const relativePath = relative(PROJECT_TEMPLATES_DIR, path).split(sep).join("/");
      const segments = relativePath.split("/");
      const last = segments.pop()!;
      const projectPath = [...segments, VERBATIM_RENAMES[last] ?? last].join("/");
      return {
        path: projectPath,
        content: readFileSync(path, "utf8"),
        ownership: Ownership.Generated,
      };
    })
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return verbatimCache.map((file) => ({ ...file }));
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    );
}
