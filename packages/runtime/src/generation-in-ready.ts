// status.observedGeneration: false in operator.yaml: the CRD has no status.observedGeneration, as
// Argo CD's Application has none. The reconciler and the runtime's status functions still compute
// status.observedGeneration; this client wrapper is the one place that knows it is not stored. It
// leaves the field out of every status write and fills it in on every read from the Ready
// condition's own observedGeneration (a metav1.Condition member), so compare-before-write compares
// like with like and a settled object costs no write. The price, documented in the README: a
// failed pass's Ready=False at generation N then also counts as "N seen", where the stored field
// would keep naming the last generation whose whole status was computed (failure-status.ts).

import type { KubernetesObject } from "@kubernetes/client-node";
import { findCondition, type OpenCondition } from "./conditions.ts";
import type { ResourceClient } from "./resource-client.ts";

interface GenerationStatus {
  observedGeneration?: number;
  conditions?: readonly OpenCondition[];
}

type WithStatus = KubernetesObject & { status?: unknown };

/** The generation a status answers for: its own field, else the Ready condition's. */
export function observedGenerationOf(status: unknown): number | undefined {
  const s = status as GenerationStatus | undefined;
  return s?.observedGeneration ?? findCondition(s?.conditions, "Ready")?.observedGeneration;
}

/** `obj` as the reconciler reads it: status.observedGeneration taken from the Ready condition. */
export function withReadyGeneration<T extends WithStatus>(obj: T): T;
export function withReadyGeneration<T extends WithStatus>(obj: T | undefined): T | undefined;
export function withReadyGeneration<T extends WithStatus>(obj: T | undefined): T | undefined {
  if (obj?.status === undefined) return obj;
  const { observedGeneration: _stored, ...rest } = obj.status as GenerationStatus;
  const generation = findCondition(rest.conditions, "Ready")?.observedGeneration;
  const status = generation === undefined ? rest : { ...rest, observedGeneration: generation };
  return { ...obj, status };
}

/** `obj` as it is stored: without status.observedGeneration. */
export function withoutObservedGeneration<T extends WithStatus>(obj: T): T {
  if (obj.status === undefined) return obj;
  const { observedGeneration: _dropped, ...status } = obj.status as GenerationStatus;
  return { ...obj, status };
}

/** `client` for a kind whose CRD has no status.observedGeneration (see the top of this file). */
export function generationInReady<T extends WithStatus>(
  client: ResourceClient<T>,
): ResourceClient<T> {
  return {
    get: async (key, options) => withReadyGeneration(await client.get(key, options)),
    getFromServer: async (key, options) =>
      withReadyGeneration(await client.getFromServer(key, options)),
    replaceStatus: async (obj, options) =>
      withReadyGeneration(await client.replaceStatus(withoutObservedGeneration(obj), options)),
    setFinalizers: async (obj, finalizers, options) =>
      withReadyGeneration(await client.setFinalizers(obj, finalizers, options)),
    applyChild: (child, options) => client.applyChild(child, options),
    readChild: (child, options) => client.readChild(child, options),
    listOwnedChildren: (kind, owner, options) => client.listOwnedChildren(kind, owner, options),
    deleteChild: (child, options) => client.deleteChild(child, options),
  };
}
