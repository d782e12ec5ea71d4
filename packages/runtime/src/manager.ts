// The operator's lifecycle around one controller, as controller-runtime's manager runs it:
// reconcile only while leading, exit at once when leadership is lost (restarting is the simplest
// way to be sure no reconcile of the old term is still running), and on SIGTERM a shutdown that
// always ends inside the pod's grace period: stop taking work, drain what runs for at most
// drainTimeoutMs, release the Lease (bounded) so the standby takes over at once instead of after a
// whole lease duration, then exit. config/manager/manager.yaml's terminationGracePeriodSeconds is
// sized for DEFAULTS.drainTimeoutMs plus the release; raise both together.

import type { KubernetesObject } from "@kubernetes/client-node";
import type { Controller } from "./controller.ts";
import { errorMessage } from "./errors.ts";
import { LeaderElector, type LeaderElectionOptions } from "./leader-election.ts";
import type { Logger } from "./logger.ts";
import { timerDelay } from "./timer-delay.ts";

export type LeaseSettings = Omit<
  LeaderElectionOptions,
  "logger" | "onStartedLeading" | "onStoppedLeading"
>;

/** What the manager needs of a controller: one per kind the operator reconciles. */
export type ManagedController = Pick<Controller<KubernetesObject>, "start" | "stop" | "setLeading">;

export interface ManagerOptions {
  /**
   * Every controller of the operator (one per kind it reconciles): all start before the lease is
   * sought, all lead together and all drain within the same bound on shutdown.
   */
  controllers: readonly ManagedController[];
  logger: Logger;
  /** Undefined: this replica leads from the start (leader election off). */
  leaderElection: LeaseSettings | undefined;
  /** How long shutdown waits for reconciles in flight before it goes on without them. */
  drainTimeoutMs: number;
  /** Stopped after the lease is released, each bounded by ALSO_STOP_TIMEOUT_MS (e.g. the health server). */
  alsoStop?: Array<() => Promise<void>>;
  /** Told whenever this replica starts or stops leading (e.g. a leader_election_master_status gauge). */
  onLeadingChange?: (leading: boolean) => void;
  /** Ends the process: process.exit in main.ts. */
  exit: (code: number) => void;
}

/** Bound on each `alsoStop` step. */
export const ALSO_STOP_TIMEOUT_MS = 1_000;

export class Manager {
  readonly #options: ManagerOptions;
  #elector: LeaderElector | undefined;
  #stopping = false;

  constructor(options: ManagerOptions) {
    this.#options = options;
  }

  #setLeading(leading: boolean): void {
    for (const controller of this.#options.controllers) controller.setLeading(leading);
    this.#options.onLeadingChange?.(leading);
  }

  get leading(): boolean {
    return this.#elector?.leading ?? !this.#stopping;
  }

  /** Starts the informers, then campaigns for the lease (or leads at once without election). */
  async start(): Promise<void> {
    const { controllers, logger, leaderElection } = this.#options;
    await Promise.all(controllers.map((controller) => controller.start()));
    if (this.#stopping) return; // SIGTERM arrived while the informers were starting
    if (leaderElection === undefined) {
      this.#setLeading(true);
      return;
    }
    this.#elector = new LeaderElector({
      ...leaderElection,
      logger,
      onStartedLeading: () => this.#setLeading(true),
      onStoppedLeading: () => {
        this.#setLeading(false);
        if (!this.#stopping) {
          logger.error("lost leadership, exiting");
          this.#stopping = true;
          this.#elector
            ?.stop({ release: false })
            .catch((err: unknown) =>
              logger.error("stopping leader election failed", { err: errorMessage(err) }),
            );
          this.#options.exit(1);
        }
      },
    });
    this.#elector.start();
  }

  /** SIGTERM/SIGINT: bounded drain, lease release, exit 0. Idempotent. */
  async shutdown(signal: string): Promise<void> {
    if (this.#stopping) return;
    this.#stopping = true;
    const { controllers, logger, drainTimeoutMs } = this.#options;
    const started = performance.now();
    logger.info("shutting down", { signal, drainTimeoutMs });
    const drained = await within(
      Promise.all(controllers.map((controller) => controller.stop())),
      drainTimeoutMs,
      logger,
      "stopping the controllers",
    );
    if (!drained) {
      // Going on is the lesser harm: the kubelet kills the pod at the end of its grace period
      // anyway, and then the lease would still be held.
      logger.warn("reconciles still running after the drain timeout; releasing the lease anyway", {
        drainTimeoutMs,
      });
    }
    await this.#elector
      ?.stop()
      .catch((err: unknown) =>
        logger.error("stopping leader election failed", { err: errorMessage(err) }),
      );
    for (const stop of this.#options.alsoStop ?? [])
      await within(stop(), ALSO_STOP_TIMEOUT_MS, logger, "stopping");
    logger.info("shut down", { ms: Math.round(performance.now() - started), drained });
    this.#options.exit(0);
  }
}

/**
 * True when `work` settled within `ms`; false when the time ran out first (the work goes on).
 * A failure is logged, never thrown: shutdown must reach exit whatever a step does.
 */
async function within(
  work: Promise<unknown>,
  ms: number,
  logger: Logger,
  what: string,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timerDelay(ms));
  });
  const settled = work.then(
    () => true as const,
    (err: unknown) => {
      logger.error(`${what} failed`, { err: errorMessage(err) });
      return true as const;
    },
  );
  try {
    return await Promise.race([settled, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
