// Runs fuzz inputs through the CLI, in process (a worker running main()) or as the compiled
// binary, and groups what went wrong by class: mutation, kind of problem, what was changed.

import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, tempDir } from "../../support.ts";
import { InProcessCli, type CliRun } from "./in-process-cli.ts";
import type { FuzzInput } from "./inputs.ts";
import { runProblems } from "./outcome.ts";

export interface FuzzFailure {
  input: FuzzInput;
  kind: string;
  detail: string;
  /** Where the input was saved for replay: `create-operator new out --spec <file>`. */
  file: string;
}

export interface FuzzReport {
  runs: number;
  failures: FuzzFailure[];
  ms: number;
}

export interface FuzzLimits {
  /** A run that takes longer is a hang and is stopped. */
  hangMs: number;
  /** A run that finishes but takes longer than this is reported as slow. */
  budgetMs: number;
}

type Runner = (args: string[], limits: FuzzLimits) => Promise<CliRun>;

export async function fuzzInProcess(
  inputs: readonly FuzzInput[],
  limits: FuzzLimits,
): Promise<FuzzReport> {
  const cli = new InProcessCli();
  try {
    return await fuzz(inputs, limits, true, (args, l) => cli.run([...args, "--json"], l.hangMs));
  } finally {
    await cli.close();
  }
}

export function fuzzBinary(inputs: readonly FuzzInput[], limits: FuzzLimits): Promise<FuzzReport> {
  return fuzz(inputs, limits, false, async (args, l) => {
    const started = performance.now();
    const result = spawnSync(process.execPath, [BIN, ...args], {
      encoding: "utf8",
      timeout: l.hangMs,
      env: { ...process.env, NO_COLOR: "1", CREATE_OPERATOR_NO_CACHE: "1" },
    });
    return {
      code: result.signal ? undefined : (result.status ?? undefined),
      stdout: result.stdout ?? "",
      stderr: result.stderr ?? "",
      ms: performance.now() - started,
    };
  });
}

async function fuzz(
  inputs: readonly FuzzInput[],
  limits: FuzzLimits,
  jsonOutput: boolean,
  run: Runner,
): Promise<FuzzReport> {
  const started = performance.now();
  const root = tempDir("fuzz");
  const failures: FuzzFailure[] = [];
  for (const [i, input] of inputs.entries()) {
    const dir = join(root, String(i));
    mkdirSync(dir);
    const specPath = join(dir, "operator.yaml");
    writeFileSync(specPath, input.source);
    const target = join(dir, "out");
    const result = await run(["new", target, "--spec", specPath], limits);
    const problems = runProblems(result, {
      specPath,
      source: input.source,
      target,
      jsonOutput,
      budgetMs: limits.budgetMs,
    });
    // A project written for an accepted spec is the same failure twice.
    const accepted = problems.some((p) => p.kind === "accepted");
    for (const p of problems)
      if (!(accepted && p.kind === "wrote")) failures.push({ input, ...p, file: specPath });
  }
  return { runs: inputs.length, failures, ms: performance.now() - started };
}

/** Failures grouped by mutation and kind, each group with its smallest input. */
export function summarize(failures: readonly FuzzFailure[]): string {
  const groups = new Map<string, FuzzFailure[]>();
  for (const f of failures) {
    const key = `${f.input.mutation} → ${f.kind}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  return [...groups]
    .map(([key, group]) => {
      const smallest = [...group].sort((a, b) => a.input.source.length - b.input.source.length)[0]!;
      const notes = [...new Set(group.map((f) => `${f.input.note}: ${f.detail}`))].slice(0, 6);
      return `${group.length}× ${key}\n  smallest: ${smallest.file}\n${notes.map((n) => `  - ${n}`).join("\n")}`;
    })
    .join("\n");
}
