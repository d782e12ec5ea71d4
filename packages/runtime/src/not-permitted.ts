// What a generated reconciler does with an object its tenancy re-check refuses (tenancy.ts):
// Ready=False, reason NotPermitted, with the policy's own message, and nothing else: no
// finalizer, no external resource, no child. status.observedGeneration moves to the generation
// judged: the verdict is final for this spec until it or the namespace's parameters change (both
// requeue the object: tenancy-parameters.ts).

import type { KubernetesObject } from "@kubernetes/client-node";
import { setCondition, type OpenCondition } from "./conditions.ts";
import type { ReconcileResult } from "./controller.ts";
import type { Logger } from "./logger.ts";
import { keyOf, type ResourceClient } from "./resource-client.ts";
import type { ObservedSpec } from "./spec-hash.ts";
import { writeStatusIfChanged } from "./status.ts";

type JudgedStatus = {
  conditions?: OpenCondition[];
  observedGeneration?: number;
  observedSpecHash?: string;
};

export async function recordNotPermitted<T extends KubernetesObject & { status?: JudgedStatus }>(
  client: ResourceClient<T>,
  obj: T,
  message: string,
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
  status.conditions = setCondition(
    status.conditions,
    {
      type: "Ready",
      status: "False",
      reason: "NotPermitted",
      message,
      observedGeneration: generation,
    },
    options.now,
  );
  options.logger.info("not permitted by the tenancy rules", { key: keyOf(obj), message });
  await writeStatusIfChanged(client, obj, status as T["status"], { signal: options.signal });
  return {};
}
