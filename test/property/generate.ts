// The in-process pipeline a property test drives: parse, check, model and render, as `new` does
// before planning and writing. A refusal is reported with every diagnostic, so a failing random
// spec says why the generator turned it down.

import { join } from "node:path";
import { parseAllDocuments } from "yaml";
import { formatDiagnostic, InputError, type Diagnostic } from "../../generator/base/diagnostics.ts";
import type { ProjectFiles } from "../../generator/base/files.ts";
import { loadSpec } from "../../generator/pipeline.ts";
import { renderProject } from "../../generator/render/render-project.ts";
import { FOREIGN_CHILD_CRD_DIR } from "./arbitraries/spec.ts";

export class RefusedError extends Error {
  constructor(diagnostics: readonly Diagnostic[]) {
    super(`the generator refused a valid spec:\n${diagnostics.map(formatDiagnostic).join("\n")}`);
    this.name = "RefusedError";
  }
}

export async function generate(
  source: string,
): Promise<{ files: ProjectFiles; warnings: Diagnostic[] }> {
  let loaded;
  try {
    // Read as if beside the fixtures, so a `crd:` of the non-built-in child kind resolves.
    loaded = loadSpec(source, join(FOREIGN_CHILD_CRD_DIR, "operator.yaml"));
  } catch (error) {
    if (error instanceof InputError)
      throw new RefusedError(error.diagnostics.filter((d) => d.severity === "error"));
    throw error;
  }
  return { files: await renderProject(loaded.model), warnings: loaded.warnings };
}

/** Every openAPIV3Schema of every CRD the project ships. */
export function crdSchemas(
  files: ProjectFiles,
): Array<[path: string, schema: Record<string, any>]> {
  return [...files.values()]
    .filter((f) => f.path.startsWith("config/crd/bases/"))
    .flatMap((f) =>
      parseAllDocuments(f.content).flatMap((doc) => {
        const crd = doc.toJS() as { spec: { versions: Array<{ name: string; schema: any }> } };
        return crd.spec.versions.map((v): [string, Record<string, any>] => [
          `${f.path} ${v.name}`,
          v.schema.openAPIV3Schema,
        ]);
      }),
    );
}
