// Whether a live child already holds every value a builder sets: the fields server-side apply
// would make ours. Fields the builder leaves out (defaults, status, what other managers own) are
// not compared, so the API server's defaulting never reads as a difference; lists are compared
// whole, since we own a list's length as well as its items. A value the server stores in another
// form than the builder wrote it (a Secret's stringData becomes base64 data, an empty list or map
// is dropped) is compared in the stored form; any other such normalization only makes a pass
// apply once more, never skip one that was needed.

import { isDeepStrictEqual } from "node:util";
import type { KubernetesObject } from "@kubernetes/client-node";

export function childCovers(live: KubernetesObject, desired: KubernetesObject): boolean {
  return holds(live, asStored(desired));
}

/** `desired` as the API server would store it. */
function asStored(desired: KubernetesObject): unknown {
  const secret = desired as KubernetesObject & {
    stringData?: Record<string, string>;
    data?: Record<string, string>;
  };
  if (desired.kind !== "Secret" || secret.stringData === undefined) return desired;
  const { stringData, ...rest } = secret;
  const encoded = Object.fromEntries(
    Object.entries(stringData).map(([k, v]) => [k, Buffer.from(v, "utf8").toString("base64")]),
  );
  return { ...rest, data: { ...secret.data, ...encoded } };
}

function holds(live: unknown, desired: unknown): boolean {
  if (desired === undefined) return true;
  // Go's omitempty: an empty list or map (or a null) the builder sets is stored as no field.
  if (live === undefined && isEmpty(desired)) return true;
  if (Array.isArray(desired)) {
    return (
      Array.isArray(live) &&
      live.length === desired.length &&
      desired.every((item, i) => holds(live[i], item))
    );
  }
  if (desired !== null && typeof desired === "object") {
    if (live === null || typeof live !== "object" || Array.isArray(live)) return false;
    const record = live as Record<string, unknown>;
    return Object.entries(desired).every(([k, v]) => holds(record[k], v));
  }
  return isDeepStrictEqual(live, desired);
}

function isEmpty(value: unknown): boolean {
  if (value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === "object" && Object.keys(value as object).length === 0;
}
