// The operator's own writes of the object as the fault proxy sees them. With the status
// subresource, the status write is PUT …/status and the finalizer patch a merge patch of the
// object. Without it (operator.yaml's api.statusSubresource: false) the status write is a JSON
// patch of the object itself (KubeResourceClient in @create-operator/runtime), so the two are told
// apart by their content type.

import type { ApiRequest, FaultMatch, FaultProxy } from "@create-operator/envtest";
import { API_GROUP, PLURAL, RESOURCE_REF } from "../../support/kind.ts";

const RESOURCE = `${PLURAL}.${API_GROUP}`;
const JSON_PATCH = "application/json-patch+json";
const BY_SUBRESOURCE = RESOURCE_REF.statusSubresource !== false;

/** The status write of the object named `name` (any, when undefined); `when` narrows it further. */
export function statusWriteMatch(
  name?: string,
  when?: (request: ApiRequest) => boolean,
): FaultMatch {
  const named = name === undefined ? {} : { name };
  if (BY_SUBRESOURCE)
    return {
      verb: "update",
      resource: RESOURCE,
      subresource: "status",
      ...named,
      ...(when ? { when } : {}),
    };
  return {
    verb: "patch",
    resource: RESOURCE,
    subresource: "",
    ...named,
    when: (request) => request.contentType.startsWith(JSON_PATCH) && (when?.(request) ?? true),
  };
}

/** The finalizer patch of the object named `name`: a merge patch, never the status write. */
export function finalizerPatchMatch(name: string): FaultMatch {
  return {
    verb: "patch",
    resource: RESOURCE,
    subresource: "",
    name,
    ...(BY_SUBRESOURCE ? {} : { when: (request) => !request.contentType.startsWith(JSON_PATCH) }),
  };
}

/**
 * Status writes the proxy has passed so far. Without the status subresource the proxy counts a
 * JSON patch and the finalizer's merge patch under one key, so this counts both: an upper bound.
 */
export function statusWritesSeen(proxy: Pick<FaultProxy, "count">): number {
  return BY_SUBRESOURCE
    ? proxy.count("update", `${RESOURCE}/status`)
    : proxy.count("patch", RESOURCE);
}
