// What the informer cache keeps of each object, and how compactly. The cache is most of what an
// operator's memory grows with, so three things are worth their few lines:
// - managedFields are about half of a typical object's bytes and nothing in the reconciler reads
//   them; kubectl's last-applied-configuration annotation is a second copy of the spec. Dropping
//   both is safe for the writes the runtime makes from a cached object: a status PUT keeps the
//   stored managedFields and metadata when the body has none (the status subresource only takes
//   .status), a finalizer merge patch sends only the list and resourceVersion, and children are
//   server-side applied from what the builders produce.
// - They are dropped by copying metadata without them, not with `delete`: V8 turns an object it
//   deletes a property from into a hash table ("dictionary mode"), several times the size of the
//   same object in its compact form, for as long as the object lives.
// - JSON.parse makes a new string for every value, so a thousand objects hold a thousand copies of
//   their apiVersion, namespace, finalizer, condition reasons and the spec values most of a fleet
//   shares. shareStrings makes each object use the previous cached object's string wherever the
//   two hold the same value at the same place, so a value the fleet shares is kept once. No table
//   of strings is kept (nothing to grow or evict): the chain runs through the cached objects.

import type { KubernetesObject } from "@kubernetes/client-node";

const LAST_APPLIED = "kubectl.kubernetes.io/last-applied-configuration";

/**
 * `obj` without managedFields and last-applied-configuration (its metadata replaced by a copy), and,
 * given `keptAnnotations`, without any annotation not in it: annotations are the one place any
 * tenant may write 256 KiB per object that no schema bounds, and 800 such objects ran the operator
 * out of heap at start-up (issue 24). The runtime and hooks read only the annotations they declare.
 */
export function stripForCache<T extends KubernetesObject>(
  obj: T,
  keptAnnotations?: readonly string[],
): T {
  const metadata = obj.metadata;
  if (metadata === undefined) return obj;
  if (keptAnnotations !== undefined) {
    const { managedFields: _managedFields, annotations, ...kept } = metadata;
    const allowed = Object.entries(annotations ?? {}).filter(([key]) =>
      keptAnnotations.includes(key),
    );
    obj.metadata =
      allowed.length === 0 ? kept : { ...kept, annotations: Object.fromEntries(allowed) };
    return obj;
  }
  const lastApplied = metadata.annotations !== undefined && LAST_APPLIED in metadata.annotations;
  if (metadata.managedFields === undefined && !lastApplied) return obj;
  const { managedFields: _managedFields, annotations, ...kept } = metadata;
  if (!lastApplied) obj.metadata = annotations === undefined ? kept : { ...kept, annotations };
  else {
    const { [LAST_APPLIED]: _lastApplied, ...others } = annotations!;
    obj.metadata = Object.keys(others).length === 0 ? kept : { ...kept, annotations: others };
  }
  return obj;
}

/**
 * Makes every string in `target` that equals the string at the same place in `like` (same key of
 * an object, same index of a list) that very string, so the two share one copy. Values are never
 * changed, only which copy of an equal string holds them.
 */
export function shareStrings(target: unknown, like: unknown): void {
  if (typeof target !== "object" || target === null) return;
  if (typeof like !== "object" || like === null) return;
  if (Array.isArray(target) !== Array.isArray(like)) return;
  const record = target as Record<string, unknown>;
  const other = like as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!Object.hasOwn(other, key)) continue;
    const value = record[key];
    if (typeof value !== "string") shareStrings(value, other[key]);
    else if (value === other[key]) record[key] = other[key];
  }
}
