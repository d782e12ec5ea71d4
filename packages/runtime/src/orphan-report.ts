// The orphan report: external resources a user deliberately kept when their object was deleted
// (the deletion-policy annotation set to Retain, or a force removal with the abandon annotation).
// They keep their owner's UID tag, so to the orphan sweep they look exactly like the leak of a
// DELETE raced against the finalizer (kubernetes/kubernetes#77988), which it deletes. The
// finalizer records them here before it lets the object go, and the sweep never deletes a listed
// resource: it reports it, and drops the entry once the resource itself is gone.
//
// This module is the pure part (entries, their keys, the size guard); configmap-orphan-report.ts
// stores them in a ConfigMap of the operator's namespace, one data key per entry.

export type KeptReason = "Retain" | "Abandoned";

/** One external resource kept on purpose, as a person reading the report needs it. */
export interface KeptOrphan {
  /** Its name in operator.yaml, e.g. instance. */
  resource: string;
  /** The provider's own ID. */
  providerId: string;
  /** The object it belonged to (gone by the time anyone reads this). */
  owner: { apiVersion: string; kind: string; namespace?: string; name: string; uid: string };
  reason: KeptReason;
  /** The field manager that set the annotation (annotation-manager.ts). */
  requestedBy: string;
  /** When the finalizer recorded it (ISO 8601). */
  at: string;
}

/** Where kept resources are recorded; the finalizer and the orphan sweep share one. */
export interface OrphanReport {
  /** Records `entries` durably, or throws: the caller must not let the object go without them. */
  record(entries: KeptOrphan[], signal?: AbortSignal): Promise<void>;
  /** The entries stored now: a quorum read, never a cache that may predate a record. */
  list(signal?: AbortSignal): Promise<KeptOrphan[]>;
  /** Removes the entries with these keys (keptOrphanKey). */
  remove(keys: string[], signal?: AbortSignal): Promise<void>;
}

/**
 * A ConfigMap holds at most 1 MiB (keys, values and metadata together). Entries stop well short of
 * it, so the metadata and a last entry always fit; past this, record() refuses.
 */
export const ORPHAN_REPORT_MAX_BYTES = 900 * 1024;

/** The report of the operator `operatorName`, in its own namespace. */
export function orphanReportName(operatorName: string): string {
  return `${operatorName}-orphans`;
}

/**
 * One entry per resource and owner, as the sweep identifies a resource. A ConfigMap key allows
 * [-._a-zA-Z0-9]: resource names are identifiers and UIDs hex with dashes.
 */
export function keptOrphanKey(resource: string, ownerUid: string): string {
  return `${resource}.${ownerUid}`;
}

export class OrphanReportFullError extends Error {
  constructor(name: string, bytes: number, maxBytes: number) {
    super(
      `the orphan report ${name} is full (${bytes} of ${maxBytes} bytes): kept resources cannot be recorded, so the object stays until some are deleted (the sweep then prunes their entries) or the report is trimmed by hand`,
    );
    this.name = "OrphanReportFullError";
  }
}

/** The report's data once `entries` are added (a repeat replaces its entry), size-guarded. */
export function withEntries(
  data: Readonly<Record<string, string>>,
  entries: readonly KeptOrphan[],
  name: string,
  maxBytes: number = ORPHAN_REPORT_MAX_BYTES,
): Record<string, string> {
  const next = { ...data };
  for (const entry of entries)
    next[keptOrphanKey(entry.resource, entry.owner.uid)] = JSON.stringify(entry);
  const bytes = dataBytes(next);
  if (bytes > maxBytes) throw new OrphanReportFullError(name, bytes, maxBytes);
  return next;
}

export function withoutKeys(
  data: Readonly<Record<string, string>>,
  keys: readonly string[],
): Record<string, string> {
  const next = { ...data };
  for (const key of keys) delete next[key];
  return next;
}

/** The entries of a report's data; a value that is not an entry (a hand edit) is skipped. */
export function parseEntries(data: Readonly<Record<string, string>> | undefined): KeptOrphan[] {
  const entries: KeptOrphan[] = [];
  for (const value of Object.values(data ?? {})) {
    try {
      const entry = JSON.parse(value) as Partial<KeptOrphan>;
      if (typeof entry.resource === "string" && typeof entry.owner?.uid === "string")
        entries.push(entry as KeptOrphan);
    } catch {
      // Not ours to interpret; it stays where it is.
    }
  }
  return entries;
}

function dataBytes(data: Readonly<Record<string, string>>): number {
  let bytes = 0;
  for (const [key, value] of Object.entries(data))
    bytes += Buffer.byteLength(key) + Buffer.byteLength(value);
  return bytes;
}
