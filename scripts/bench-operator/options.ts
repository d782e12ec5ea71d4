// Settings of `npm run bench:operator`, all from the environment so that one command runs the
// default comparison and a variable changes one thing.

export interface BenchOptions {
  /** Database objects created per run. */
  objects: number;
  /** Alternations: each runs ours, then the peer, each on a fresh control plane. */
  runs: number;
  /** Workers per operator (the example's operator.concurrency is 4). */
  concurrency: number;
  /** Seconds of steady state measured after every object is Ready. */
  steadySeconds: number;
  /** Seconds without a request but lease renewals after all Ready before the steady window starts: trailing no-op passes still count as convergence. */
  settleSeconds: number;
  /** Seconds to wait for all objects to become Ready before the run fails. */
  timeoutSeconds: number;
  /** 10,000 objects, ours only, within the generated Deployment's memory limit and Node flags. */
  tenK: boolean;
  /** Keep the temp directory (generated project, logs, audit logs) for inspection. */
  keep: boolean;
  /** Which operators run: both by default. */
  operators: Array<"ours" | "peer">;
  /** NODE_OPTIONS for ours instead of the generated Deployment's (BENCH_NODE_OPTIONS), to try V8 flags. */
  nodeOptions: string | undefined;
  /**
   * Whether the peer records the Event ours records when an object becomes Ready
   * (BENCH_PEER_EVENTS: ready, the default, so both do the same requests; none, the peer as the
   * issue first measured it, without Events).
   */
  peerEvents: "ready" | "none";
}

export function readOptions(env: NodeJS.ProcessEnv = process.env): BenchOptions {
  const tenK = env.BENCH_10K === "1";
  const operators = (env.BENCH_OPERATORS ?? (tenK ? "ours" : "ours,peer"))
    .split(",")
    .map((s) => s.trim());
  for (const name of operators)
    if (name !== "ours" && name !== "peer")
      throw new Error(`BENCH_OPERATORS: "${name}" is neither ours nor peer`);
  const peerEvents = env.BENCH_PEER_EVENTS || "ready";
  if (peerEvents !== "ready" && peerEvents !== "none")
    throw new Error(`BENCH_PEER_EVENTS must be ready or none, got "${peerEvents}"`);
  return {
    objects: positive(env, "BENCH_N", tenK ? 10_000 : 1_000),
    runs: positive(env, "BENCH_RUNS", 1),
    concurrency: positive(env, "BENCH_CONCURRENCY", 4),
    steadySeconds: positive(env, "BENCH_STEADY_S", tenK ? 30 : 120, true),
    settleSeconds: positive(env, "BENCH_SETTLE_S", 5, true),
    timeoutSeconds: positive(env, "BENCH_TIMEOUT_S", tenK ? 1_800 : 600),
    tenK,
    keep: env.BENCH_KEEP === "1",
    operators: operators as Array<"ours" | "peer">,
    nodeOptions: env.BENCH_NODE_OPTIONS,
    peerEvents,
  };
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number, zeroOk = false): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < (zeroOk ? 0 : 1))
    throw new Error(
      `${name} must be a ${zeroOk ? "non-negative" : "positive"} integer, got "${raw}"`,
    );
  return value;
}
