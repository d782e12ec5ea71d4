// What a finalizer records when it lets an object go while keeping some of its external resources
// on purpose (a Retain deletion policy, or the abandon annotation): who asked, read from the
// annotation's field manager in the stored object's managedFields (the cache strips managedFields,
// so this one read goes to the API server, and only when something is kept), and the orphan
// report's entries, so the orphan sweep leaves those resources alone.

import type { KubernetesObject } from "@kubernetes/client-node";
import { annotationManager } from "./annotation-manager.ts";
import type { KeptOrphan, KeptReason } from "./orphan-report.ts";
import { keyOf, type ResourceClient } from "./resource-client.ts";

const UNKNOWN_MANAGER = "an unknown field manager";

/** An abandon in progress: who asked for it, and what each cleanup left in place. */
export interface Abandon {
  requestedBy: string;
  /** "<resource> <provider ID>" per external resource left behind. */
  left: string[];
}

/** An external resource a deletion keeps on purpose, for the orphan report. */
export interface KeptResource {
  resource: string;
  providerId: string;
  reason: KeptReason;
}

/** The field manager that set `annotation` on the stored `obj`. */
export async function annotationRequester<T extends KubernetesObject>(
  client: ResourceClient<T>,
  obj: T,
  annotation: string,
  signal?: AbortSignal,
): Promise<string> {
  const stored = await client.getFromServer(keyOf(obj), { signal });
  return annotationManager(stored ?? obj, annotation) ?? UNKNOWN_MANAGER;
}

/**
 * The orphan report's entries for `kept`, naming who asked: the abandon's requester, or the
 * manager of `retainAnnotation` (the deletion-policy annotation) for a Retain.
 */
export async function keptEntries<T extends KubernetesObject>(
  client: ResourceClient<T>,
  obj: T,
  kept: readonly KeptResource[],
  options: {
    abandon: Abandon | undefined;
    retainAnnotation: string;
    now: Date;
    signal?: AbortSignal;
  },
): Promise<KeptOrphan[]> {
  const retainedBy = kept.some((k) => k.reason === "Retain")
    ? await annotationRequester(client, obj, options.retainAnnotation, options.signal)
    : undefined;
  const { apiVersion, kind } = obj;
  const { name, namespace, uid } = obj.metadata ?? {};
  return kept.map((k) => ({
    ...k,
    owner: {
      apiVersion: apiVersion ?? "",
      kind: kind ?? "",
      ...(namespace ? { namespace } : {}),
      name: name ?? "",
      uid: uid ?? "",
    },
    requestedBy:
      (k.reason === "Abandoned" ? options.abandon?.requestedBy : retainedBy) ?? UNKNOWN_MANAGER,
    at: options.now.toISOString(),
  }));
}
