// Formats rendered files with prettier, so generated code looks hand-written and diffs between
// regenerations stay minimal. Verbatim template files and YAML serialized by the `yaml` package
// are already in prettier's style (a golden test checks every emitted file) and skip this step.
// Prettier is the slowest part of generation (about 0.5 s cold for a project's templates), so
// its output is cached by content: unchanged files re-render without running it again.

import type { Options } from "prettier";
import type { GeneratedFile } from "../base/files.ts";
import { cacheDirectory, cacheKey, readCached, writeCached } from "./format-cache.ts";

/** The same settings the generated project's .prettierrc.json declares, so `prettier --check` agrees. */
export const PRETTIER_OPTIONS: Options = { printWidth: 100 };

const PARSER_BY_EXTENSION: Record<string, string> = {
  ".ts": "typescript",
  ".json": "json",
  ".yaml": "yaml",
  ".yml": "yaml",
  ".md": "markdown",
};

export function parserFor(path: string): string | undefined {
  const dot = path.lastIndexOf(".");
  return dot < 0 ? undefined : PARSER_BY_EXTENSION[path.slice(dot)];
}

/** Loaded on first use: validate, --help and fully cached renders never pay for prettier. */
let prettier: Promise<typeof import("prettier")> | undefined;

export async function formatFile(
  file: GeneratedFile,
  cacheDir = cacheDirectory(),
): Promise<GeneratedFile> {
  const parser = parserFor(file.path);
  if (!parser) return file;
  prettier ??= import("prettier");
  const { format, version } = await prettier;
  const key = cacheKey([version, JSON.stringify(PRETTIER_OPTIONS), parser, file.content]);
  const cached = readCached(cacheDir, key);
  if (cached !== undefined) return { ...file, content: cached };
  let content: string;
  try {
    content = await format(file.content, { ...PRETTIER_OPTIONS, parser });
  } catch (error) {
    // A template that renders invalid code is a generator bug, not a user error: say which file.
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`internal error: rendered ${file.path} is not valid ${parser}: ${reason}`);
  }
  writeCached(cacheDir, key, content);
  return { ...file, content };
}

export function formatFiles(files: readonly GeneratedFile[]): Promise<GeneratedFile[]> {
  const cacheDir = cacheDirectory();
  return Promise.all(files.map((file) => formatFile(file, cacheDir)));
}
