// A preset's files with the operator's names filled in. Only a fixed set of names, spelled
// {{name}}, is replaced (a preset's CI workflow is full of ${{ github.* }} expressions, which
// must pass through untouched); anything else between braces is left as written.

import type { PresetFile } from "../preset/preset-files.ts";
import type { ExtraFile, OperatorModel } from "./types.ts";

export function placeholders(model: OperatorModel): Record<string, string> {
  return {
    name: model.name,
    description: model.description,
    kind: model.api.kind,
    group: model.api.group,
    image: model.image,
    namespace: model.namespace,
  };
}

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*([a-z]+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);
}

export function buildExtraFiles(files: readonly PresetFile[], model: OperatorModel): ExtraFile[] {
  const values = placeholders(model);
  return files.map((file) => ({ path: file.path, content: fill(file.text, values) }));
}

/**
 * A preset's license header as the lines of a comment: names filled in, every line break
 * JavaScript knows (U+2028 and U+2029 end a // comment too) splits a line, trailing blanks go
 * (prettier would drop them, and the output must already be in its style), and blank lines
 * around the text go.
 */
export function buildLicenseHeader(text: string, model: OperatorModel): string[] {
  const lines = fill(text, placeholders(model))
    .split(/\r\n|[\r\n\u2028\u2029]/)
    .map((line) => line.trimEnd());
  while (lines[0] === "") lines.shift();
  while (lines[lines.length - 1] === "") lines.pop();
  return lines;
}
