// An object deleted while its finalizer went on (kubernetes/kubernetes#77988: a DELETE that read
// the object just before the finalizer patch removes it outright) gets no finalize pass, ever. The
// generated reconciler sees it gone at its quorum read after the patch, and this deletes what a
// pass may already have created for its UID, by its deletion policy, instead of leaving it for the
// orphan sweep. A resource keyed on a natural key is not here: it records its holder and is free
// for the next claimant once the holder is gone.

import type { KubernetesObject } from "@kubernetes/client-node";
import { effectiveDeletionPolicy, type DeletionPolicyOverride } from "./deletion-policy.ts";
import type { Logger } from "./logger.ts";
import type { SweptResource } from "./orphan-sweep.ts";

export async function cleanUpVanished(
  obj: KubernetesObject,
  resources: readonly SweptResource[],
  override: DeletionPolicyOverride,
  logger: Logger,
  signal?: AbortSignal,
): Promise<void> {
  const uid = obj.metadata!.uid!;
  const deleted: string[] = [];
  // An invalid deletion-policy annotation deletes nothing: which policy was meant cannot be known.
  if (override.kind !== "invalid")
    for (const swept of resources)
      if (effectiveDeletionPolicy(override, swept.policy) === "Delete")
        if ((await swept.delete(uid, signal)) === "deleted") deleted.push(swept.resource);
  logger.warn(
    "deleted while its finalizer was added (kubernetes/kubernetes#77988): cleaned up what may exist",
    { name: obj.metadata?.name, namespace: obj.metadata?.namespace, uid, deleted },
  );
}
