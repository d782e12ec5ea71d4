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

export function buildExtraFiles(files: readonly PresetFile[], model: OperatorModel): ExtraFile[] {
  const values = placeholders(model);
  return files.map((file) => ({
    path: file.path,
    content: file.text.replace(
      /\{\{\s*([a-z]+)\s*\}\}/g,
      (whole, key: string) => values[key] ?? whole,
    ),
  }));
}
