// Gives rendered files prettier's layout, so generated code looks hand-written and diffs between
// regenerations stay minimal. Loading and running prettier costs more than the rest of a cold
// `new` (about 0.75 of 1.3 s in a CPU profile), so it is the fallback, not the rule:
// - JSON files are laid out by json-layout.ts, which implements prettier's JSON rules;
// - templates render TypeScript and Markdown already in prettier's layout; what the spec inserts
//   (names, descriptions, values) only lengthens lines, so a file whose lines all fit the print
//   width is taken as it is (templates never break a construct prettier would join: they emit the
//   one-line form, or object literals broken after `{`, which prettier keeps);
// - anything else (a line over the width, JSON with non-ASCII text) goes through prettier, loaded
//   on first use, its output cached by content.
// test/property/prettier-clean.property.test.ts checks over random valid specs that every file
// taken without prettier is what prettier prints; the golden test checks every emitted file.
// Verbatim template files and YAML from the `yaml` serializer skip this step (stored formatted).

import type { Options } from "prettier";
import type { GeneratedFile } from "../base/files.ts";
import type { RenderedFile } from "./sources/index.ts";
import { cacheDirectory, cacheKey, readCached, writeCached } from "./format-cache.ts";
import { layoutJson } from "./json-layout.ts";
import { alignTables } from "./markdown-tables.ts";

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
  // prettier's own choice for package.json (its CLI infers it from the name): JSON.stringify's
  // layout, every object and array broken, so `prettier --check` in the project agrees.
  if (path === "package.json" || path.endsWith("/package.json")) return "json-stringify";
  const dot = path.lastIndexOf(".");
  return dot < 0 ? undefined : PARSER_BY_EXTENSION[path.slice(dot)];
}

/**
 * `file`'s content in prettier's layout without running prettier, or undefined when only
 * prettier can tell (see the header).
 */
export function layoutWithoutPrettier(file: RenderedFile, parser: string): string | undefined {
  if (parser === "json") return layoutJson(file.content);
  if (parser === "json-stringify") return layoutJson(file.content, { breakAll: true });
  if (!file.laidOut) return undefined;
  if (parser === "typescript") return codeLinesFit(file.content) ? file.content : undefined;
  if (parser === "markdown") return alignTables(file.content);
  // A laid-out YAML template inserts nothing prettier would print differently (the CI workflow
  // inserts nothing from the spec at all); the property test holds it to that.
  if (parser === "yaml") return file.content;
  return undefined;
}

/**
 * Every line of code fits the print width, counting a non-ASCII character as two columns (an
 * upper bound of prettier's display width). Comment lines may be longer (prettier never wraps
 * them), and so may a line holding nothing but a string (an argument of a call already broken
 * one argument a line), or a variable or property set to a template literal: prettier cannot make
 * them shorter (it never breaks a line after the `=` or `:` before a template literal). So may
 * the first line of a test, `test("name", async (t) => {` (or a template literal name): prettier
 * prints a test call's name and callback on the callee's line however long the name is (its
 * isTestCall rule).
 */
const UNBREAKABLE =
  /^\s*(\/\/|\/\*|\*|`[^`]*`,?$|"(?:[^"\\]|\\.)*",?$|(const|let) [\w$]+ = `[^`]*`;$|[\w$]+: `[^`]*`,?$)/;
const TEST_CALL = /^\s*(test|it|describe)\(("(?:[^"\\]|\\.)*"|`[^`]*`), (async )?\((\w+)?\) => \{$/;

function codeLinesFit(content: string): boolean {
  // A string with an escaped double quote may be one prettier prints in single quotes.
  if (content.includes('\\"')) return false;
  const width = PRETTIER_OPTIONS.printWidth!;
  for (const line of content.split("\n")) {
    if (line.length * 2 <= width || UNBREAKABLE.test(line) || TEST_CALL.test(line)) continue;
    if (line.length + (line.match(/[^\x00-\x7f]/g)?.length ?? 0) > width) return false;
  }
  return true;
}

/** Loaded on first use: validate, --help and fully cached renders never pay for prettier. */
let prettier: Promise<typeof import("prettier")> | undefined;

export async function formatFile(
  file: RenderedFile,
  cacheDir = cacheDirectory(),
): Promise<GeneratedFile> {
  const parser = parserFor(file.path);
  if (!parser) return file;
  const laidOut = layoutWithoutPrettier(file, parser);
  if (laidOut !== undefined) return withoutMarker(file, laidOut);
  return withoutMarker(file, (await formatWithPrettier(file, parser, cacheDir)).content);
}

/** prettier's own output, from the cache when the same input was formatted before. */
export async function formatWithPrettier(
  file: GeneratedFile,
  parser: string,
  cacheDir = cacheDirectory(),
): Promise<GeneratedFile> {
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

function withoutMarker({ laidOut: _, ...file }: RenderedFile, content: string): GeneratedFile {
  return { ...file, content };
}

export function formatFiles(files: readonly RenderedFile[]): Promise<GeneratedFile[]> {
  const cacheDir = cacheDirectory();
  return Promise.all(files.map((file) => formatFile(file, cacheDir)));
}
