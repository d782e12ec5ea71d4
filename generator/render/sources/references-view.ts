// What src/references.ts and the reconciler print for the spec's reference fields: the runtime's
// description of each field, the TypeScript type of the object it resolves to, and the expression
// that reads the field from the object.

import type { OperatorModel, ReferenceModel } from "../../model/types.ts";
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
  references: ReferenceView[];
  /** Types imported from @kubernetes/client-node, sorted; empty when none. */
  clientTypes: string[];
  /** A reference resolves to an object of unknown shape (another project's custom resource). */
  usesReferencedObject: boolean;
  /** A reference resolves to the operator's own kind. */
  usesOwnKind: boolean;
  /** Some reference is inside lists or maps. */
  usesRepeatedReferences: boolean;
}

export function referencesView(model: OperatorModel): ReferencesView {
  const references = model.references.map((r) => referenceView(r, model));
  const clientTypes = [
    ...new Set(model.references.filter((r) => r.origin === "builtin").map(builtinType)),
  ].sort();
  return {
    hasReferences: references.length > 0,
    references,
    clientTypes,
    usesReferencedObject: model.references.some((r) => r.origin === "custom"),
    usesOwnKind: model.references.some((r) => r.origin === "own"),
    usesRepeatedReferences: references.some((r) => r.repeated),
  };
}

/** client-node's model of a built-in kind: every kind the generator knows is V1<Kind>. */
function builtinType(reference: ReferenceModel): string {
  return `V1${reference.kind}`;
}

/** The steps from spec to the field: triggers[].authenticationRef → triggers, [], authenticationRef. */
export function referenceSteps(path: string): string[] {
  return path.split(".").flatMap((part) => {
    const name = part.replace(/(\[\]|\{\})+$/, "");
    return [name, ...(part.slice(name.length).match(/\[\]|\{\}/g) ?? [])];
  });
}

function referenceView(reference: ReferenceModel, model: OperatorModel): ReferenceView {
  const steps = referenceSteps(reference.field.path);
  const repeated = steps.some((s) => s === "[]" || s === "{}");
  const path = `spec.${reference.field.path}`;
  const field = {
    kind: {
      apiVersion: reference.apiVersion,
      kind: reference.kind,
      plural: reference.plural,
      // A cluster-scoped kind is cached cluster-wide too, and named without a namespace.
      anyNamespace: reference.namespaces === "any" || reference.scope === "Cluster",
      ...(reference.scope === "Cluster" ? { clusterScoped: true } : {}),
    },
    form: reference.form,
    key: reference.key,
    path,
    notFoundReason: reference.notFoundReason,
    keyNotFoundReason: reference.keyNotFoundReason,
    ...(repeated ? { within: steps } : {}),
  };
  const tsType =
    reference.origin === "builtin"
      ? builtinType(reference)
      : reference.origin === "own"
        ? model.api.kind
        : "ReferencedObject";
  const where =
    reference.scope === "Cluster"
      ? "the cluster (cluster-scoped)"
      : reference.namespaces === "any"
        ? "any namespace"
        : "the same namespace";
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
    doc: `${path} names a ${reference.kind} (${reference.apiVersion}) in ${where}${reference.key ? ", and a key of its data" : ""}${repeated ? ", in every entry" : ""}`,
    repeated,
    resolvedType,
  };
}
