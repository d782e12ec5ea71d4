// The view of one external resource binding: the provider interface, its in-memory and cloud
// implementations, and the reconciler's calls, all named from the binding's type name. Desired
// properties read the spec; outputs are what the provider reports and the status records.

import type { ExternalResourceModel, FieldModel, OperatorModel } from "../../model/types.ts";
import { commentLine, docComment, specAccessor, type PropertyView } from "./ts-types.ts";

export interface BindingView {
  name: string;
  typeName: string;
  fileName: string;
  /** On one line and comment-safe: templates print it in `//` and `/** *\/` comments. */
  description: string;
  doc: string;
  provider: string;
  desired: string;
  observed: string;
  memoryClass: string;
  cloudClass: string;
  desiredFn: string;
  cleanUpFn: string;
  reconcileFn: string;
  /** Local variable holding this binding's result in the reconciler. */
  resultVar: string;
  /** Property name in the reconciler's deps, e.g. instanceProvider. */
  depName: string;
  modules: { provider: string; memory: string; cloud: string };
  deletionPolicy: string;
  driftPolicy: string;
  isDelete: boolean;
  isRetain: boolean;
  isEnforce: boolean;
  isReport: boolean;
  conditionType: string;
  /** Type names the provider module imports from the API types module (the resource first). */
  typeImports: string[];
  /** Type names the in-memory provider's fake outputs mention. */
  memoryTypeImports: string[];
  hasMemoryTypeImports: boolean;
  desiredProps: Array<PropertyView & { expression: string }>;
  outputs: Array<PropertyView & { fakeExpression: string }>;
}

/** The provider's key in the reconciler's dependencies, e.g. instanceProvider. */
export function providerDepName(binding: ExternalResourceModel): string {
  return `${binding.name}Provider`;
}

export function bindingView(
  binding: ExternalResourceModel,
  model: OperatorModel,
  specOptional: boolean,
  declaredTypes: readonly string[],
): BindingView {
  const t = binding.typeName;
  const used = [...binding.inputs, ...binding.outputs].map((f) => f.tsType).join(" ");
  const typeImports = [
    model.api.kind,
    ...declaredTypes.filter((name) => new RegExp(`\\b${name}\\b`).test(used)),
  ];
  const outputs = binding.outputs.map((field) => ({
    name: field.name,
    optional: "?" as const,
    type: field.tsType,
    doc: docComment([
      `Copied to status.${field.name}${field.description ? `: ${field.description}` : ""}`,
    ]),
    fakeExpression: fakeOutput(field),
  }));
  const fakes = outputs.map((o) => o.fakeExpression).join(" ");
  return {
    typeImports,
    hasMemoryTypeImports: declaredTypes.some((name) => new RegExp(`\\b${name}\\b`).test(fakes)),
    memoryTypeImports: declaredTypes.filter((name) => new RegExp(`\\b${name}\\b`).test(fakes)),
    outputs,
    name: binding.name,
    typeName: t,
    fileName: binding.fileName,
    description: commentLine(binding.description),
    doc: docComment([binding.description]),
    provider: `${t}Provider`,
    desired: `${t}Desired`,
    observed: `${t}Observed`,
    memoryClass: `InMemory${t}Provider`,
    cloudClass: `Cloud${t}Provider`,
    desiredFn: `desired${t}`,
    cleanUpFn: `cleanUp${t}`,
    reconcileFn: `reconcile${t}`,
    depName: providerDepName(binding),
    modules: {
      provider: `providers/${binding.fileName}-provider.ts`,
      memory: `providers/${binding.fileName}-memory.ts`,
      cloud: `providers/${binding.fileName}-cloud.ts`,
    },
    deletionPolicy: binding.deletionPolicy,
    driftPolicy: binding.driftPolicy,
    isDelete: binding.deletionPolicy === "Delete",
    isRetain: binding.deletionPolicy === "Retain",
    isEnforce: binding.driftPolicy === "Enforce",
    isReport: binding.driftPolicy === "Report",
    resultVar: `${binding.name}Result`,
    conditionType: binding.conditionType,
    desiredProps: binding.inputs.map((field) => {
      const accessor = specAccessor(field.path, model.spec.fields, "obj.spec", specOptional);
      return {
        name: desiredName(field.path),
        optional: accessor.optional ? "?" : "",
        type: field.tsType,
        doc: docComment([`spec.${field.path}${field.description ? `: ${field.description}` : ""}`]),
        expression: accessor.expression,
      };
    }),
  };
}

/** backup.retentionDays → backupRetentionDays: Desired is flat, whatever the spec's nesting. */
function desiredName(path: string): string {
  return path
    .split(".")
    .map((segment, i) => (i === 0 ? segment : segment[0]!.toUpperCase() + segment.slice(1)))
    .join("");
}

/** What the in-memory provider reports for an output; `id` is the fake provider ID in scope. */
function fakeOutput(field: FieldModel): string {
  switch (field.type) {
    case "string":
      return field.enum ? JSON.stringify(field.enum[0]) : `\`\${id}-${field.name}\``;
    case "integer":
    case "number":
      return field.enum ? JSON.stringify(field.enum[0]) : "1";
    case "boolean":
      return "true";
    case "int-or-string":
      return "1";
    case "array":
      return field.items?.type === "string" && !field.items.enum
        ? `[\`\${id}-${field.name}\`]`
        : "[]";
    default:
      return `{} as ${field.tsType}`;
  }
}
