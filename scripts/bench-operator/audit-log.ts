// Requests one client made, read from the kube-apiserver's audit log (see
// audited-control-plane.ts): counted by verb and resource, per time window. A server-side apply
// is a PATCH whose query has force=true in both operators (the audit log does not record the
// patch type), so it is counted as "apply" apart from merge patches. Each request falls in one
// category (categoryOf): leader election (Leases), Events, or the work on the objects.

import { closeSync, fstatSync, openSync, readFileSync, readSync } from "node:fs";

export interface AuditedRequest {
  /** e.g. "get databases", "update databases/status", "apply secrets", "watch databases". */
  key: string;
  verb: string;
  resource: string;
  /** The API group of the resource; "" for the core group. */
  apiGroup: string;
  name: string | undefined;
  /** ms since epoch, when the server received the request. */
  receivedMs: number;
  /** ms since epoch, when the server finished it (or started streaming it, for a watch). */
  doneMs: number;
  code: number | undefined;
}

interface AuditEvent {
  auditID: string;
  stage: string;
  verb: string;
  requestURI: string;
  user?: { username?: string };
  objectRef?: { resource?: string; subresource?: string; name?: string; apiGroup?: string };
  responseStatus?: { code?: number };
  requestReceivedTimestamp: string;
  stageTimestamp: string;
}

const WRITES = new Set(["create", "update", "patch", "apply", "delete", "deletecollection"]);

export function isWrite(request: AuditedRequest): boolean {
  return WRITES.has(request.verb);
}

/**
 * - "leaderElection": Lease requests (coordination.k8s.io), the renewals every replica makes
 *   whatever it reconciles;
 * - "events": Event requests, of events.k8s.io/v1 or the core group's older API: the transitions
 *   an operator records (ours: the first Ready of each object), and client-go's "became leader";
 * - "work": everything else, the reads and writes of the objects, their status and children.
 */
export type RequestCategory = "leaderElection" | "events" | "work";

export function categoryOf(request: AuditedRequest): RequestCategory {
  if (request.resource === "leases" && request.apiGroup === "coordination.k8s.io")
    return "leaderElection";
  if (
    request.resource === "events" &&
    (request.apiGroup === "events.k8s.io" || request.apiGroup === "")
  )
    return "events";
  return "work";
}

/** The requests `username` made, one per audit ID, in the order the server received them. */
export function readRequests(path: string, username: string): AuditedRequest[] {
  const byId = new Map<string, AuditedRequest>();
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (line === "") continue;
    const event = JSON.parse(line) as AuditEvent;
    if (event.user?.username !== username || byId.has(event.auditID)) continue;
    const resource = event.objectRef?.resource ?? event.requestURI.split("?")[0]!;
    const subresource = event.objectRef?.subresource;
    const verb =
      event.verb === "patch" && /[?&]force=true(&|$)/.test(event.requestURI) ? "apply" : event.verb;
    const full = subresource ? `${resource}/${subresource}` : resource;
    byId.set(event.auditID, {
      key: `${verb} ${full}`,
      verb,
      resource: full,
      apiGroup: event.objectRef?.apiGroup ?? "",
      name: event.objectRef?.name,
      receivedMs: Date.parse(event.requestReceivedTimestamp),
      doneMs: Date.parse(event.stageTimestamp),
      code: event.responseStatus?.code,
    });
  }
  return [...byId.values()].sort((a, b) => a.receivedMs - b.receivedMs);
}

/** Requests received in [fromMs, toMs). */
export function within(requests: AuditedRequest[], fromMs: number, toMs: number): AuditedRequest[] {
  return requests.filter((r) => r.receivedMs >= fromMs && r.receivedMs < toMs);
}

/** Counts by key, sorted by key; divided by `per` (e.g. the object count) when given. */
export function countByKey(requests: AuditedRequest[], per = 1): Record<string, number> {
  const counts = new Map<string, number>();
  for (const r of requests) counts.set(r.key, (counts.get(r.key) ?? 0) + 1);
  return Object.fromEntries(
    [...counts.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, count]) => [key, Math.round((count / per) * 1000) / 1000]),
  );
}

/**
 * Resolves once `username` has made no request but Lease renewals and watches for `quietMs`:
 * every object's last pass has run (a Ready object may still have a no-op pass queued behind the
 * others) and every Event its transitions caused is written, so what follows is steady state.
 * Reads the log incrementally.
 */
export async function waitUntilQuiet(
  path: string,
  username: string,
  quietMs: number,
  timeoutMs: number,
): Promise<void> {
  const fd = openSync(path, "r");
  let offset = 0;
  let partial = "";
  let lastActivityMs = Date.now();
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      const size = fstatSync(fd).size;
      if (size > offset) {
        const buffer = Buffer.alloc(size - offset);
        readSync(fd, buffer, 0, buffer.length, offset);
        offset = size;
        const lines = (partial + buffer.toString("utf8")).split("\n");
        partial = lines.pop()!;
        for (const line of lines) {
          if (line === "") continue;
          const event = JSON.parse(line) as AuditEvent;
          if (event.user?.username !== username || event.verb === "watch") continue;
          const ref = event.objectRef;
          if (ref?.resource === "leases" && ref.apiGroup === "coordination.k8s.io") continue;
          lastActivityMs = Math.max(lastActivityMs, Date.parse(event.stageTimestamp));
        }
      }
      if (Date.now() - lastActivityMs >= quietMs) return;
      if (Date.now() > deadline)
        throw new Error(
          `the operator was still busy ${timeoutMs / 1000} s after all objects were Ready`,
        );
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    closeSync(fd);
  }
}
