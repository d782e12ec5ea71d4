// The periodic sweep for external resources whose owner no longer exists. The finalizer protocol
// alone cannot promise that none exist: a DELETE that races the finalizer patch can remove an
// object whose patch the API server has just acknowledged (kubernetes/kubernetes#77988), and a
// pass already past its quorum read creates the resource anyway. So every resource carries its
// owner's UID as a tag, and the leader lists them now and then (provider.listByOwnerTag) and
// deletes (deletionPolicy Delete) or reports (Retain) each one whose owner is gone.
//
// Except what a user kept on purpose: a resource the orphan report lists (orphan-report.ts: the
// finalizer records it there before letting an object with the Retain annotation or the abandon
// annotation go) is reported, action "kept", never deleted. The report is read after the owners'
// LIST: an owner absent from that LIST has had its finalizer removed before it, so any entry that
// finalizer recorded is already stored and seen. Entries whose resource the provider no longer
// lists are pruned, so the report stays bounded.
//
// "Gone" is decided by a quorum LIST of the kind, never by the cache alone: a resource is only
// created for an object that existed, so an owner absent from a list taken after the provider's
// listing is deleted for good (UIDs are never reused). The cache only spares that LIST when it
// already holds every owner.

import { errorMessage } from "./errors.ts";
import type { DeletionPolicy } from "./deletion-policy.ts";
import type { Logger } from "./logger.ts";
import { keptOrphanKey, type KeptOrphan, type OrphanReport } from "./orphan-report.ts";

/** One external resource as its provider lists it: the owner UID it is tagged with. */
export interface OwnerTaggedResource {
  ownerUid: string;
  /** The provider's own ID, for the log line and Event a person reads. */
  providerId: string;
}

/** One kind of external resource the sweep covers (those identified by their owner's UID). */
export interface SweptResource {
  /** Its name in operator.yaml, e.g. instance. */
  resource: string;
  /** operator.yaml's deletionPolicy: Delete removes orphans, Retain only reports them. */
  policy: DeletionPolicy;
  /** Every resource this operator made in this cluster, tagged with its owner's UID. */
  listByOwnerTag(signal?: AbortSignal): Promise<OwnerTaggedResource[]>;
  delete(ownerUid: string, signal?: AbortSignal): Promise<"deleted" | "gone">;
}

export interface Orphan extends OwnerTaggedResource {
  resource: string;
  /** deleted; reported (deletionPolicy Retain); kept (listed in the orphan report). */
  action: "deleted" | "reported" | "kept";
}

export interface OrphanSweepOptions {
  resources: SweptResource[];
  /** UIDs of the kind's objects in the informer cache: cheap, possibly behind. */
  cachedUids(): Set<string>;
  /** UIDs of the kind's objects the API server stores now (a quorum LIST). */
  storedUids(signal?: AbortSignal): Promise<Set<string>>;
  /** What users kept on purpose: never deleted, reported once; entries of gone resources pruned. */
  report?: OrphanReport;
  logger: Logger;
  /** Told of every orphan deleted or first reported or kept (a metric, an Event). */
  onOrphan?: (orphan: Orphan) => void;
  /** Deletes per sweep at most, so a mass orphaning cannot flood the provider's API. */
  maxDeletesPerSweep?: number;
}

/**
 * One sweep. Orphans a Retain policy keeps are reported once per `reported` set (one per
 * process), not on every sweep.
 */
export async function sweepOrphans(
  options: OrphanSweepOptions,
  reported: Set<string>,
  signal?: AbortSignal,
): Promise<Orphan[]> {
  const listedFrom = Date.now();
  const listed = await Promise.all(
    options.resources.map(async (swept) => ({
      swept,
      items: await swept.listByOwnerTag(signal),
    })),
  );
  const cached = options.cachedUids();
  const candidates = listed.some(({ items }) => items.some((item) => !cached.has(item.ownerUid)));
  const stored = candidates ? await options.storedUids(signal) : undefined;
  // After the owners' LIST, never before it (see the top of this file).
  const kept = await keptEntries(options, listed, listedFrom, signal);
  if (stored === undefined) return [];
  const orphans: Orphan[] = [];
  let budget = options.maxDeletesPerSweep ?? 20;
  for (const { swept, items } of listed) {
    for (const item of items) {
      if (stored.has(item.ownerUid)) continue;
      const id = `${swept.resource}/${item.ownerUid}`;
      const keptEntry = kept.get(keptOrphanKey(swept.resource, item.ownerUid));
      if (keptEntry !== undefined || swept.policy === "Retain") {
        if (reported.has(id)) continue;
        reported.add(id);
        const action = keptEntry !== undefined ? "kept" : "reported";
        orphans.push(report(options, { ...item, resource: swept.resource, action }, keptEntry));
        continue;
      }
      if (budget-- <= 0) return orphans; // the next sweep goes on
      await swept.delete(item.ownerUid, signal);
      orphans.push(report(options, { ...item, resource: swept.resource, action: "deleted" }));
    }
  }
  return orphans;
}

/**
 * The orphan report's entries by key, less those pruned now: an entry of a swept resource that
 * the provider no longer lists, recorded before the listing began (one recorded since may name a
 * resource the listing could not show yet).
 */
async function keptEntries(
  options: OrphanSweepOptions,
  listed: { swept: SweptResource; items: OwnerTaggedResource[] }[],
  listedFrom: number,
  signal: AbortSignal | undefined,
): Promise<Map<string, KeptOrphan>> {
  const kept = new Map<string, KeptOrphan>();
  // Only what the sweep would delete is ever recorded (an operator whose swept resources are all
  // Retain keeps no report, and is granted no access to one).
  const deletes = listed.some(({ swept }) => swept.policy === "Delete");
  if (options.report === undefined || !deletes) return kept;
  const present = new Set<string>();
  for (const { swept, items } of listed)
    for (const item of items) present.add(keptOrphanKey(swept.resource, item.ownerUid));
  const swept = new Set(listed.map(({ swept }) => swept.resource));
  const gone: KeptOrphan[] = [];
  for (const entry of await options.report.list(signal)) {
    const key = keptOrphanKey(entry.resource, entry.owner.uid);
    const prunable = swept.has(entry.resource) && !present.has(key);
    if (prunable && Date.parse(entry.at) < listedFrom) gone.push(entry);
    else kept.set(key, entry);
  }
  if (gone.length > 0) {
    await options.report.remove(
      gone.map((entry) => keptOrphanKey(entry.resource, entry.owner.uid)),
      signal,
    );
    options.logger.info("orphan report pruned: the kept resources are gone", {
      entries: gone.map((entry) => `${entry.resource} ${entry.providerId}`),
    });
  }
  return kept;
}

const MESSAGES: Record<Orphan["action"], string> = {
  deleted: "orphan swept",
  reported: "orphan kept (deletionPolicy Retain)",
  kept: "orphan kept (listed in the orphan report)",
};

function report(options: OrphanSweepOptions, orphan: Orphan, entry?: KeptOrphan): Orphan {
  options.logger.warn(MESSAGES[orphan.action], {
    resource: orphan.resource,
    providerId: orphan.providerId,
    ownerUid: orphan.ownerUid,
    ...(entry === undefined
      ? {}
      : {
          owner: `${entry.owner.kind} ${entry.owner.namespace ? `${entry.owner.namespace}/` : ""}${entry.owner.name}`,
          reason: entry.reason,
          requestedBy: entry.requestedBy,
        }),
  });
  options.onOrphan?.(orphan);
  return orphan;
}

/** Runs sweepOrphans every `intervalMs` while started (main.ts: while this replica leads). */
export class OrphanSweeper {
  readonly #options: OrphanSweepOptions;
  readonly #intervalMs: number;
  readonly #reported = new Set<string>();
  #timer: NodeJS.Timeout | undefined;
  #abort: AbortController | undefined;
  #running: Promise<void> | undefined;

  constructor(options: OrphanSweepOptions & { intervalMs: number }) {
    this.#options = options;
    this.#intervalMs = options.intervalMs;
  }

  start(): void {
    if (this.#abort !== undefined || this.#options.resources.length === 0) return;
    this.#abort = new AbortController();
    this.#schedule();
  }

  async stop(): Promise<void> {
    this.#abort?.abort();
    this.#abort = undefined;
    clearTimeout(this.#timer);
    await this.#running;
  }

  #schedule(): void {
    const abort = this.#abort;
    if (abort === undefined) return;
    this.#timer = setTimeout(() => {
      this.#running = sweepOrphans(this.#options, this.#reported, abort.signal)
        .then(() => undefined)
        .catch((err: unknown) => {
          if (!abort.signal.aborted)
            this.#options.logger.warn("orphan sweep failed", { err: errorMessage(err) });
        })
        .finally(() => {
          this.#running = undefined;
          if (this.#abort === abort) this.#schedule();
        });
    }, this.#intervalMs);
    this.#timer.unref();
  }
}
