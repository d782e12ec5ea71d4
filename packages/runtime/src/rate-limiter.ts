// How long a key waits before it is retried, in the shape of client-go's default controller rate
// limiter: the larger of a per-key exponential backoff and an overall token bucket. The per-key
// part keeps one failing object from retrying in a hot loop; the bucket keeps a thousand failing
// objects (a cloud outage, a webhook down) from retrying all at once against the API server.
// client-go uses 5 ms..1000 s per key and 10 qps / burst 100 overall; the per-key range here is the
// operator's own backoff settings (operator.yaml `backoff`), and conflicts start lower (see
// CONFLICT_INITIAL_MS) because a fresh read usually resolves them at once.

import { performance } from "node:perf_hooks";
import type { BackoffSettings } from "./backoff.ts";

export interface RateLimiterOptions {
  backoff: BackoffSettings;
  /** Overall retries per second once the burst is spent (client-go: 10). */
  qps?: number;
  /** Retries allowed at once before `qps` applies (client-go: 100). */
  burst?: number;
  /** Up to this fraction is added to each per-key delay, so keys failing together spread out. */
  jitter?: number;
  random?: () => number;
  /** Monotonic milliseconds; injected by tests. */
  now?: () => number;
}

/** A write conflict is retried after 5 ms, doubling per conflict in a row (client-go's base). */
export const CONFLICT_INITIAL_MS = 5;

export class RateLimiter {
  readonly #backoff: BackoffSettings;
  readonly #jitter: number;
  readonly #random: () => number;
  readonly #bucket: TokenBucket;
  readonly #failures = new Map<string, number>();

  constructor(options: RateLimiterOptions) {
    this.#backoff = options.backoff;
    this.#jitter = options.jitter ?? 0.1;
    this.#random = options.random ?? Math.random;
    this.#bucket = new TokenBucket(
      options.qps ?? 10,
      options.burst ?? 100,
      options.now ?? (() => performance.now()),
    );
  }

  /**
   * Records one more failure of `key` and returns the delay before its retry: initialMs, then
   * doubling up to maxMs (never shorter than the exponential step, plus up to `jitter` of it),
   * or the overall bucket's wait when that is longer. `initialMs` overrides the first step, e.g.
   * CONFLICT_INITIAL_MS for write conflicts.
   */
  when(key: string, initialMs: number = this.#backoff.initialMs): number {
    const failures = (this.#failures.get(key) ?? 0) + 1;
    this.#failures.set(key, failures);
    const exponent = Math.min(failures - 1, 40);
    const step = Math.min(this.#backoff.maxMs, Math.max(1, initialMs) * 2 ** exponent);
    const perKey = Math.min(this.#backoff.maxMs, step * (1 + this.#jitter * this.#random()));
    return Math.max(perKey, this.#bucket.reserve());
  }

  /** Failures of `key` in a row. */
  retries(key: string): number {
    return this.#failures.get(key) ?? 0;
  }

  /** `key` succeeded (or will never be retried): its backoff starts over. */
  forget(key: string): void {
    this.#failures.delete(key);
  }
}

/** golang.org/x/time/rate's Reserve: a token now if one is left, else the wait until one is. */
class TokenBucket {
  readonly #qps: number;
  readonly #burst: number;
  readonly #now: () => number;
  #tokens: number;
  #last: number;

  constructor(qps: number, burst: number, now: () => number) {
    if (!(qps > 0) || !(burst >= 1)) throw new Error("qps must be positive and burst at least 1");
    this.#qps = qps;
    this.#burst = burst;
    this.#now = now;
    this.#tokens = burst;
    this.#last = now();
  }

  reserve(): number {
    const now = this.#now();
    this.#tokens = Math.min(this.#burst, this.#tokens + ((now - this.#last) / 1000) * this.#qps);
    this.#last = now;
    this.#tokens -= 1;
    // A negative balance is a debt paid back at qps: later callers wait behind earlier ones.
    return this.#tokens >= 0 ? 0 : (-this.#tokens / this.#qps) * 1000;
  }
}
