// The data of the generated test suites, written to test/support/fixture.json. The suites
// themselves are verbatim files, the same for every operator; what differs between specs is data,
// so it is generated as JSON (which prettier formats far faster than TypeScript) and its shape is
// declared once, in templates/project/test/support/fixture.ts.

import type { ChildModel, OperatorModel } from "../../model/types.ts";
import { exampleSpec } from "../manifests/example-values.ts";
import { providerDepName } from "./binding-view.ts";
import {
  mustAllow,
  mustDeny,
  specChanges,
  testedReference,
  type AccessCheck,
} from "./integration-view.ts";
import { distinctKeys, type DistinctKeys } from "./key-template.ts";

/** Mirrors BindingFixture in templates/project/test/support/fixture.ts. */
export interface BindingFixture {
  name: string;
  dep: string;
  conditionType: string;
  deletionPolicy: "Delete" | "Retain";
  driftPolicy: "Enforce" | "Report";
  outputs: string[];
  naturalKey: NaturalKeyFixture | null;
}

/** Mirrors NaturalKeyFixture in templates/project/test/support/fixture.ts. */
export interface NaturalKeyFixture extends DistinctKeys {
  path: string;
  adoption: "Adopt" | "Refuse";
  adoptedConditionType: string | null;
}

/** Mirrors ReferenceFixture in templates/project/test/support/fixture.ts. */
export interface ReferenceFixture {
  field: string;
  resolvedAs: string;
  form: "name" | "object";
  dataKey: boolean;
  apiVersion: string;
  kind: string;
  plural: string;
  own: boolean;
  anyNamespace: boolean;
  notFoundReason: string;
  keyNotFoundReason: string;
}

/** Mirrors TestFixture in templates/project/test/support/fixture.ts. */
export interface TestFixture {
  kindFile: string;
  sampleSpec: Record<string, unknown>;
  specChange: { field: string; values: [unknown, unknown] } | null;
  bindings: BindingFixture[];
  reference: ReferenceFixture | null;
  childCount: number;
  hasWorkloadChildren: boolean;
  /** How many children have a readiness rule: each one's turn to ready can be one status write. */
  workloadChildCount: number;
  startsNotReady: boolean;
  leaderElection: boolean;
  identity: { namespace: string; serviceAccount: string; user: string; groups: string[] };
  watchNamespaces: string[];
  mustAllow: AccessCheck[];
  mustDeny: AccessCheck[];
  editorRole: string;
  viewerRole: string;
}

/**
 * Child kinds whose readiness the generated runtime reads from their status
 * (templates/project/src/runtime/child-readiness.ts; a test keeps the two lists equal). A bare API
 * server never makes them ready, so the suites stand in for their controllers, and the reconciler
 * waits for them on its first pass.
 */
export const KINDS_WITH_READINESS: readonly string[] = [
  "apps/v1/Deployment",
  "apps/v1/StatefulSet",
  "apps/v1/DaemonSet",
  "batch/v1/Job",
  "v1/Pod",
  "v1/PersistentVolumeClaim",
];

export function testFixture(model: OperatorModel): TestFixture {
  // One schema-valid sample and spec change for unit and envtest suites alike: the unit tests must
  // never drive the reconciler with a spec the API server would reject.
  const sampleSpec = exampleSpec(model.spec);
  const change = specChanges(model.spec.fields, sampleSpec);
  const serviceAccount = `${model.name}-controller-manager`;
  const workloads = model.children.filter((c: ChildModel) =>
    KINDS_WITH_READINESS.includes(`${c.apiVersion}/${c.kind}`),
  ).length;
  const awaited = workloads > 0;
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
      naturalKey:
        binding.identity.kind === "naturalKey"
          ? {
              path: binding.identity.field.path,
              adoption: binding.identity.adoption,
              adoptedConditionType: binding.identity.adoptedConditionType ?? null,
              ...distinctKeys(binding.identity.field, model.spec, sampleSpec),
            }
          : null,
    })),
    reference: referenceFixture(model),
    childCount: model.children.length,
    hasWorkloadChildren: awaited,
    workloadChildCount: workloads,
    startsNotReady: model.externalResources.length > 0 || awaited,
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

function referenceFixture(model: OperatorModel): ReferenceFixture | null {
  const reference = testedReference(model);
  if (reference === undefined) return null;
  return {
    field: reference.field.name,
    resolvedAs: reference.varName,
    form: reference.form,
    dataKey: reference.key,
    apiVersion: reference.apiVersion,
    kind: reference.kind,
    plural: reference.plural,
    own: reference.origin === "own",
    anyNamespace: reference.namespaces === "any",
    notFoundReason: reference.notFoundReason,
    keyNotFoundReason: reference.keyNotFoundReason,
  };
}
