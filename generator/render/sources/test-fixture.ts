// The data of the generated test suites, written to test/support/fixture.json. The suites
// themselves are verbatim files, the same for every operator; what differs between specs is data,
// so it is generated as JSON (which prettier formats far faster than TypeScript) and its shape is
// declared once, in templates/project/test/support/fixture.ts.

import type { ChildModel, OperatorModel } from "../../model/types.ts";
import { exampleObject } from "../manifests/example-values.ts";
import { providerDepName } from "./binding-view.ts";
import { mustAllow, mustDeny, specChanges, type AccessCheck } from "./integration-view.ts";

/** Mirrors BindingFixture in templates/project/test/support/fixture.ts. */
export interface BindingFixture {
  name: string;
  dep: string;
  conditionType: string;
  deletionPolicy: "Delete" | "Retain";
  driftPolicy: "Enforce" | "Report";
  outputs: string[];
}

/** Mirrors TestFixture in templates/project/test/support/fixture.ts. */
export interface TestFixture {
  kindFile: string;
  sampleSpec: Record<string, unknown>;
  specChange: { field: string; values: [unknown, unknown] } | null;
  bindings: BindingFixture[];
  childCount: number;
  hasWorkloadChildren: boolean;
  startsNotReady: boolean;
  leaderElection: boolean;
  identity: { namespace: string; serviceAccount: string; user: string; groups: string[] };
  watchNamespaces: string[];
  mustAllow: AccessCheck[];
  mustDeny: AccessCheck[];
  editorRole: string;
  viewerRole: string;
}

/** Kinds a bare API server never makes ready: the suites stand in for their controllers. */
const WORKLOAD_KINDS = ["Deployment", "StatefulSet", "ReplicaSet", "DaemonSet"];
/** Workloads whose readiness the reconciler waits for on its first pass. */
const AWAITED_KINDS = ["Deployment", "StatefulSet", "ReplicaSet"];

export function testFixture(model: OperatorModel): TestFixture {
  // One schema-valid sample and spec change for unit and envtest suites alike: the unit tests must
  // never drive the reconciler with a spec the API server would reject.
  const sampleSpec = exampleObject(model.spec.fields);
  const change = specChanges(model.spec.fields, sampleSpec);
  const serviceAccount = `${model.name}-controller-manager`;
  const isKind = (kinds: string[]) => (c: ChildModel) => kinds.includes(c.kind);
  return {
    kindFile: model.names.kindFile,
    sampleSpec,
    specChange: change ?? null,
    bindings: model.externalResources.map((binding) => ({
      name: binding.name,
      dep: providerDepName(binding),
      conditionType: binding.conditionType,
      deletionPolicy: binding.deletionPolicy,
      driftPolicy: binding.driftPolicy,
      outputs: binding.outputs.map((output) => output.name),
    })),
    childCount: model.children.length,
    hasWorkloadChildren: model.children.some(isKind(WORKLOAD_KINDS)),
    startsNotReady:
      model.externalResources.length > 0 || model.children.some(isKind(AWAITED_KINDS)),
    leaderElection: model.operator.leaderElection,
    identity: {
      namespace: model.namespace,
      serviceAccount,
      user: `system:serviceaccount:${model.namespace}:${serviceAccount}`,
      groups: [
        "system:serviceaccounts",
        `system:serviceaccounts:${model.namespace}`,
        "system:authenticated",
      ],
    },
    watchNamespaces: model.rbac.watchNamespaces,
    mustAllow: mustAllow(model),
    mustDeny: mustDeny(model),
    editorRole: `${model.name}-${model.api.singular}-editor-role`,
    viewerRole: `${model.name}-${model.api.singular}-viewer-role`,
  };
}
