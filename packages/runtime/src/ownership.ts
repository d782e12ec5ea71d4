// Metadata for child objects: a controller ownerReference (so garbage collection deletes children
// with their owner and watches can map a child back to it) and stable selector labels.

import { createHash } from "node:crypto";
import type { KubernetesObject, V1ObjectMeta, V1OwnerReference } from "@kubernetes/client-node";

/** An owner must carry apiVersion and kind: they go into the ownerReference verbatim. */
export interface OwnerObject extends KubernetesObject {
  apiVersion: string;
  kind: string;
}

export function controllerReference(owner: OwnerObject): V1OwnerReference {
  const uid = owner.metadata?.uid;
  const name = owner.metadata?.name;
  if (!uid || !name)
    throw new Error("an owner must have been read from the API server (uid and name)");
  return {
    apiVersion: owner.apiVersion,
    kind: owner.kind,
    name,
    uid,
    controller: true,
    blockOwnerDeletion: true,
  };
}

/** Labels that select exactly this owner's pods and objects; never change them after release. */
export function selectorLabels(
  owner: KubernetesObject,
  operatorName: string,
  component: string,
): Record<string, string> {
  return {
    "app.kubernetes.io/name": component,
    "app.kubernetes.io/instance": labelValueOf(owner.metadata?.name ?? ""),
    "app.kubernetes.io/managed-by": operatorName,
  };
}

/**
 * A label value that stands for `name`: the name itself while it fits a label value (63
 * characters), else its first 52 and a hash of the whole, so an owner with a long name (up to the
 * 253 characters an object name may have) still gets children, and two long names that share a
 * prefix still get different values. Names of 63 or fewer keep the value they always had.
 */
export function labelValueOf(name: string): string {
  if (name.length <= 63) return name;
  const hash = createHash("sha256").update(name).digest("hex").slice(0, 10);
  return `${name.slice(0, 52).replace(/[-_.]+$/, "")}-${hash}`;
}

/**
 * Metadata of a child named after its owner. Children live in the owner's namespace: an
 * ownerReference across namespaces is invalid and garbage collection would delete the child.
 */
export function childMetadata(
  owner: OwnerObject,
  name: string,
  labels: Record<string, string>,
): V1ObjectMeta {
  const namespace = owner.metadata?.namespace;
  return {
    name,
    ...(namespace ? { namespace } : {}),
    labels,
    ownerReferences: [controllerReference(owner)],
  };
}

/**
 * A child name that changes with `content`. The API server never lets some specs change (a Job's
 * pod template, nearly all of a Pod), so a new spec must become a new object rather than an apply
 * the server rejects. The base is cut so the name stays a 63-character label value (Job names
 * become the job-name label of their pods).
 */
export function nameForContent(base: string, content: unknown): string {
  const hash = createHash("sha256").update(JSON.stringify(content)).digest("hex").slice(0, 10);
  return `${base.slice(0, 52).replace(/[-.]+$/, "")}-${hash}`;
}
