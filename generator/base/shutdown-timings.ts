// How long the generated operator's shutdown may take, shared by the two places that must agree:
// the runtime's default drain (src/config.ts) and the manager Deployment's grace period
// (config/manager/manager.yaml). The kubelet kills the pod when the grace period ends; if that
// happens before the Lease is released, the standby waits a whole lease duration to take over.

/** How long SIGTERM waits for reconciles in flight (controller-runtime's graceful shutdown is 30 s). */
export const DRAIN_TIMEOUT_MS = 20_000;
/** The bound on releasing the Lease: LeaderElector's releaseTimeoutMs default. */
export const LEASE_RELEASE_TIMEOUT_MS = 5_000;
/** The health server's bounded stop (runtime/manager.ts ALSO_STOP_TIMEOUT_MS), exit, and slack. */
export const SHUTDOWN_SLACK_MS = 5_000;

export const TERMINATION_GRACE_PERIOD_SECONDS = Math.ceil(
  (DRAIN_TIMEOUT_MS + LEASE_RELEASE_TIMEOUT_MS + SHUTDOWN_SLACK_MS) / 1_000,
);
