// The one place prettier is called, from the main thread and from the format worker alike.

import type { Options } from "prettier";

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

export interface FormatRequest {
  path: string;
  content: string;
}

/** Loaded on first use: validate and --help never pay for prettier. */
let prettier: Promise<typeof import("prettier")> | undefined;

export async function formatContent(file: FormatRequest): Promise<string> {
  const parser = parserFor(file.path);
  if (!parser) return file.content;
  prettier ??= import("prettier");
  try {
    return await (await prettier).format(file.content, { ...PRETTIER_OPTIONS, parser });
  } catch (error) {
    // A template that renders invalid code is a generator bug, not a user error: say which file.
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`internal error: rendered ${file.path} is not valid ${parser}: ${reason}`);
  }
}
