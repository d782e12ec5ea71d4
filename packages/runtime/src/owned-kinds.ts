// Watches on the kinds an operator owns, like controller-runtime's Owns(): every change to a
// child (deleted by hand, a Deployment that stopped being available) requeues the owner named by
// its controller ownerReference, so the owner is repaired in seconds rather than at the next
// resync. Only the operator's own children are cached: the informers select them by the
// managed-by label the builders set, so a cluster's other Secrets never reach this process.

import type { KubeConfig, KubernetesObject } from "@kubernetes/client-node";
import { Informer, type InformerOptions } from "./informer.ts";
import type { Logger } from "./logger.ts";
import type { ObjectKey } from "./resource-client.ts";

/** A child kind as operator.yaml declares it, with the names its REST path needs. */
export interface OwnedKind {
  apiVersion: string;
  kind: string;
  plural: string;
  namespaced: boolean;
}

/** The owner's kind, as its children's controller ownerReferences name it. */
export interface OwnerKind {
  apiVersion: string;
  kind: string;
  namespaced: boolean;
}

/**
 * The key of the owner that controls `child`, or undefined when no controller ownerReference
 * points at this owner kind. The group must match, not the version: an ownerReference keeps the
 * version it was written with while the owner's served version moves on.
 */
export function ownerKeyOf(child: KubernetesObject, owner: OwnerKind): ObjectKey | undefined {
  const ref = child.metadata?.ownerReferences?.find((r) => r.controller === true);
  if (ref === undefined || ref.kind !== owner.kind) return undefined;
  if (groupOf(ref.apiVersion) !== groupOf(owner.apiVersion)) return undefined;
  if (!owner.namespaced) return { name: ref.name };
  // A namespaced owner only controls children in its own namespace.
  const namespace = child.metadata?.namespace;
  return namespace ? { namespace, name: ref.name } : undefined;
}

function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf("/");
  return slash < 0 ? "" : apiVersion.slice(0, slash);
}

/** The collection path of a kind: /api/v1/... for the core group, /apis/<group>/... otherwise. */
export function collectionPath(kind: OwnedKind, namespace: string | undefined): string {
  const base = kind.apiVersion.includes("/")
    ? `/apis/${kind.apiVersion}`
    : `/api/${kind.apiVersion}`;
  return namespace !== undefined && kind.namespaced
    ? `${base}/namespaces/${namespace}/${kind.plural}`
    : `${base}/${kind.plural}`;
}

/**
 * One informer per owned kind and watched namespace (the whole cluster when no namespaces are
 * listed, and always for cluster-scoped kinds), selecting the children this operator manages.
 */
export function ownedInformers(
  kubeConfig: KubeConfig,
  kinds: readonly OwnedKind[],
  namespaces: readonly string[],
  managedBy: string,
  logger: Logger,
  options: Partial<InformerOptions> = {},
): Informer<KubernetesObject>[] {
  const labelSelector = `app.kubernetes.io/managed-by=${managedBy}`;
  return kinds.flatMap((kind) => {
    const scopes = kind.namespaced && namespaces.length > 0 ? namespaces : [undefined];
    return scopes.map(
      (namespace) =>
        new Informer<KubernetesObject>({
          kubeConfig,
          path: collectionPath(kind, namespace),
          labelSelector,
          logger,
          ...options,
        }),
    );
  });
}

/** The informer that holds `child`'s kind in `child`'s namespace, if one does. */
export function informerFor(
  informers: readonly Informer<KubernetesObject>[],
  kinds: readonly OwnedKind[],
  child: KubernetesObject,
): Informer<KubernetesObject> | undefined {
  const kind = kinds.find((k) => k.apiVersion === child.apiVersion && k.kind === child.kind);
  if (kind === undefined) return undefined;
  const namespaced = collectionPath(kind, child.metadata?.namespace);
  const clusterWide = collectionPath(kind, undefined);
  return (
    informers.find((i) => i.path === namespaced) ?? informers.find((i) => i.path === clusterWide)
  );
}
