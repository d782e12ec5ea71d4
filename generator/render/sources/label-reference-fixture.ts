// The label reference the generated suites drive end to end (test/integration/label-references.test.ts,
// reading test/support/label-reference.json): the first labelReferences entry whose objects the
// suites can create (a stand-in kind, another project's custom kind, whose CRD they stand in for,
// or the operator's own kind).

import { STAND_IN_KINDS } from "../../check/references.ts";
import type { OperatorModel } from "../../model/types.ts";
import { standInBody } from "./referenced-objects.ts";
import { labelReferencePath } from "./references-view.ts";

export interface LabelReferenceFixture {
  /** The label key, e.g. strimzi.io/cluster. */
  label: string;
  /** How Ready's message names it: metadata.labels[strimzi.io/cluster]. */
  path: string;
  /** Its property in the hooks' ResolvedReferences. */
  resolvedAs: string;
  apiVersion: string;
  kind: string;
  /** The operator's own kind: the suite creates the referenced object from the sample spec. */
  own: boolean;
  /** What a valid object of the kind holds beside metadata. */
  body: Record<string, unknown>;
  notFoundReason: string;
}

export function labelReferenceFixture(model: OperatorModel): LabelReferenceFixture | undefined {
  const reference = model.labelReferences.find(
    (r) =>
      r.origin === "custom" ||
      r.origin === "own" ||
      STAND_IN_KINDS.has(`${r.apiVersion}/${r.kind}`),
  );
  if (reference === undefined) return undefined;
  return {
    label: reference.label,
    path: labelReferencePath(reference),
    resolvedAs: reference.varName,
    apiVersion: reference.apiVersion,
    kind: reference.kind,
    own: reference.origin === "own",
    body: standInBody(reference),
    notFoundReason: reference.notFoundReason,
  };
}
