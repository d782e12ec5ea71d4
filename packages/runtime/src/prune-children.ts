// Deletes the children the spec no longer asks for: of a kind whose names come from the spec (a
// removed list entry, a lowered count, a renamed template value), every object this owner
// controls that desiredChildren() did not name this pass. "Controls" is the controller
// ownerReference with the owner's UID, so an object that merely shares a name or a label, or that
// belongs to an earlier owner of the same name, is never touched; the delete itself carries the
// child's UID as a precondition, so a replacement created under the same name survives. Reads come
// from the owned-kind caches, so a pass with nothing to prune sends no request.

import type { KubernetesObject } from "@kubernetes/client-node";
import type { OwnedKind } from "./owned-kinds.ts";
import type { ResourceClient } from "./resource-client.ts";

export async function pruneChildren(
  client: Pick<ResourceClient<KubernetesObject>, "listOwnedChildren" | "deleteChild">,
  owner: KubernetesObject,
  kinds: readonly OwnedKind[],
  desired: readonly KubernetesObject[],
  signal?: AbortSignal,
): Promise<KubernetesObject[]> {
  const pruned: KubernetesObject[] = [];
  for (const kind of kinds) {
    const wanted = new Set(
      desired
        .filter((c) => c.apiVersion === kind.apiVersion && c.kind === kind.kind)
        .map((c) => c.metadata?.name),
    );
    for (const child of await client.listOwnedChildren(kind, owner, { signal })) {
      if (wanted.has(child.metadata?.name)) continue;
      // Already going (our earlier delete, or someone else's): nothing to send.
      if (child.metadata?.deletionTimestamp !== undefined) continue;
      await client.deleteChild(child, { signal });
      pruned.push(child);
    }
  }
  return pruned;
}

/** Whether `child`'s controller ownerReference is `owner` itself (same UID). */
export function isControlledBy(child: KubernetesObject, owner: KubernetesObject): boolean {
  const uid = owner.metadata?.uid;
  if (uid === undefined) return false;
  const ref = child.metadata?.ownerReferences?.find((r) => r.controller === true);
  if (ref?.uid !== uid) return false;
  // Children live in their owner's namespace; a cluster-scoped owner's children have none.
  return child.metadata?.namespace === owner.metadata?.namespace;
}
