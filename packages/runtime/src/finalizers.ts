// Pure helpers over metadata.finalizers. They never touch finalizers other than the one named:
// other controllers' finalizers are their obligations, not ours.

import type { KubernetesObject } from "@kubernetes/client-node";

export function hasFinalizer(obj: KubernetesObject, finalizer: string): boolean {
  return obj.metadata?.finalizers?.includes(finalizer) ?? false;
}

/** The finalizer list with `finalizer` appended once; order of the others is preserved. */
export function withFinalizer(obj: KubernetesObject, finalizer: string): string[] {
  const current = obj.metadata?.finalizers ?? [];
  return current.includes(finalizer) ? [...current] : [...current, finalizer];
}

/** The finalizer list without `finalizer`; every foreign finalizer stays. */
export function withoutFinalizer(obj: KubernetesObject, finalizer: string): string[] {
  return (obj.metadata?.finalizers ?? []).filter((f) => f !== finalizer);
}

export function isBeingDeleted(obj: KubernetesObject): boolean {
  return obj.metadata?.deletionTimestamp !== undefined && obj.metadata.deletionTimestamp !== null;
}
