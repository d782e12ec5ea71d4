// Formats rendered files with prettier's API, so generated code looks hand-written and diffs
// between regenerations stay minimal. Verbatim template files are kept formatted in the
// repository and skip this step: formatting is the slowest part of generation.

import { format, type Options } from "prettier";
import type { GeneratedFile } from "../base/files.ts";

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

export async function formatFile(file: GeneratedFile): Promise<GeneratedFile> {
  const parser = parserFor(file.path);
  if (!parser) return file;
  try {
    const content = await format(file.content, { ...PRETTIER_OPTIONS, parser });
    return { ...file, content };
  } catch (error) {
    // A template that renders invalid code is a generator bug, not a user error: say which file.
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`internal error: rendered ${file.path} is not valid ${parser}: ${reason}`);
  }
}

export function formatFiles(files: readonly GeneratedFile[]): Promise<GeneratedFile[]> {
  return Promise.all(files.map(formatFile));
}
