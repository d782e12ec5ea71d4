// The view of one external resource binding: the provider interface, its in-memory and cloud
// implementations, and the reconciler's calls, all named from the binding's type name. Desired
// properties read the spec; outputs are what the provider reports and the status records.

import { PRETTIER_OPTIONS } from "../format.ts";
import { inputPropertyName } from "../../check/derive-names.ts";
import type { ExternalResourceModel, FieldModel, OperatorModel } from "../../model/types.ts";
import { exampleValue } from "../manifests/example-values.ts";
import { fieldViolations } from "../manifests/field-violations.ts";
import {
  commentLine,
  docComment,
  memberDoc,
  specAccessor,
  tsKey,
  tsLiteral,
  tsMember,
  type PropertyView,
} from "./ts-types.ts";

const PRINT_WIDTH = PRETTIER_OPTIONS.printWidth!;

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
  /** finalize.ts's call of cleanUpFn fits on one line: else one argument a line, as prettier does. */
  cleanUpCallFits: boolean;
  reconcileFn: string;
  /** Local variable holding this binding's result in the reconciler. */
  resultVar: string;
  /** Property name in the reconciler's deps, e.g. instanceProvider. */
  depName: string;
  /** The interface of this resource's user hooks, its implementation's export, and its part. */
  hooksType: string;
  hooksVar: string;
  partType: string;
  modules: { provider: string; memory: string; cloud: string; hooks: string; part: string };
  deletionPolicy: string;
  driftPolicy: string;
  isDelete: boolean;
  isRetain: boolean;
  isEnforce: boolean;
  isReport: boolean;
  conditionType: string;
  /** Keyed on a natural key from the spec rather than the UID (templates keyed-*.hbs). */
  isKeyed: boolean;
  /** Keyed, and an object may adopt: adoption: Adopt, or an adoption annotation that may choose it. */
  adopts: boolean;
  /** management.adoptionAnnotation, read per object ("" when the spec names none). */
  adoptionAnnotation: string;
  /**
   * management.adoptionValues as a TypeScript object literal, the annotation's values and what
   * each does ("" when the spec maps none: the runtime's Adopt and Refuse).
   */
  adoptionValues: string;
  /** The annotation value that adopts, for hints (Adopt, or the first mapped to Adopt or AdoptOnly). */
  adoptValue: string;
  /** Some annotation value is AdoptOnly: a missing resource is then not always created. */
  adoptOnly: boolean;
  /** Adopt or Refuse; empty when keyed on the UID. */
  adoption: string;
  /** Adopt only: the condition that records adoption, e.g. HostedZoneAdopted. */
  adoptedConditionType: string;
  /** Keyed only: the spec path, the function that reads the key and how it reads it. */
  key: { path: string; fn: string; expression: string; optional: boolean; fallback: boolean };
  /** Keyed only: what the part needs to judge a claim. */
  claimsType: string;
  /** Type names the provider module imports from the API types module (the resource first). */
  typeImports: string[];
  /** Type names the in-memory provider's fake outputs mention. */
  memoryTypeImports: string[];
  hasMemoryTypeImports: boolean;
  desiredProps: Array<PropertyView & { expression: string }>;
  outputs: Array<PropertyView & { member: string; fakeExpression: string }>;
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
    name: tsKey(field.name),
    /** `.endpoint` or `["pg-hba"]`: how status and the provider's answer are read and written. */
    member: tsMember(field.name),
    optional: "?" as const,
    type: field.tsType,
    doc: memberDoc([
      `Copied to status.${field.name}${field.description ? `: ${field.description}` : ""}`,
    ]),
    fakeExpression: fakeOutput(field, binding.fileName),
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
    cleanUpCallFits:
      `        await cleanUp${t}(deps.${providerDepName(binding)}, ${binding.identity.kind === "naturalKey" ? `${binding.name}Key(obj), ` : ""}uid, override, abandon, ${keptArgument(binding)}generation, logger, signal),`
        .length <= PRINT_WIDTH,
    reconcileFn: `reconcile${t}`,
    depName: providerDepName(binding),
    hooksType: `${t}Hooks`,
    hooksVar: `${binding.name}Hooks`,
    partType: `${t}Part`,
    modules: {
      hooks: `hooks/${binding.fileName}.ts`,
      part: `reconciler/${binding.fileName}-part.ts`,
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
    ...identityView(binding, model, specOptional),
    desiredProps: binding.inputs.map((field) => {
      const accessor = specAccessor(field.path, model.spec.fields, "obj.spec", specOptional);
      return {
        name: inputPropertyName(field.path),
        optional: accessor.optional ? "?" : "",
        type: field.tsType,
        doc: memberDoc([`spec.${field.path}${field.description ? `: ${field.description}` : ""}`]),
        expression: accessor.expression,
      };
    }),
  };
}

/** The parts of the view that depend on how the resource is identified. */
function identityView(
  binding: ExternalResourceModel,
  model: OperatorModel,
  specOptional: boolean,
): Pick<
  BindingView,
  | "isKeyed"
  | "adopts"
  | "adoption"
  | "adoptionAnnotation"
  | "adoptionValues"
  | "adoptOnly"
  | "adoptValue"
  | "adoptedConditionType"
  | "key"
  | "claimsType"
> {
  const identity = binding.identity;
  const claimsType = `${binding.typeName}Claims`;
  const fn = `${binding.name}Key`;
  if (identity.kind === "uid")
    return {
      isKeyed: false,
      adopts: false,
      adoption: "",
      adoptionAnnotation: "",
      adoptionValues: "",
      adoptOnly: false,
      adoptValue: "",
      adoptedConditionType: "",
      key: { path: "", fn, expression: "", optional: false, fallback: false },
      claimsType,
    };
  const accessor = specAccessor(identity.field.path, model.spec.fields, "obj.spec", specOptional);
  return {
    isKeyed: true,
    adopts: identity.adoptedConditionType !== undefined,
    adoption: identity.adoption,
    adoptionAnnotation: identity.adoptionAnnotation ?? "",
    adoptionValues: identity.adoptionValues ? tsLiteral(identity.adoptionValues) : "",
    adoptOnly: Object.values(identity.adoptionValues ?? {}).includes("AdoptOnly"),
    adoptValue: adoptingValue(identity.adoptionValues),
    adoptedConditionType: identity.adoptedConditionType ?? "",
    key: { path: identity.field.path, fn, ...accessor, fallback: identity.fallback !== undefined },
    claimsType,
  };
}

/**
 * What the in-memory provider reports for an output; `id` is the fake provider ID in scope. The
 * value must pass the status schema on a real API server (a 422 there fails every status write),
 * so it comes from the example-value machinery; only strings the schema leaves free carry the ID,
 * which makes two resources' outputs differ as a real provider's would.
 */
function fakeOutput(field: FieldModel, fileName: string): string {
  const free = freeStringValue(field, fileName);
  if (field.type === "string" && free !== undefined) return free;
  if (field.type === "array" && field.items?.type === "string") {
    const item = freeStringValue(field.items, fileName, field.name);
    if (item !== undefined && (field.minItems ?? 0) <= 1 && (field.maxItems ?? 1) >= 1)
      return `[${item}]`;
  }
  const value = exampleValue(field);
  const problems = fieldViolations(field, value, `status.${field.path}`);
  if (problems.length > 0)
    throw new Error(`internal error: no valid in-memory output: ${problems.join("; ")}`);
  return tsLiteral(value);
}

/**
 * A value built on the provider ID (mem-<file>-<counter>), so two resources report different
 * values, shaped like what the name says when it fits the field's bounds: a URL or a DNS name in
 * `.invalid`, the domain reserved for names that must never resolve (RFC 2606). Undefined when
 * the field constrains the string in a way an ID-based value could break.
 */
function freeStringValue(
  field: FieldModel,
  fileName: string,
  name = field.name,
): string | undefined {
  if (field.enum || field.pattern || field.format) return undefined;
  const label = kebabLabel(name);
  const shapes = [
    ...(/ur[il]|href/i.test(name) ? [(id: string) => `https://${id}.memory.invalid/`] : []),
    ...(/endpoint|host|address|fqdn|domain|dns/i.test(name)
      ? [(id: string) => `${id}-${label}.memory.invalid`]
      : []),
    (id: string) => `${id}-${field.name}`,
  ];
  // The ID's shortest and longest forms, allowing a six-digit counter.
  const [shortest, longest] = [`mem-${fileName}-1`, `mem-${fileName}-000000`];
  const fits = (shape: (id: string) => string): boolean =>
    shape(longest).length <= Math.min(field.maxLength ?? Infinity, DNS_LABEL_WITH_DOMAIN) &&
    shape(shortest).length >= (field.minLength ?? 0) &&
    // A DNS label is at most 63 characters.
    shape(longest)
      .split(".")[0]!
      .replace(/^https:\/\//, "").length <= 63;
  const shape = shapes.find(fits);
  return shape === undefined ? undefined : `\`${shape("${id}")}\``;
}

/** A DNS name is at most 253 characters. */
const DNS_LABEL_WITH_DOMAIN = 253;

/** `primaryEndpoint`, `reader_host` → `primary-endpoint`, `reader-host`: a lower-case DNS label. */
function kebabLabel(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** A resource the orphan sweep would delete (UID-keyed, Delete) is recorded when kept: `kept, `. */
function keptArgument(binding: ExternalResourceModel): string {
  return binding.identity.kind === "uid" && binding.deletionPolicy === "Delete" ? "kept, " : "";
}

/** The annotation value a refusal's hint suggests: one that adopts, the one that also creates first. */
function adoptingValue(values: Readonly<Record<string, string>> | undefined): string {
  if (values === undefined) return "Adopt";
  const entries = Object.entries(values);
  return (
    (entries.find(([, b]) => b === "Adopt") ?? entries.find(([, b]) => b === "AdoptOnly"))?.[0] ??
    ""
  );
}
