// Who holds an external resource that is keyed on a natural key (a bucket name, a DNS domain).
// Such a name can be asked for by anyone: a resource made by hand, one another object of ours
// holds, one a deleted object left behind. The holder is therefore recorded on the resource
// itself (tags or labels, as Config Connector records its lease and ACK its owner), and decided
// here: the recorded holder is live only while an object of our kind with that UID exists.

import type { KubernetesObject } from "@kubernetes/client-node";
import { statusCode } from "./errors.ts";
import type { ObjectKey } from "./resource-client.ts";

/** The holder recorded on an external resource when the operator creates or adopts it. */
export interface ExternalOwner {
  /** API group and kind of the holder, e.g. dns.example.org and DNSZone. */
  group: string;
  kind: string;
  name: string;
  /** Absent for a cluster-scoped holder. */
  namespace?: string;
  /** The holder's metadata.uid: a recreated object of the same name is a different holder. */
  uid: string;
}

/** The holder record for `obj`, an object of `group`/`kind` read from the API server. */
export function ownerOf(obj: KubernetesObject, group: string, kind: string): ExternalOwner {
  const { name, namespace, uid } = obj.metadata ?? {};
  if (!name || !uid) throw new Error(`${kind} ${name ?? "(no name)"} has no name or uid`);
  return { group, kind, name, ...(namespace ? { namespace } : {}), uid };
}

/** Whether the resource's recorded holder is the object with `uid`. */
export function isHeldBy(owner: ExternalOwner | undefined, uid: string): boolean {
  return owner?.uid === uid;
}

/** "DNSZone team-a/web (uid 1f…)", for condition messages and logs. */
export function describeOwner(owner: ExternalOwner): string {
  const name = owner.namespace ? `${owner.namespace}/${owner.name}` : owner.name;
  return `${owner.kind} ${name} (uid ${owner.uid})`;
}

/**
 * The recorded holder if it still holds the resource, or undefined when the resource is free:
 * nobody recorded, or an object of our kind that is gone (deleted with deletionPolicy Retain, or
 * recreated under its name with a new UID). A holder of another kind belongs to another manager
 * whose objects we cannot judge, so it always holds; so does one we may not read (403: outside
 * the namespaces this operator may see). `get` reads an object of our kind, undefined when absent.
 */
export async function liveHolder(
  owner: ExternalOwner | undefined,
  ours: { group: string; kind: string },
  get: (key: ObjectKey) => Promise<KubernetesObject | undefined>,
): Promise<ExternalOwner | undefined> {
  if (owner === undefined) return undefined;
  if (owner.group !== ours.group || owner.kind !== ours.kind) return owner;
  let holder: KubernetesObject | undefined;
  try {
    holder = await get(
      owner.namespace ? { namespace: owner.namespace, name: owner.name } : { name: owner.name },
    );
  } catch (err) {
    if (statusCode(err) === 403) return owner;
    throw err;
  }
  return holder?.metadata?.uid === owner.uid ? owner : undefined;
}

/**
 * How long to wait before asking again about a claim that was refused `since` (the refusal's
 * first pass): as long as the refusal has lasted, within [minMs, maxMs]. The checks thus come at
 * doubling intervals, so a conflict nobody resolves costs a few calls an hour, while one that is
 * resolved soon (the holder deleted, the foreign resource removed) is noticed soon.
 */
export function recheckDelayMs(
  since: Date | undefined,
  now: Date,
  minMs: number,
  maxMs: number,
): number {
  const age = since === undefined ? 0 : now.getTime() - since.getTime();
  return Math.min(maxMs, Math.max(minMs, age));
}
