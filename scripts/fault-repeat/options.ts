// Settings of `npm run test:faults:repeat`, from the environment.

export interface FaultRepeatOptions {
  /** Runs of `npm run test:faults` in a row, per example (FAULT_RUNS, default 5). */
  runs: number;
  /** Examples (examples/<name>.yaml) to generate and run: FAULT_EXAMPLES, "database" by default,
   * a comma-separated list or "all". */
  examples: string[];
  /** Keep the temp directory (projects, each run's output) even when every run passed. */
  keep: boolean;
}

export function readOptions(
  available: string[],
  env: NodeJS.ProcessEnv = process.env,
): FaultRepeatOptions {
  const rawRuns = env.FAULT_RUNS ?? "";
  const runs = rawRuns === "" ? 5 : Number(rawRuns);
  if (!Number.isSafeInteger(runs) || runs < 1)
    throw new Error(`FAULT_RUNS must be a positive integer, got "${rawRuns}"`);
  const wanted = (env.FAULT_EXAMPLES ?? "").trim();
  const examples =
    wanted === ""
      ? ["database"]
      : wanted === "all"
        ? available
        : wanted.split(",").map((s) => s.trim());
  for (const name of examples)
    if (!available.includes(name))
      throw new Error(
        `FAULT_EXAMPLES: "${name}" is not an example (examples/*.yaml: ${available.join(", ")}, or all)`,
      );
  return { runs, examples, keep: env.FAULT_KEEP === "1" };
}
