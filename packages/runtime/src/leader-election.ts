// Single-active replica through a coordination.k8s.io/v1 Lease, as client-go's leaderelection
// does it. Leases reduce duplicate work; they do not make it impossible (a partitioned old leader
// may still act for a moment), which is why every reconcile step stays idempotent anyway.
//
// The guarantee rests on three timings: a leader that has not renewed for renewDeadline steps
// down, and another replica takes over only after it has seen the lease unchanged for
// leaseDuration, which is longer. So the step-down must not depend on an API call coming back:
// every call is bounded by the time left to the deadline (an AbortSignal), and a timer steps down
// at the deadline even while a call hangs. All of it is measured on the monotonic clock
// (performance.now): wall-clock jumps (NTP, a VM resumed) cannot stretch or shrink a term.
// Expiry is judged by when *we* last saw the lease change, not by the holder's renewTime, so
// clock skew between nodes cannot make a live lease look expired.

import {
  CoordinationV1Api,
  V1MicroTime,
  type ConfigurationOptions,
  type KubeConfig,
  type V1Lease,
} from "@kubernetes/client-node";
import { errorMessage, isConflict, isNotFound } from "./errors.ts";
import type { Logger } from "./logger.ts";
import { abortOptions } from "./request-options.ts";
import { TimeoutError } from "./timeout.ts";
import { timerDelay } from "./timer-delay.ts";

/** Reads and writes of a lease release that conflicts with a renewal landing late (see stop()). */
const RELEASE_ATTEMPTS = 3;
import { makeApiClient } from "./transport.ts";

export interface LeaderElectionOptions {
  kubeConfig: KubeConfig;
  namespace: string;
  leaseName: string;
  identity: string;
  logger: Logger;
  onStartedLeading: () => void;
  onStoppedLeading: () => void;
  /** How long others wait for an unchanged lease before taking it; default 15. */
  leaseDurationSeconds?: number;
  /** Step down when no renewal has succeeded for this long; shorter than the lease duration; default 10_000. */
  renewDeadlineMs?: number;
  /** Between acquire/renew attempts; default 2_000. */
  retryPeriodMs?: number;
  /** Bound on releasing the lease in stop(); default 5_000. */
  releaseTimeoutMs?: number;
  /** Monotonic milliseconds; tests may pass their own. */
  now?: () => number;
}

export class LeaderElector {
  readonly #options: LeaderElectionOptions;
  readonly #api: CoordinationV1Api;
  readonly #now: () => number;
  readonly #renewDeadlineMs: number;
  #leading = false;
  #stopped = false;
  /** When the last successful acquire/renew round began (monotonic). */
  #lastRenewed = 0;
  #observed: { holder: string; renewTime: string; at: number } | undefined;
  #timer: NodeJS.Timeout | undefined;
  #stepDownTimer: NodeJS.Timeout | undefined;
  /** Aborts the acquire/renew round in progress. */
  #round: AbortController | undefined;
  /** The acquire/renew round in progress, if any: stop() waits for it. */
  #ticking: Promise<void> | undefined;

  constructor(options: LeaderElectionOptions) {
    const leaseMs = (options.leaseDurationSeconds ?? 15) * 1_000;
    const renewDeadlineMs = options.renewDeadlineMs ?? 10_000;
    const retryPeriodMs = options.retryPeriodMs ?? 2_000;
    // client-go refuses these too: with them two replicas can lead at once.
    if (!(leaseMs > renewDeadlineMs && renewDeadlineMs > retryPeriodMs && retryPeriodMs > 0)) {
      throw new Error(
        `leader election needs leaseDuration (${leaseMs} ms) > renewDeadline (${renewDeadlineMs} ms) > retryPeriod (${retryPeriodMs} ms) > 0`,
      );
    }
    this.#options = options;
    this.#renewDeadlineMs = renewDeadlineMs;
    this.#now = options.now ?? (() => performance.now());
    this.#api = makeApiClient(options.kubeConfig, CoordinationV1Api);
  }

  get leading(): boolean {
    return this.#leading;
  }

  start(): void {
    this.#ticking = this.#tick();
  }

  /**
   * Steps down: releases the lease (bounded) so another replica takes over without waiting for
   * expiry. `release: false` only stops campaigning (leadership is already lost).
   */
  async stop(options: { release?: boolean } = {}): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    clearTimeout(this.#timer);
    clearTimeout(this.#stepDownTimer);
    // A round in flight is cut short: releasing alongside it would conflict with its write, and
    // it must not report leadership once stop() has begun.
    this.#round?.abort(new Error("leader election stopped"));
    await this.#ticking;
    if (this.#leading) this.#setLeading(false);
    if (options.release === false) return;
    const limit = this.#options.releaseTimeoutMs ?? 5_000;
    const release = new AbortController();
    const timer = setTimeout(
      () => release.abort(new TimeoutError("releasing the lease", limit)),
      timerDelay(limit),
    );
    try {
      // Released even when we never reported leading: a round cut short by stop() may have won it.
      const options = abortOptions(release.signal);
      // The round aborted above may still land on the server (an abort only stops waiting for
      // the answer), moving the lease's resourceVersion under the read below: a 409 then means
      // "read again", not "give up and make the next leader wait for expiry".
      for (let attempt = 1; ; attempt++) {
        const lease = await this.#read(options);
        if (lease?.spec?.holderIdentity !== this.#options.identity) break;
        lease.spec.holderIdentity = undefined;
        try {
          await this.#api.replaceNamespacedLease(
            { name: this.#options.leaseName, namespace: this.#options.namespace, body: lease },
            options,
          );
          break;
        } catch (err) {
          if (!isConflict(err) || attempt >= RELEASE_ATTEMPTS) throw err;
        }
      }
    } catch (err) {
      this.#options.logger.warn("could not release the lease; it will expire", {
        err: errorMessage(err),
      });
    } finally {
      clearTimeout(timer);
    }
  }

  async #tick(): Promise<void> {
    if (this.#stopped) return;
    const started = this.#now();
    // A round may take at most what is left of the renew deadline (all of it when not leading).
    const budgetMs = this.#leading
      ? this.#lastRenewed + this.#renewDeadlineMs - started
      : this.#renewDeadlineMs;
    const round = new AbortController();
    this.#round = round;
    const timer = setTimeout(
      () => round.abort(new TimeoutError("lease acquire/renew", budgetMs)),
      timerDelay(budgetMs),
    );
    try {
      const held = await this.#tryAcquireOrRenew(abortOptions(round.signal));
      // stop() was called meanwhile, or the step-down timer fired: the round no longer counts.
      if (this.#stopped || round.signal.aborted) return;
      if (held) {
        this.#lastRenewed = started;
        this.#armStepDown();
      }
      if (held && !this.#leading) this.#setLeading(true);
      if (!held && this.#leading) this.#stepDown("the lease is held by another replica");
    } catch (err) {
      if (!this.#stopped)
        this.#options.logger.warn("lease renewal failed", { err: errorMessage(err) });
    } finally {
      clearTimeout(timer);
      if (this.#round === round) this.#round = undefined;
    }
    if (!this.#stopped) {
      this.#timer = setTimeout(
        () => {
          this.#ticking = this.#tick();
        },
        timerDelay(this.#options.retryPeriodMs ?? 2_000),
      );
    }
  }

  /** Steps down at the renew deadline unless a renewal succeeds first, whatever calls are hanging. */
  #armStepDown(): void {
    clearTimeout(this.#stepDownTimer);
    const at = this.#lastRenewed + this.#renewDeadlineMs;
    this.#stepDownTimer = setTimeout(
      () => {
        if (this.#stopped || !this.#leading) return;
        this.#round?.abort(new TimeoutError("lease renewal", this.#renewDeadlineMs));
        this.#stepDown(
          `no renewal succeeded within the renew deadline (${this.#renewDeadlineMs} ms)`,
        );
      },
      timerDelay(at - this.#now()),
    );
  }

  #stepDown(reason: string): void {
    clearTimeout(this.#stepDownTimer);
    this.#options.logger.warn("stepping down", { identity: this.#options.identity, reason });
    this.#setLeading(false);
  }

  #setLeading(leading: boolean): void {
    this.#leading = leading;
    this.#options.logger.info(leading ? "started leading" : "stopped leading", {
      identity: this.#options.identity,
    });
    if (leading) this.#options.onStartedLeading();
    else this.#options.onStoppedLeading();
  }

  async #read(options: ConfigurationOptions): Promise<V1Lease | undefined> {
    try {
      return await this.#api.readNamespacedLease(
        { name: this.#options.leaseName, namespace: this.#options.namespace },
        options,
      );
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  async #tryAcquireOrRenew(options: ConfigurationOptions): Promise<boolean> {
    const { identity, leaseName, namespace } = this.#options;
    const leaseDurationSeconds = this.#options.leaseDurationSeconds ?? 15;
    const now = new V1MicroTime();
    const lease = await this.#read(options);
    if (lease === undefined) {
      try {
        await this.#api.createNamespacedLease(
          {
            namespace,
            body: {
              metadata: { name: leaseName, namespace },
              spec: {
                holderIdentity: identity,
                leaseDurationSeconds,
                acquireTime: now,
                renewTime: now,
                leaseTransitions: 0,
              },
            },
          },
          options,
        );
        return true;
      } catch (err) {
        if (isConflict(err)) return false; // another replica created it first
        throw err;
      }
    }
    const spec = lease.spec ?? {};
    const holder = spec.holderIdentity ?? "";
    const renewTime = spec.renewTime ? new Date(spec.renewTime).toISOString() : "";
    if (this.#observed?.holder !== holder || this.#observed.renewTime !== renewTime) {
      this.#observed = { holder, renewTime, at: this.#now() };
    }
    const expired =
      this.#now() - this.#observed.at > (spec.leaseDurationSeconds ?? leaseDurationSeconds) * 1000;
    if (holder !== "" && holder !== identity && !expired) return false;
    const takingOver = holder !== identity;
    lease.spec = {
      ...spec,
      holderIdentity: identity,
      leaseDurationSeconds,
      renewTime: now,
      ...(takingOver
        ? { acquireTime: now, leaseTransitions: (spec.leaseTransitions ?? 0) + 1 }
        : {}),
    };
    try {
      // replace carries metadata.resourceVersion: two candidates cannot both win the same lease.
      await this.#api.replaceNamespacedLease({ name: leaseName, namespace, body: lease }, options);
      return true;
    } catch (err) {
      if (isConflict(err)) return false;
      throw err;
    }
  }
}
