// The periodic sweep for external resources whose owner no longer exists. The finalizer protocol
// alone cannot promise that none exist: a DELETE that races the finalizer patch can remove an
// object whose patch the API server has just acknowledged (kubernetes/kubernetes#77988), and a
// pass already past its quorum read creates the resource anyway. So every resource carries its
// owner's UID as a tag, and the leader lists them now and then (provider.listByOwnerTag) and
// deletes (deletionPolicy Delete) or reports (Retain) each one whose owner is gone.
//
// "Gone" is decided by a quorum LIST of the kind, never by the cache alone: a resource is only
// created for an object that existed, so an owner absent from a list taken after the provider's
// listing is deleted for good (UIDs are never reused). The cache only spares that LIST when it
// already holds every owner.

import { errorMessage } from "./errors.ts";
import type { DeletionPolicy } from "./deletion-policy.ts";
import type { Logger } from "./logger.ts";

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
  action: "deleted" | "reported";
}

export interface OrphanSweepOptions {
  resources: SweptResource[];
  /** UIDs of the kind's objects in the informer cache: cheap, possibly behind. */
  cachedUids(): Set<string>;
  /** UIDs of the kind's objects the API server stores now (a quorum LIST). */
  storedUids(signal?: AbortSignal): Promise<Set<string>>;
  logger: Logger;
  /** Told of every orphan deleted or first reported (a metric, an Event). */
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
  const listed = await Promise.all(
    options.resources.map(async (swept) => ({
      swept,
      items: await swept.listByOwnerTag(signal),
    })),
  );
  const cached = options.cachedUids();
  const candidates = listed.some(({ items }) => items.some((item) => !cached.has(item.ownerUid)));
  if (!candidates) return [];
  const stored = await options.storedUids(signal);
  const orphans: Orphan[] = [];
  let budget = options.maxDeletesPerSweep ?? 20;
  for (const { swept, items } of listed) {
    for (const item of items) {
      if (stored.has(item.ownerUid)) continue;
      const id = `${swept.resource}/${item.ownerUid}`;
      if (swept.policy === "Retain") {
        if (reported.has(id)) continue;
        reported.add(id);
        orphans.push(report(options, { ...item, resource: swept.resource, action: "reported" }));
        continue;
      }
      if (budget-- <= 0) return orphans; // the next sweep goes on
      await swept.delete(item.ownerUid, signal);
      orphans.push(report(options, { ...item, resource: swept.resource, action: "deleted" }));
    }
  }
  return orphans;
}

function report(options: OrphanSweepOptions, orphan: Orphan): Orphan {
  const message =
    orphan.action === "deleted" ? "orphan swept" : "orphan kept (deletionPolicy Retain)";
  options.logger.warn(message, {
    resource: orphan.resource,
    providerId: orphan.providerId,
    ownerUid: orphan.ownerUid,
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
