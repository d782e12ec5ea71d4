// The polymorphic reference the generated suites drive end to end (test/integration/
// polymorphic-references.test.ts, reading test/support/polymorphic-reference.json): a top-level
// reference whose kind a sibling field chooses, among kinds whose objects the suites can create
// (the stand-in kinds, and other projects' custom kinds, whose CRDs the suites stand in for).

import { STAND_IN_KINDS } from "../../check/references.ts";
import type { OperatorModel } from "../../model/types.ts";
import { standInBody } from "./referenced-objects.ts";
import { referenceGroups } from "./references-view.ts";

export interface PolymorphicKindFixture {
  apiVersion: string;
  kind: string;
  clusterScoped: boolean;
  /** What a valid object of the kind holds beside metadata and data. */
  body: Record<string, unknown>;
}

export interface PolymorphicReferenceFixture {
  /** The top-level spec field. */
  field: string;
  /** Its property in the hooks' ResolvedReferences. */
  resolvedAs: string;
  /** The field beside name that chooses the kind. */
  kindField: string;
  /** Every kind it may name, the default first. */
  kinds: PolymorphicKindFixture[];
  /** The reference has a key field: the suite names a key its objects hold. */
  dataKey: boolean;
  notFoundReason: string;
}

export function polymorphicReferenceFixture(
  model: OperatorModel,
): PolymorphicReferenceFixture | undefined {
  for (const kinds of referenceGroups(model.references)) {
    const first = kinds[0]!;
    const creatable = kinds.every(
      (r) => r.origin === "custom" || STAND_IN_KINDS.has(`${r.apiVersion}/${r.kind}`),
    );
    if (first.choice === undefined || !/^[^.[{]+$/.test(first.field.path) || !creatable) continue;
    return {
      field: first.field.name,
      resolvedAs: first.varName,
      kindField: first.choice.field,
      kinds: kinds.map((r) => ({
        apiVersion: r.apiVersion,
        kind: r.kind,
        clusterScoped: r.scope === "Cluster",
        body: standInBody(r),
      })),
      dataKey: first.key,
      notFoundReason: first.notFoundReason,
    };
  }
  return undefined;
}
