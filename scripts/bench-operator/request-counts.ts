// The numbers a run reports from the audit log, per category of request (audit-log.ts,
// categoryOf). Issue 10's "at most 3 writes per object to Ready (finalizer, one status write, the
// Secret's create)" is about the work on the objects, so writesPerObject counts only that; the
// Events an operator records for transitions are writes too and are reported beside it, never
// folded into leader election; only Lease requests are leader election.

import { categoryOf, countByKey, isWrite, type AuditedRequest } from "./audit-log.ts";

const perObject = (count: number, n: number) => Math.round((count / n) * 1000) / 1000;
const failed = (r: AuditedRequest) => (r.code ?? 200) >= 400;

/** The requests from the operator's start until the steady window, for `n` objects. */
export function convergeCounts(requests: AuditedRequest[], n: number) {
  const work = requests.filter((r) => categoryOf(r) === "work");
  const events = requests.filter((r) => categoryOf(r) === "events");
  const leases = requests.filter((r) => categoryOf(r) === "leaderElection");
  return {
    /** The work on the objects (not Events, not Leases), by verb and resource. */
    requestsPerObject: countByKey(work, n),
    /** Writes of the objects, their status and children: the "<= 3" target. */
    writesPerObject: perObject(work.filter(isWrite).length, n),
    getsPerObject: perObject(work.filter((r) => r.verb === "get").length, n),
    errorsDuringConverge: countByKey(work.filter(failed)),
    events: {
      writes: events.filter(isWrite).length,
      writesPerObject: perObject(events.filter(isWrite).length, n),
      requests: countByKey(events),
      errors: countByKey(events.filter(failed)),
    },
    leaderElectionDuringConverge: countByKey(leases),
  };
}

/** The requests of the steady window: every write but Lease renewals should be gone. */
export function steadyCounts(requests: AuditedRequest[]) {
  const writes = requests.filter(isWrite);
  return {
    /** Every write, Lease renewals included. */
    writes: writes.length,
    leaseWrites: writes.filter((r) => categoryOf(r) === "leaderElection").length,
    eventWrites: writes.filter((r) => categoryOf(r) === "events").length,
    /** Writes of the objects, their status and children, by verb and resource. */
    workWrites: countByKey(writes.filter((r) => categoryOf(r) === "work")),
    requests: countByKey(requests),
  };
}
