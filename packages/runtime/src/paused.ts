// Pausing one object: while it carries operator.yaml's pause annotation (or label) with the pause
// value, the operator leaves it alone, as Crossplane's crossplane.io/paused and Cluster API's
// cluster.x-k8s.io/paused let a user take one object out of reconciliation (to fix something by
// hand, or to move it) without stopping the operator for all the others.
//
// What pausing means here:
// - No pass acts on the object: no finalizer added, no child applied or pruned, no provider call.
//   Its children and external resources stay as they are, and the operator does not fight edits
//   to them.
// - Its status says so, in one write: Ready=Unknown, reason Paused (the operator no longer looks,
//   so it cannot say whether the object is as its spec asks), with observedGeneration. Removing
//   the annotation (or changing its value) resumes at once: the change is an update event.
// - Deletion is still honoured: a paused object that is deleted is cleaned up by its finalizer as
//   any other, because a finalizer nobody runs blocks the object, and with it its namespace,
//   forever. To delete an object and keep what it made, use the deletion policy or abandon
//   annotation instead.

import type { KubernetesObject } from "@kubernetes/client-node";
import { setCondition, type OpenCondition } from "./conditions.ts";
import type { ReconcileResult } from "./controller.ts";
import type { Logger } from "./logger.ts";
import { keyOf, type ResourceClient } from "./resource-client.ts";
import type { ObservedSpec } from "./spec-hash.ts";
import { writeStatusIfChanged } from "./status.ts";

// The widest condition shape (conditionShape: open, nothing required), as recordNotPermitted
// takes it: every shape a generated kind declares is assignable to it.
type JudgedStatus = {
  conditions?: OpenCondition[];
  observedGeneration?: number;
  observedSpecHash?: string;
};

/** operator.yaml's management.pause: where the mark is and the value that pauses. */
export interface PauseMark {
  on: "annotation" | "label";
  key: string;
  value: string;
}

export const PAUSED_REASON = "Paused";

/** Whether `obj` carries the pause mark with its value. */
export function isPaused(obj: KubernetesObject, mark: PauseMark): boolean {
  const values = mark.on === "annotation" ? obj.metadata?.annotations : obj.metadata?.labels;
  return values?.[mark.key] === mark.value;
}

/** Ready=Unknown, reason Paused, for the current generation: the pass's only write. */
export async function recordPaused<T extends KubernetesObject & { status?: JudgedStatus }>(
  client: ResourceClient<T>,
  obj: T,
  mark: PauseMark,
  options: {
    signal?: AbortSignal | undefined;
    logger: Logger;
    now: Date;
    /** Without the status subresource: the spec version and hash of spec-hash.ts. */
    observed?: ObservedSpec;
  },
): Promise<ReconcileResult> {
  const generation = options.observed?.generation ?? obj.metadata?.generation ?? 0;
  const status: JudgedStatus = { ...obj.status, observedGeneration: generation };
  if (options.observed !== undefined) status.observedSpecHash = options.observed.specHash;
  const message = `reconciliation is paused by the ${mark.on} ${mark.key}: ${mark.value}; remove it to resume`;
  status.conditions = setCondition(
    status.conditions,
    {
      type: "Ready",
      status: "Unknown",
      reason: PAUSED_REASON,
      message,
      observedGeneration: generation,
    },
    options.now,
  );
  options.logger.info("paused", { key: keyOf(obj), message });
  await writeStatusIfChanged(client, obj, status as T["status"], { signal: options.signal });
  return {};
}
