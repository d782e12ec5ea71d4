// What src/references.ts and the reconciler print for the spec's reference fields: the runtime's
// description of each field, the TypeScript type of the object it resolves to, and the expression
// that reads the field from the object.

import type { LabelReferenceModel, OperatorModel, ReferenceModel } from "../../model/types.ts";
import { tsKey, tsMember } from "./ts-types.ts";

export interface ReferenceView {
  /** Property name in REFERENCES and ResolvedReferences. */
  key: string;
  /** The runtime's ReferenceField, as a TypeScript object literal. */
  fieldLiteral: string;
  /** What the field resolves to, e.g. V1Secret. */
  tsType: string;
  /** Reads the field's value from `obj`, e.g. obj.spec?.credential. */
  accessor: string;
  /** For the doc comment: spec.credential names a Secret. */
  doc: string;
  /** Inside lists or maps: read with referenceEntries, resolved shaped like the spec. */
  repeated: boolean;
  /** The resolved value's type: tsType | undefined, in an array per list and a record per map. */
  resolvedType: string;
}

export interface ReferencesView {
  hasReferences: boolean;
  /** Some reference is a label on the object's own metadata (labelReferences). */
  hasLabelReferences: boolean;
  references: ReferenceView[];
  /** Types imported from @kubernetes/client-node, sorted; empty when none. */
  clientTypes: string[];
  /** A reference resolves to an object of unknown shape (another project's custom resource). */
  usesReferencedObject: boolean;
  /** A reference resolves to the operator's own kind. */
  usesOwnKind: boolean;
  /** Some reference is inside lists or maps. */
  usesRepeatedReferences: boolean;
  /** Some reference's kind is chosen by a sibling field. */
  usesPolymorphicReferences: boolean;
}

export function referencesView(model: OperatorModel): ReferencesView {
  const references = [
    ...referenceGroups(model.references).map((kinds) => referenceView(kinds, model)),
    ...model.labelReferences.map((reference) => labelReferenceView(reference, model)),
  ];
  // Spec field references and label references alike.
  const kinds = [...model.references, ...model.labelReferences];
  const clientTypes = [
    ...new Set(kinds.filter((r) => r.origin === "builtin").map(builtinType)),
  ].sort();
  return {
    hasReferences: references.length > 0,
    hasLabelReferences: model.labelReferences.length > 0,
    references,
    clientTypes,
    usesReferencedObject: kinds.some((r) => r.origin === "custom"),
    usesOwnKind: kinds.some((r) => r.origin === "own"),
    usesRepeatedReferences: references.some((r) => r.repeated),
    usesPolymorphicReferences: model.references.some((r) => r.choice !== undefined),
  };
}

/** client-node's model of a built-in kind: every kind the generator knows is V1<Kind>. */
function builtinType(reference: { kind: string }): string {
  return `V1${reference.kind}`;
}

/** The steps from spec to the field: triggers[].authenticationRef → triggers, [], authenticationRef. */
export function referenceSteps(path: string): string[] {
  return path.split(".").flatMap((part) => {
    const name = part.replace(/(\[\]|\{\})+$/, "");
    return [name, ...(part.slice(name.length).match(/\[\]|\{\}/g) ?? [])];
  });
}

/**
 * The spec's reference fields, each with every kind it may name: one for most, every kind of a
 * polymorphic reference (the model holds one ReferenceModel per kind), the default kind first.
 */
export function referenceGroups(references: readonly ReferenceModel[]): ReferenceModel[][] {
  const byPath = new Map<string, ReferenceModel[]>();
  for (const reference of references) {
    const group = byPath.get(reference.field.path) ?? [];
    group.push(reference);
    byPath.set(reference.field.path, group);
  }
  return [...byPath.values()].map((group) => [
    ...group.filter((r) => r.choice?.default === true),
    ...group.filter((r) => r.choice?.default !== true),
  ]);
}

/** The runtime's ReferencedKind of one kind. */
function referencedKind(reference: ReferenceModel): Record<string, unknown> {
  return {
    apiVersion: reference.apiVersion,
    kind: reference.kind,
    plural: reference.plural,
    // A cluster-scoped kind is cached cluster-wide too, and named without a namespace.
    anyNamespace: reference.namespaces === "any" || reference.scope === "Cluster",
    ...(reference.scope === "Cluster" ? { clusterScoped: true } : {}),
  };
}

function tsTypeOf(reference: ReferenceModel | LabelReferenceModel, model: OperatorModel): string {
  return reference.origin === "builtin"
    ? builtinType(reference)
    : reference.origin === "own"
      ? model.api.kind
      : "ReferencedObject";
}

function referenceView(kinds: ReferenceModel[], model: OperatorModel): ReferenceView {
  const reference = kinds[0]!;
  const steps = referenceSteps(reference.field.path);
  const repeated = steps.some((s) => s === "[]" || s === "{}");
  const path = `spec.${reference.field.path}`;
  const choice = reference.choice;
  const field = {
    kind: referencedKind(reference),
    ...(choice !== undefined
      ? {
          chosenBy: {
            field: choice.field,
            kinds: kinds.map(referencedKind),
            ...(choice.default ? { default: reference.kind } : {}),
          },
        }
      : {}),
    form: reference.form,
    key: reference.key,
    path,
    notFoundReason: reference.notFoundReason,
    keyNotFoundReason: reference.keyNotFoundReason,
    ...(repeated ? { within: steps } : {}),
  };
  // A polymorphic reference resolves to any of its kinds' objects.
  const tsType = [...new Set(kinds.map((k) => tsTypeOf(k, model)))].join(" | ");
  const where = (r: ReferenceModel): string =>
    r.scope === "Cluster"
      ? "the cluster (cluster-scoped)"
      : r.namespaces === "any"
        ? "any namespace"
        : "the same namespace";
  const each = kinds.map((r) => `a ${r.kind} (${r.apiVersion}) in ${where(r)}`);
  const names =
    choice === undefined
      ? each[0]!
      : `, by its ${choice.field}, ${each.slice(0, -1).join(", ")} or ${each.at(-1)!}`;
  const resolvedType = steps.reduceRight(
    (inner, step) =>
      step === "[]" ? `Array<${inner}>` : step === "{}" ? `Record<string, ${inner}>` : inner,
    `${tsType} | undefined`,
  );
  return {
    key: tsKey(reference.varName),
    fieldLiteral: JSON.stringify(field),
    tsType,
    accessor: `obj.spec${steps.map((s) => tsMember(s, true)).join("")}`,
    doc: `${path} names${choice === undefined ? " " : ""}${names}${reference.key ? ", and a key of its data" : ""}${repeated ? ", in every entry" : ""}`,
    repeated,
    resolvedType,
  };
}

/** Where a label reference is, for messages: metadata.labels[strimzi.io/cluster]. */
export function labelReferencePath(reference: LabelReferenceModel): string {
  return `metadata.labels[${reference.label}]`;
}

/**
 * A label reference is a name-form reference whose value is the label's: the runtime resolves,
 * indexes and watches it exactly as a string spec field naming an object in the same namespace.
 */
function labelReferenceView(reference: LabelReferenceModel, model: OperatorModel): ReferenceView {
  const path = labelReferencePath(reference);
  const tsType = tsTypeOf(reference, model);
  const field = {
    kind: {
      apiVersion: reference.apiVersion,
      kind: reference.kind,
      plural: reference.plural,
      anyNamespace: false,
    },
    form: "name",
    key: false,
    path,
    notFoundReason: reference.notFoundReason,
    // Never reported: a label names a whole object, no key of its data.
    keyNotFoundReason: reference.notFoundReason,
  };
  return {
    key: tsKey(reference.varName),
    fieldLiteral: JSON.stringify(field),
    tsType,
    accessor: `obj.metadata?.labels?.[${JSON.stringify(reference.label)}]`,
    doc: `The label ${reference.label} names a ${reference.kind} (${reference.apiVersion}) in the same namespace`,
    repeated: false,
    resolvedType: `${tsType} | undefined`,
  };
}
