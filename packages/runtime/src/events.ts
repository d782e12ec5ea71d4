// events.k8s.io/v1 Events, recorded the way client-go's tools/events recorder does:
// - the same event (regarding object, type, reason, action, note) seen again within the
//   aggregation window is not a new Event: the first one's `series` (count, lastObservedTime) is
//   patched instead, so a flapping object costs one Event object, not hundreds;
// - writes per object are rate-limited by a token bucket (client-go's spam filter: a burst of
//   25, then one every 5 minutes); a series update that must wait is coalesced and sent once a
//   token is back, a new event with no token is dropped;
// - recording never blocks or fails the caller: Events are best-effort by design;
// - it remembers at most maxCacheEntries objects and as many series (the least recently recorded
//   object is forgotten first), and lets go of an object once it is quiet: no series in the window
//   and a full bucket, which is exactly what an object never seen has. An object it remembers
//   costs a few hundred bytes, so an Event seen once is not kept whole.

import { createHash } from "node:crypto";
import {
  EventsV1Api,
  PatchStrategy,
  V1MicroTime,
  setHeaderOptions,
  type KubeConfig,
} from "@kubernetes/client-node";
import { errorMessage, isNotFound } from "./errors.ts";
import type { Logger } from "./logger.ts";
import { makeApiClient } from "./transport.ts";

export interface ObjectReference {
  apiVersion: string;
  kind: string;
  name: string;
  namespace?: string;
  uid?: string;
}

export interface EventRecord {
  regarding: ObjectReference;
  type: "Normal" | "Warning";
  /** CamelCase, machine-readable: why the action was taken (e.g. the condition's reason). */
  reason: string;
  /** CamelCase: what was done or failed (e.g. Reconcile, Finalize). */
  action: string;
  /** Human-readable; cut to the API's 1 KiB. */
  note: string;
}

export interface EventRecorder {
  record(event: EventRecord): void;
}

export const noopEventRecorder: EventRecorder = { record: () => {} };

export interface KubeEventRecorderOptions {
  /** e.g. `example.com/database-operator`. */
  reportingController: string;
  /** This replica, e.g. the pod name. */
  reportingInstance: string;
  logger: Logger;
  /** client-go: 6 minutes. */
  aggregationWindowMs?: number;
  /** Writes an object may have at once (client-go: 25). */
  burst?: number;
  /** One more write per object every this long (client-go: 5 minutes). */
  refillMs?: number;
  maxCacheEntries?: number;
}

/**
 * What the recorder remembers about one object (one entry per object, keyed by its UID): its
 * write budget and the Events about it that a repeat would still aggregate into. Kept small on
 * purpose: the operator holds one for every object it recorded an Event about.
 */
interface Subject {
  /** Token bucket: the writes left (fractional while refilling) as of `at` (performance clock). */
  tokens: number;
  at: number;
  /**
   * The first of the object's series within the aggregation window, oldest first, linked by
   * `next`: usually there is one (an object's Ready transition), and a list of one costs no array.
   */
  series: Series | undefined;
}

interface Series {
  /** Tells this event (type, reason, action, note) from its object's others: see digest(). */
  digestHigh: number;
  digestLow: number;
  /** The Event's name is `<object name>.<suffix>`, the suffix made from these (eventName()). */
  createdMs: number;
  sequence: number;
  count: number;
  /** The count the API server holds; the Event is created with 1. */
  written: number;
  lastObserved: number;
  /** Performance-clock time of the last occurrence, for the window. */
  seenAt: number;
  writing: boolean;
  timer: NodeJS.Timeout | undefined;
  /**
   * What a series update or a recreate is made from. Only a repeat needs it, and a repeat brings
   * an identical record: it is kept from the first repeat on, never for an event seen once.
   */
  event: EventRecord | undefined;
  next: Series | undefined;
}

const MAX_NOTE = 1024;

export class KubeEventRecorder implements EventRecorder {
  readonly #api: EventsV1Api;
  readonly #options: Required<Omit<KubeEventRecorderOptions, "logger">> & { logger: Logger };
  /** Least recently recorded first, so the oldest is the one evicted. */
  readonly #subjects = new Map<string, Subject>();
  /** Series in all subjects: bounded by maxCacheEntries as well as the subjects. */
  #seriesCount = 0;
  readonly #inFlight = new Set<Promise<void>>();

  constructor(kubeConfig: KubeConfig, options: KubeEventRecorderOptions) {
    this.#api = makeApiClient(kubeConfig, EventsV1Api);
    this.#options = {
      aggregationWindowMs: 6 * 60_000,
      burst: 25,
      refillMs: 5 * 60_000,
      maxCacheEntries: 4096,
      ...options,
    };
  }

  record(event: EventRecord): void {
    const now = performance.now();
    const key = refKey(event.regarding);
    const subject = this.#subjects.get(key) ?? {
      tokens: this.#options.burst,
      at: now,
      series: undefined,
    };
    this.#subjects.delete(key);
    this.#subjects.set(key, subject);
    this.#forgetSettled(subject, now);
    const [high, low] = digest(event);
    const existing = seriesOf(subject).find(
      (s) => s.digestHigh === high && s.digestLow === low && this.#inWindow(s, now),
    );
    if (existing !== undefined) {
      existing.count++;
      existing.seenAt = now;
      existing.lastObserved = Date.now();
      existing.event ??= event;
      this.#flush(subject, existing);
    } else if (this.#take(subject, now)) {
      this.#start(subject, event, high, low, now);
    } else {
      this.#options.logger.debug("event dropped by the rate limit", { reason: event.reason });
    }
    this.#evict(subject);
    this.#forgetIdleOldest(now);
  }

  /** Resolves once every write started so far has finished (for tests and shutdown). */
  async flush(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.all(this.#inFlight);
  }

  /** A new series: its Event is created now (the caller has taken the token). */
  #start(subject: Subject, event: EventRecord, high: number, low: number, now: number): void {
    const createdMs = Date.now();
    const series: Series = {
      digestHigh: high,
      digestLow: low,
      createdMs,
      sequence: nextSequence(),
      count: 1,
      written: 0,
      lastObserved: createdMs,
      seenAt: now,
      writing: false,
      timer: undefined,
      event: undefined,
      next: undefined,
    };
    subject.series = link([...seriesOf(subject), series]);
    this.#seriesCount++;
    this.#write(subject, series, event, () => this.#create(series, event));
  }

  /** Sends the series' count when it is ahead of the server's and a token allows it. */
  #flush(subject: Subject, series: Series): void {
    if (series.writing || series.count === series.written || series.timer !== undefined) return;
    if (!this.#take(subject, performance.now())) {
      series.timer = setTimeout(() => {
        series.timer = undefined;
        this.#flush(subject, series);
      }, this.#options.refillMs);
      series.timer.unref();
      return;
    }
    // A count above 1 means a repeat came, and the repeat left its record on the series.
    const event = series.event!;
    this.#write(subject, series, event, () => this.#patch(series, event));
  }

  #write(subject: Subject, series: Series, event: EventRecord, send: () => Promise<number>): void {
    series.writing = true;
    const done = send()
      .then((written) => {
        series.written = Math.max(series.written, written);
      })
      .catch((err: unknown) => {
        this.#options.logger.warn("could not record event", {
          reason: event.reason,
          err: errorMessage(err),
        });
      })
      .finally(() => {
        series.writing = false;
        this.#inFlight.delete(done);
        if (series.written > 0) this.#flush(subject, series);
      });
    this.#inFlight.add(done);
  }

  async #create(series: Series, event: EventRecord): Promise<number> {
    const count = series.count;
    const namespace = eventNamespace(event);
    await this.#api.createNamespacedEvent({
      namespace,
      body: {
        apiVersion: "events.k8s.io/v1",
        kind: "Event",
        metadata: { name: eventName(event, series), namespace },
        eventTime: new V1MicroTime(),
        reportingController: this.#options.reportingController,
        reportingInstance: this.#options.reportingInstance,
        action: event.action,
        reason: event.reason,
        note: event.note.length > MAX_NOTE ? event.note.slice(0, MAX_NOTE - 3) + "..." : event.note,
        type: event.type,
        regarding: { ...event.regarding },
        // Repeats that arrived while the create was being prepared already make it a series.
        ...(count > 1 ? { series: seriesBody(count, series.lastObserved) } : {}),
      },
    });
    return count;
  }

  async #patch(series: Series, event: EventRecord): Promise<number> {
    const count = series.count;
    try {
      await this.#api.patchNamespacedEvent(
        {
          name: eventName(event, series),
          namespace: eventNamespace(event),
          body: { series: seriesBody(count, series.lastObserved) },
        },
        setHeaderOptions("Content-Type", PatchStrategy.MergePatch),
      );
      return count;
    } catch (err) {
      // Events expire (the API server's event TTL, one hour by default): start a new one.
      if (!isNotFound(err)) throw err;
      series.createdMs = Date.now();
      series.sequence = nextSequence();
      return this.#create(series, event);
    }
  }

  /** One write for the subject, if its bucket has a token. */
  #take(subject: Subject, now: number): boolean {
    const refilled = this.#tokens(subject, now);
    const allowed = refilled >= 1;
    subject.tokens = allowed ? refilled - 1 : refilled;
    subject.at = now;
    return allowed;
  }

  #tokens(subject: Subject, now: number): number {
    const { burst, refillMs } = this.#options;
    return Math.min(burst, subject.tokens + (now - subject.at) / refillMs);
  }

  #inWindow(series: Series, now: number): boolean {
    return now - series.seenAt <= this.#options.aggregationWindowMs;
  }

  /**
   * A series past the aggregation window is never aggregated into again: once it has no write
   * in flight and no coalesced update waiting for a token either, the subject lets go of it.
   */
  #forgetSettled(subject: Subject, now: number): void {
    const all = seriesOf(subject);
    const live = all.filter((s) => this.#inWindow(s, now) || s.writing || s.timer !== undefined);
    if (live.length === all.length) return;
    this.#seriesCount -= all.length - live.length;
    for (const settled of all) settled.next = undefined;
    subject.series = link(live);
  }

  /**
   * At most maxCacheEntries objects and as many series: the least recently recorded objects go
   * first, with their pending coalesced updates (as client-go's LRU cache does), never the one
   * being recorded; if that one alone holds too many series, its oldest go.
   */
  #evict(current: Subject): void {
    const max = this.#options.maxCacheEntries;
    while (this.#subjects.size > max || this.#seriesCount > max) {
      const oldest = this.#subjects.entries().next().value!;
      const [key, subject] = oldest;
      if (subject === current) {
        const dropped = subject.series;
        if (dropped === undefined) break;
        subject.series = dropped.next;
        dropped.next = undefined;
        clearTimeout(dropped.timer);
        this.#seriesCount--;
        continue;
      }
      const dropped = seriesOf(subject);
      for (const series of dropped) clearTimeout(series.timer);
      this.#seriesCount -= dropped.length;
      this.#subjects.delete(key);
    }
  }

  /**
   * Memory back once an object is quiet: a subject with no series in the window and a full
   * bucket behaves exactly as no entry at all, so the least recently recorded ones that are
   * both are dropped, a few per call.
   */
  #forgetIdleOldest(now: number): void {
    for (const [key, subject] of this.#subjects) {
      this.#forgetSettled(subject, now);
      if (subject.series !== undefined || this.#tokens(subject, now) < this.#options.burst) return;
      this.#subjects.delete(key);
    }
  }
}

function seriesBody(count: number, lastObserved: number) {
  return { count, lastObservedTime: new V1MicroTime(lastObserved) };
}

function refKey(ref: ObjectReference): string {
  return ref.uid || `${ref.apiVersion}/${ref.kind}/${ref.namespace ?? ""}/${ref.name}`;
}

/** The subject's series as an array, oldest first (a few at most: a copy costs nothing). */
function seriesOf(subject: Subject): Series[] {
  const all: Series[] = [];
  for (let s = subject.series; s !== undefined; s = s.next) all.push(s);
  return all;
}

/** Links `list` in its order and returns its first. */
function link(list: Series[]): Series | undefined {
  list.forEach((s, i) => (s.next = list[i + 1]));
  return list[0];
}

function eventNamespace(event: EventRecord): string {
  return event.regarding.namespace || "default";
}

/**
 * 64 bits of the SHA-256 of type, reason, action and note, as two 32-bit halves: what tells one
 * event from another about the same object without keeping the note (most of an event's bytes)
 * for an event seen once. Only an object's own few series in one window are compared, so two
 * different events sharing a digest, and so a series, is vanishingly unlikely.
 */
function digest(event: EventRecord): [number, number] {
  const hash = createHash("sha256")
    .update(JSON.stringify([event.type, event.reason, event.action, event.note]))
    .digest();
  return [hash.readInt32LE(0), hash.readInt32LE(4)];
}

let sequence = 0;

function nextSequence(): number {
  sequence = (sequence + 1) % 1_000_000;
  return sequence;
}

/**
 * client-go names an Event `<object>.<unix nanoseconds in hex>`; the sub-millisecond part is a
 * counter here, so two Events about one object in the same millisecond never collide.
 */
function eventName(event: EventRecord, series: Series): string {
  const suffix = BigInt(series.createdMs) * 1_000_000n + BigInt(series.sequence);
  return `${event.regarding.name}.${suffix.toString(16)}`;
}
