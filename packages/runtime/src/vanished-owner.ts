// An object deleted while its finalizer went on (kubernetes/kubernetes#77988: a DELETE that read
// the object just before the finalizer patch removes it outright) gets no finalize pass, ever. The
// generated reconciler sees it gone at the status write of the pass that put the finalizer on
// (writeStatusOrCleanUp, a 404), and this deletes what that pass created for its UID, by its
// deletion policy, instead of leaving it for the orphan sweep. A resource keyed on a natural key is not here: it records its holder and is free
// for the next claimant once the holder is gone.

import type { KubernetesObject } from "@kubernetes/client-node";
import { effectiveDeletionPolicy, type DeletionPolicyOverride } from "./deletion-policy.ts";
import { isNotFound } from "./errors.ts";
import type { Logger } from "./logger.ts";
import type { SweptResource } from "./orphan-sweep.ts";
import type { ResourceClient } from "./resource-client.ts";
import { writeStatusIfChanged } from "./status.ts";

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

/** What cleanUpVanished needs, for a pass that put the finalizer on. */
export interface VanishedCleanUp {
  resources: readonly SweptResource[];
  override: DeletionPolicyOverride;
  logger: Logger;
}

/**
 * The status write of a pass. With `vanished` (the pass put the finalizer on), a 404 means the
 * object was removed past its finalizer: what the pass may have created is deleted now
 * (cleanUpVanished) and undefined is returned. This write is the pass's first after its side
 * effects, so it sees every DELETE that landed while the pass worked, at no extra request; a
 * DELETE that lands after it is the orphan sweep's (docs/finalizer-race.md).
 */
export async function writeStatusOrCleanUp<T extends KubernetesObject & { status?: unknown }>(
  client: ResourceClient<T>,
  obj: T,
  status: T["status"],
  options: { signal?: AbortSignal | undefined; vanished?: VanishedCleanUp | undefined },
): Promise<T | undefined> {
  const { signal, vanished } = options;
  try {
    return await writeStatusIfChanged(client, obj, status, { signal });
  } catch (err) {
    if (vanished === undefined || !isNotFound(err)) throw err;
    await cleanUpVanished(obj, vanished.resources, vanished.override, vanished.logger, signal);
    return undefined;
  }
}
