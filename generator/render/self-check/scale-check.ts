// The scale tests create the sample spec and read /scale: the API server answers GET /scale with
// a 500 when the stored object has no integer at specReplicasPath ("the spec replicas field
// .spec.pool.size does not exist"), and the tests expect the count the view computed. Judged on
// the sample as the generated CRD stores it (pruned and defaulted).

import type { ContractView } from "../sources/contract-view.ts";
import type { CaseMismatch } from "./contract-self-check.ts";
import { prunedAndDefaulted } from "./schema-oracle.ts";
import type { JudgedCrd } from "./spec-judge.ts";

export function scaleMismatches(view: ContractView, crd: JudgedCrd): CaseMismatch[] {
  const scale = view.scale;
  if (scale === null || view.sampleSpec === "null") return [];
  const version = crd.spec.versions.find((v) => v.storage) ?? crd.spec.versions[0]!;
  const schema = version.schema.openAPIV3Schema.properties?.spec;
  if (!schema) return [];
  const stored = prunedAndDefaulted(schema, JSON.parse(view.sampleSpec));
  const replicas = scale.specPath.reduce<unknown>(
    (at, key) =>
      typeof at === "object" && at !== null ? (at as Record<string, unknown>)[key] : undefined,
    stored,
  );
  if (typeof replicas === "number" && replicas === scale.specReplicas) return [];
  const problem =
    typeof replicas === "number"
      ? `expects ${scale.specReplicas} replicas, but the sample is stored with ${replicas}`
      : `reads /scale of the sample spec, which the generated CRD stores without ${scale.field} (the server answers 500)`;
  return [{ table: "scale", name: `GET /scale reads ${scale.field}`, problem }];
}
