// How far the reconciled objects are behind, for the brief's two alerts a Go operator lacks
// out of the box: objects whose status does not answer for their spec yet (stale generation) and
// objects whose deletion does not finish (stuck deletion). Fed by the informers' events, so a
// scrape costs O(lagging objects), not a walk of the cache, and measured per controller, never
// per object (a fleet's size must not multiply the series).
//
// - Stale generation: metadata.generation differs from status.observedGeneration, deletion aside.
//   How long: since this process first saw that generation lagging (the watch event of the spec
//   change, to within its latency), or since creation for an object never observed at all. A
//   restart starts the clock again for objects that were already lagging: the one thing that
//   cannot be read back from the object.
// - Deletion: the age of metadata.deletionTimestamp, the API server's own clock; stuck once older
//   than the spec's operator.deletionStuckAfter (the same threshold the Ready reason
//   DeletionStuck uses).

import type { KubernetesObject } from "@kubernetes/client-node";
import { observedGenerationOf } from "./generation-in-ready.ts";
import type { Informer } from "./informer.ts";

type Observed = KubernetesObject & { status?: unknown };

export interface ObjectLagSnapshot {
  /** Objects whose status does not answer for their current generation. */
  staleGenerations: number;
  /** Seconds the longest-lagging of them has lagged; 0 when none does. */
  oldestStaleSeconds: number;
  /** Objects with a deletionTimestamp still present. */
  deleting: number;
  /** Of them, those deleting for longer than the stuck threshold. */
  stuckDeletions: number;
  /** Seconds since the oldest pending deletion began; 0 when none is pending. */
  oldestDeletionSeconds: number;
}

export interface ObjectLagOptions {
  /** Deletions pending longer than this count as stuck (operator.deletionStuckAfter). */
  stuckDeletionAfterMs: number;
  /** Wall clock in ms (tests); Date.now by default. */
  now?: () => number;
  /**
   * Where the seen generation is recorded: status.observedGeneration (default), or, for a CRD
   * without that field (operator.yaml status.observedGeneration: false), the Ready condition's.
   */
  observedGeneration?: "status" | "ready-condition";
  /**
   * Whether the status answers for the object's spec, instead of comparing the observed generation
   * with metadata.generation: without the status subresource the generation moves with every
   * status write, so the operator passes the spec-hash test (specReconciled).
   */
  statusIsCurrent?: (obj: KubernetesObject) => boolean;
}

export class ObjectLag {
  readonly #options: ObjectLagOptions;
  /** uid -> since when its status has lagged its generation (wall clock, ms). */
  readonly #stale = new Map<string, number>();
  /** uid -> deletionTimestamp (wall clock, ms). */
  readonly #deleting = new Map<string, number>();

  constructor(informers: readonly Pick<Informer<Observed>, "on">[], options: ObjectLagOptions) {
    this.#options = options;
    for (const informer of informers) {
      informer.on({
        add: (obj) => this.#observe(obj),
        update: (obj) => this.#observe(obj),
        delete: (obj) => this.#forget(obj),
      });
    }
  }

  snapshot(): ObjectLagSnapshot {
    const now = this.#now();
    let oldestStale = 0;
    for (const since of this.#stale.values()) oldestStale = Math.max(oldestStale, now - since);
    let oldestDeletion = 0;
    let stuck = 0;
    for (const since of this.#deleting.values()) {
      const age = now - since;
      oldestDeletion = Math.max(oldestDeletion, age);
      if (age > this.#options.stuckDeletionAfterMs) stuck++;
    }
    return {
      staleGenerations: this.#stale.size,
      oldestStaleSeconds: oldestStale / 1000,
      deleting: this.#deleting.size,
      stuckDeletions: stuck,
      oldestDeletionSeconds: oldestDeletion / 1000,
    };
  }

  #observe(obj: Observed): void {
    const uid = obj.metadata?.uid;
    if (!uid) return;
    const deletion = obj.metadata?.deletionTimestamp;
    if (deletion !== undefined) {
      this.#stale.delete(uid);
      if (!this.#deleting.has(uid)) this.#deleting.set(uid, new Date(deletion).getTime());
      return;
    }
    this.#deleting.delete(uid);
    const generation = obj.metadata?.generation;
    const status = obj.status as { observedGeneration?: number } | undefined;
    const observed =
      this.#options.observedGeneration === "ready-condition"
        ? observedGenerationOf(status)
        : status?.observedGeneration;
    const current = this.#options.statusIsCurrent;
    if (generation === undefined || (current ? current(obj) : observed === generation)) {
      this.#stale.delete(uid);
      return;
    }
    // Already behind: the status has lagged without a break since then, whatever the spec did.
    if (this.#stale.has(uid)) return;
    const created = obj.metadata?.creationTimestamp;
    const since =
      observed === undefined && created !== undefined ? new Date(created).getTime() : this.#now();
    this.#stale.set(uid, since);
  }

  #forget(obj: Observed): void {
    const uid = obj.metadata?.uid;
    if (!uid) return;
    this.#stale.delete(uid);
    this.#deleting.delete(uid);
  }

  #now(): number {
    return this.#options.now?.() ?? Date.now();
  }
}
