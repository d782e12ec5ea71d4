// The view of one external source (access: read): its find-only provider interface, in-memory
// and cloud implementations, and the reconciler's part. Named as a binding's are (the files and
// identifiers derived-paths.ts reserves for every externalResources entry), and built through
// bindingView so outputs and keys read exactly as they do for a managed resource.

import type { ExternalSourceModel, OperatorModel } from "../../model/types.ts";
import { bindingView, type BindingView } from "./binding-view.ts";

export type SourceView = Pick<
  BindingView,
  | "name"
  | "typeName"
  | "fileName"
  | "description"
  | "provider"
  | "observed"
  | "memoryClass"
  | "cloudClass"
  | "reconcileFn"
  | "resultVar"
  | "depName"
  | "partType"
  | "conditionType"
  | "key"
  | "typeImports"
  | "memoryTypeImports"
  | "hasMemoryTypeImports"
  | "outputs"
> & { modules: { provider: string; memory: string; cloud: string } };

export function sourceView(
  source: ExternalSourceModel,
  model: OperatorModel,
  specOptional: boolean,
  declaredTypes: readonly string[],
): SourceView {
  // A binding with nothing to write, keyed the same way: only the read side of its view is used.
  const view = bindingView(
    {
      ...source,
      inputs: [],
      deletionPolicy: "Retain",
      driftPolicy: "Report",
      identity: {
        kind: "naturalKey",
        field: source.key.field,
        adoption: "Refuse",
        ...(source.key.fallback ? { fallback: source.key.fallback } : {}),
      },
    },
    model,
    specOptional,
    declaredTypes,
  );
  return {
    name: view.name,
    typeName: view.typeName,
    fileName: view.fileName,
    description: view.description,
    provider: view.provider,
    observed: view.observed,
    memoryClass: view.memoryClass,
    cloudClass: view.cloudClass,
    reconcileFn: view.reconcileFn,
    resultVar: view.resultVar,
    depName: view.depName,
    partType: view.partType,
    conditionType: view.conditionType,
    key: view.key,
    typeImports: view.typeImports,
    memoryTypeImports: view.memoryTypeImports,
    hasMemoryTypeImports: view.hasMemoryTypeImports,
    outputs: view.outputs,
    modules: {
      provider: view.modules.provider,
      memory: view.modules.memory,
      cloud: view.modules.cloud,
    },
  };
}
