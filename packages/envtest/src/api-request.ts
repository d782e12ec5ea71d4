// What a kube-apiserver request is, read from its method and URL the way the API server's own
// RequestInfoFactory reads it: the verb (get, list, watch, create, update, patch, apply, delete,
// deletecollection) and the resource (plural[.group][/subresource]), so fault rules and request
// counts speak the same words as RBAC and the apiserver's metrics.

export type Verb =
  | "get"
  | "list"
  | "watch"
  | "create"
  | "update"
  | "patch"
  | "apply"
  | "delete"
  | "deletecollection"
  | "other";

export interface ApiRequest {
  method: string;
  /** The path without the query. */
  path: string;
  verb: Verb;
  /** `plural` for the core group, `plural.group` otherwise; "" for discovery and other non-resource paths. */
  resource: string;
  /** e.g. "status"; "" when none. */
  subresource: string;
  namespace: string;
  name: string;
  /** `?watch=true` (or 1), the way every client-node informer asks for a stream. */
  watch: boolean;
  /**
   * The request's content type ("" without a body): tells a JSON patch (a status write without the
   * status subresource) from a merge patch (the finalizer patch) on the same object.
   */
  contentType: string;
}

/** Reads one request line; `contentType` tells a server-side apply from another PATCH. */
export function describeRequest(method: string, url: string, contentType = ""): ApiRequest {
  const parsed = new URL(url, "http://request.invalid");
  const path = parsed.pathname;
  const watchParam = parsed.searchParams.get("watch");
  const watch = watchParam === "true" || watchParam === "1";
  const parts = path.split("/").filter((part) => part !== "");
  // /api/v1/... is the core group; /apis/<group>/<version>/... every other one.
  let group = "";
  let rest: string[];
  if (parts[0] === "api" && parts.length >= 2) rest = parts.slice(2);
  else if (parts[0] === "apis" && parts.length >= 3) {
    group = parts[1]!;
    rest = parts.slice(3);
  } else rest = [];
  let namespace = "";
  // "namespaces/<ns>/<plural>..." is namespaced; "namespaces/<ns>" alone is the Namespace itself.
  if (rest[0] === "namespaces" && rest.length >= 3) {
    namespace = rest[1]!;
    rest = rest.slice(2);
  }
  const [plural = "", name = "", subresource = ""] = rest;
  const resource = plural === "" ? "" : group === "" ? plural : `${plural}.${group}`;
  return {
    method,
    path,
    verb: verbOf(method.toUpperCase(), name !== "", watch, contentType),
    resource,
    subresource,
    namespace,
    name,
    watch,
    contentType,
  };
}

/** `verb resource[/subresource]`, the key FaultProxy counts requests under, e.g. "update leases.coordination.k8s.io". */
export function requestKey(request: ApiRequest): string {
  const sub = request.subresource === "" ? "" : `/${request.subresource}`;
  return `${request.verb} ${request.resource}${sub}`;
}

function verbOf(method: string, named: boolean, watch: boolean, contentType: string): Verb {
  switch (method) {
    case "GET":
      return watch ? "watch" : named ? "get" : "list";
    case "POST":
      return "create";
    case "PUT":
      return "update";
    case "PATCH":
      return contentType.startsWith("application/apply-patch") ? "apply" : "patch";
    case "DELETE":
      return named ? "delete" : "deletecollection";
    default:
      return "other";
  }
}
