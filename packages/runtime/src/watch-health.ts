// How long a watch may stay silent, and how long the API server may stay out of reach, before
// the runtime acts. A watch over a connection that a NAT, load balancer or dead node silently
// dropped receives nothing and fails nothing: only silence tells. The API server's watch cache
// sends every watch a bookmark about once a minute (defaultBookmarkFrequency in k8s.io/apiserver's
// cacher, dispatched on a timer of about a second), so a watch that heard neither an event nor a
// bookmark for well over a minute is dead, however quiet its objects are. client-go notices the
// same through HTTP/2 pings after about 45 s; node:https speaks HTTP/1.1, so silence is the signal.

/** The API server's bookmark interval for a watch with allowWatchBookmarks (k8s.io/apiserver). */
export const SERVER_BOOKMARK_INTERVAL_MS = 60_000;

/**
 * A watch that has heard nothing (no event, no bookmark) this long is cut and renewed from the
 * last resourceVersion (no relist). The bookmark interval plus 15 s: the same slack the API server
 * gives its own cache (DefaultEventFreshDuration = bookmark frequency + 15 s), enough for a loaded
 * server's late bookmark, and a dead watch is renewed within 75 s of its last byte, so a change
 * made while it was dead is seen within 90 s. A server without a watch cache sends no bookmarks:
 * its quiet watches are then renewed every 75 s, a cheap resume from the same version.
 */
export const WATCH_IDLE_TIMEOUT_MS = SERVER_BOOKMARK_INTERVAL_MS + 15_000;

/**
 * How long the informers may fail to reach the API server (every list or watch since then
 * failed or stalled) before /readyz turns 503. A blip (a watch cut by a load balancer, an API
 * server replica restarting) heals within a few retries; taking the pod out of its Service's
 * endpoints for that would also take out a webhook it serves. 30 s holds the first five retries
 * of the informers' backoff (its full-jitter ceilings 0.8 + 1.6 + 3.2 + 6.4 + 12.8 = 24.8 s).
 */
export const UNREACHABLE_GRACE_MS = 30_000;

/** What readiness asks of each informer. */
export interface CacheHealth {
  readonly synced: boolean;
  /** Since when (performance.now()) every attempt to reach the server failed; undefined while one works. */
  readonly unreachableSince: number | undefined;
}

/**
 * Ready: every cache listed once, and none has been out of reach of the API server for longer
 * than `graceMs`.
 */
export function cachesReady(
  caches: readonly CacheHealth[],
  graceMs: number = UNREACHABLE_GRACE_MS,
  now: number = performance.now(),
): boolean {
  return caches.every(
    (cache) =>
      cache.synced &&
      (cache.unreachableSince === undefined || now - cache.unreachableSince < graceMs),
  );
}
