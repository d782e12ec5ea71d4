// The cascade finalizer a user opts into on one object (operator.yaml's
// management.cascadeFinalizers), as Argo CD's Application honours
// resources-finalizer.argocd.argoproj.io and resources-finalizer.argocd.argoproj.io/background.
//
// What it changes. Children carry a controller ownerReference, so without it Kubernetes' garbage
// collector deletes them anyway, but only after the object is gone, in no order, and nobody
// waits (kubectl delete --cascade=orphan keeps them instead). With it, the operator deletes the
// children before the object may go:
// - foreground: kind by kind in reverse apply order (what was made last goes first), each kind
//   gone from the API before the next is deleted; a child held by a finalizer of its own is
//   waited for. The finalizer comes off only when none is left, so a reader who sees the object
//   gone knows its children are gone too.
// - background: every child's delete is sent (in reverse apply order) in one pass and the
//   finalizer comes off without waiting for them to disappear.
// Only children this object controls (controller ownerReference with its UID) are deleted:
// creationPolicy Orphan, Merge and None children carry none and stay, as they would under the
// garbage collector. Each delete carries the child's UID as a precondition and propagation
// Background (the child's own dependents, a Deployment's ReplicaSets, are the collector's).
// Unlike Argo CD's foreground, each child's own delete is not foreground: "gone" means the child,
// not its dependents, and a control plane without a garbage collector (envtest) can still finish.
// Known limit: in the running operator children are listed from the child caches, so a child
// applied a moment before the deletion that the cache has not delivered yet is not waited for;
// it keeps its ownerReference, so the garbage collector still deletes it after the owner.
//
// What the operator never does: add this finalizer (only a user asks for a cascade), or remove it
// before the cascade is done. Removing it by hand mid-cascade is the user's way out: the operator
// stops, and what is left is the garbage collector's. The API server refuses a finalizer added to
// an object whose deletion has begun, so a cascade cannot be asked for too late.

import type { KubernetesObject } from "@kubernetes/client-node";
import { setCondition, type ObservedCondition } from "./conditions.ts";
import type { Logger } from "./logger.ts";
import type { OwnedKind } from "./owned-kinds.ts";
import { keyOf, type ResourceClient } from "./resource-client.ts";
import { writeStatusIfChanged } from "./status.ts";

/** operator.yaml's management.cascadeFinalizers: the finalizer name of each mode offered. */
export interface CascadeFinalizers {
  foreground?: string;
  background?: string;
}

export type CascadeMode = "foreground" | "background";

/** The cascade an object asks for, and the cascade finalizers it carries (removed when done). */
export interface CascadeRequest {
  mode: CascadeMode;
  finalizers: string[];
}

export const DELETING_CHILDREN_REASON = "DeletingChildren";

/** The cascade `obj` asks for; with both finalizers on it, foreground (the stricter). */
export function requestedCascade(
  obj: KubernetesObject,
  offered: CascadeFinalizers,
): CascadeRequest | undefined {
  const carried = obj.metadata?.finalizers ?? [];
  const modes = (["foreground", "background"] as const).filter(
    (mode) => offered[mode] !== undefined && carried.includes(offered[mode]),
  );
  if (modes.length === 0) return undefined;
  return { mode: modes[0]!, finalizers: modes.map((mode) => offered[mode]!) };
}

/** The finalizer list without the cascade's own; every other finalizer stays, in order. */
export function finalizersAfterCascade(obj: KubernetesObject, request: CascadeRequest): string[] {
  return (obj.metadata?.finalizers ?? []).filter((f) => !request.finalizers.includes(f));
}

/**
 * One pass of the cascade: deletes what is due now. `done` once nothing controlled by `owner` is
 * left to wait for (foreground), or once every delete was sent (background); else `waiting` names
 * the children still there.
 */
export async function cascadeChildren(
  client: Pick<ResourceClient<KubernetesObject>, "listOwnedChildren" | "deleteChild">,
  owner: KubernetesObject,
  kindsInApplyOrder: readonly OwnedKind[],
  mode: CascadeMode,
  signal?: AbortSignal,
): Promise<{ done: boolean; deleted: string[]; waiting: string[] }> {
  const deleted: string[] = [];
  for (const kind of [...kindsInApplyOrder].reverse()) {
    const children = await client.listOwnedChildren(kind, owner, { signal });
    for (const child of children) {
      // Already going (our earlier delete, or someone else's): nothing to send.
      if (child.metadata?.deletionTimestamp != null) continue;
      await client.deleteChild(child, { signal });
      deleted.push(`${kind.kind}/${child.metadata?.name}`);
    }
    if (mode === "foreground" && children.length > 0)
      return {
        done: false,
        deleted,
        waiting: children.map((c) => `${kind.kind}/${c.metadata?.name}`),
      };
  }
  return { done: true, deleted, waiting: [] };
}

type JudgedStatus = { conditions?: ObservedCondition[]; observedGeneration?: number };

/**
 * The cascade step of a deletion: nothing when `obj` carries no cascade finalizer. Else one pass
 * of the cascade; while children remain (foreground) Ready=False, reason DeletingChildren, names
 * them and the result is `waiting` (a child's deletion is a watch event that requeues the owner);
 * once done, the cascade finalizers come off (a patch guarded by resourceVersion) and the object
 * as stored then is returned, for the cleanup of the operator's own finalizer.
 */
export async function cascadeDeletion<T extends KubernetesObject & { status?: JudgedStatus }>(
  client: ResourceClient<T>,
  obj: T,
  kindsInApplyOrder: readonly OwnedKind[],
  offered: CascadeFinalizers,
  options: { signal?: AbortSignal | undefined; logger: Logger; now: Date },
): Promise<{ waiting: true } | { waiting: false; obj: T }> {
  const request = requestedCascade(obj, offered);
  if (request === undefined) return { waiting: false, obj };
  const { signal, logger } = options;
  const pass = await cascadeChildren(client, obj, kindsInApplyOrder, request.mode, signal);
  if (pass.deleted.length > 0)
    logger.info("cascade: deleted children", { key: keyOf(obj), names: pass.deleted });
  if (!pass.done) {
    const generation = obj.metadata?.generation ?? 0;
    const conditions = setCondition(
      obj.status?.conditions,
      {
        type: "Ready",
        status: "False",
        reason: DELETING_CHILDREN_REASON,
        message: `deleting children first (${request.finalizers[0]}): waiting for ${pass.waiting.join(", ")} to be gone`,
        observedGeneration: generation,
      },
      options.now,
    );
    await writeStatusIfChanged(client, obj, { ...obj.status, conditions } as T["status"], {
      signal,
    });
    return { waiting: true };
  }
  logger.info("cascade: children deleted, removing the cascade finalizer", {
    key: keyOf(obj),
    mode: request.mode,
  });
  const stored = await client.setFinalizers(obj, finalizersAfterCascade(obj, request), { signal });
  return { waiting: false, obj: stored };
}
