// Stage 4: model → every file of the project, in memory and formatted. Nothing here touches
// the disk, so a failure in any template leaves the target directory untouched.

import { readFileSync } from "node:fs";
import { Ownership, type GeneratedFile, type ProjectFiles } from "../base/files.ts";
import { SPEC_FILE } from "../base/spec-file.ts";
import type { OperatorModel } from "../model/types.ts";
import { formatFiles } from "./format.ts";
import { renderManifests } from "./manifests/index.ts";
import { renderSources } from "./sources/index.ts";

export { SPEC_FILE };

/** The spec format's JSON Schema, shipped into every project so editors complete operator.yaml offline. */
export const SCHEMA_FILE = ".create-operator/operator-spec.schema.json";
const schemaSource = readFileSync(
  new URL("../../schema/operator-spec.schema.json", import.meta.url),
  "utf8",
);

export async function renderProject(model: OperatorModel): Promise<ProjectFiles> {
  const sources = renderSources(model);
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
  for (const file of [spec, schema, ...renderManifests(model), ...formatted, ...sources.verbatim]) {
    if (files.has(file.path)) throw new Error(`internal error: two templates render ${file.path}`);
    files.set(file.path, file);
  }
  return files;
}
