// The fixtures of the generated reconciler unit test (test/<kind>-reconciler.test.ts): the
// object it creates, the spec change it makes and what the first pass may report.

import type { OperatorModel } from "../../model/types.ts";
import { exampleObject } from "../manifests/example-values.ts";
import { specChanges } from "./integration-view.ts";

export interface UnitTestView {
  /** JSON of a minimal valid spec. */
  sampleSpec: string;
  hasSpecChange: boolean;
  specChangeField: string;
  specChangeValue: string;
  namespaceLiteral: string;
  /** The first pass cannot reach Ready (providers or workloads not ready yet). */
  startsNotReady: boolean;
}

export function unitTestView(model: OperatorModel): UnitTestView {
  // The same schema-valid sample and spec change the integration suites use: the unit tests must
  // never drive the reconciler with a spec the API server would reject.
  const sample = exampleObject(model.spec.fields);
  const change = specChanges(model.spec.fields, sample);
  return {
    sampleSpec: JSON.stringify(sample),
    hasSpecChange: change !== undefined,
    specChangeField: change?.field ?? "",
    specChangeValue: JSON.stringify(change?.values[0] ?? null),
    namespaceLiteral: model.api.namespaced ? JSON.stringify("team-a") : "undefined",
    startsNotReady:
      model.externalResources.length > 0 ||
      model.children.some((c) => ["Deployment", "StatefulSet", "ReplicaSet"].includes(c.kind)),
  };
}
