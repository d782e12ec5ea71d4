// Compare before write: a status that serializes the same as the stored one is not written again,
// so a steady-state reconcile costs one read and no writes (and triggers no watch events).

import { isDeepStrictEqual } from "node:util";
import type { KubernetesObject } from "@kubernetes/client-node";
import type { CallOptions, ResourceClient } from "./resource-client.ts";

/** Equal as JSON: `{ a: undefined }` and `{}` are the same status once serialized. */
export function sameJson(a: unknown, b: unknown): boolean {
  return isDeepStrictEqual(normalize(a), normalize(b));
}

function normalize(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

/**
 * Writes `status` through the status subresource unless it equals what `obj` already has. Returns
 * the object to continue with (the stored one after a write, so its resourceVersion is current).
 */
export async function writeStatusIfChanged<T extends KubernetesObject & { status?: unknown }>(
  client: ResourceClient<T>,
  obj: T,
  status: T["status"],
  options: CallOptions = {},
): Promise<T> {
  if (sameJson(obj.status, status)) return obj;
  return client.replaceStatus({ ...obj, status }, options);
}
