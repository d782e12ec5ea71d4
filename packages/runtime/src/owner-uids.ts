// The UIDs of the kind's objects, for the orphan sweep: from the informer caches (free, possibly
// behind) and from the API server (a quorum LIST on each informer's path, paged, so an owner the
// cache has not seen yet is never taken for gone).

import type { KubeConfig, KubernetesObject } from "@kubernetes/client-node";
import type { Informer } from "./informer.ts";
import { listPage } from "./list-watch.ts";

export function cachedOwnerUids<T extends KubernetesObject>(informers: Informer<T>[]): Set<string> {
  const uids = new Set<string>();
  for (const informer of informers)
    for (const obj of informer.list()) if (obj.metadata?.uid) uids.add(obj.metadata.uid);
  return uids;
}

/** No resourceVersion on the LIST: the API server answers from etcd, not its watch cache. */
export async function storedOwnerUids<T extends KubernetesObject>(
  kubeConfig: KubeConfig,
  informers: Informer<T>[],
  signal: AbortSignal = new AbortController().signal,
): Promise<Set<string>> {
  const uids = new Set<string>();
  for (const { path } of informers) {
    let continueToken: string | undefined;
    do {
      const page = await listPage<KubernetesObject>(kubeConfig, path, {
        limit: 100,
        continueToken,
        signal,
      });
      for (const obj of page.items) if (obj.metadata?.uid) uids.add(obj.metadata.uid);
      continueToken = page.continueToken;
    } while (continueToken !== undefined);
  }
  return uids;
}
