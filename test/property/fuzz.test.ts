// Fuzz: valid specs (the examples and random ones) mutated into invalid ones, each run through
// the CLI's code path. Every input must end in exit 1 with an error located in the file, or exit
// 2; never exit 0 or 70, never a hang, never a byte in the target directory. Fixed seed and
// bounded count here (FUZZ_SEED, FUZZ_RUNS, FUZZ_BINARY_RUNS change them); `npm run fuzz` is
// the full form. Inputs of the known-defect classes in known-defects.ts are left out and counted.

import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { defaultSeeds, fuzzInputs, type FuzzInput } from "./fuzz/inputs.ts";
import { fuzzBinary, fuzzInProcess, summarize, type FuzzLimits } from "./fuzz/run.ts";
import { knownDefectOf, knownFuzzDefectOf } from "./known-defects.ts";

const SEED = Number(process.env.FUZZ_SEED ?? 20261202);
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const BINARY_RUNS = Number(process.env.FUZZ_BINARY_RUNS ?? 20);
/** Generous for 2 noisy cores: a correct run takes well under a second. */
const LIMITS: FuzzLimits = { hangMs: 30_000, budgetMs: 15_000 };

function sampleInputs(
  seed: number,
  count: number,
): { inputs: FuzzInput[]; leftOut: Record<string, number> } {
  const leftOut: Record<string, number> = {};
  const inputs: FuzzInput[] = [];
  const arbitrary = fuzzInputs(defaultSeeds((spec) => knownDefectOf(spec) === undefined));
  for (const input of fc.sample(arbitrary, { seed, numRuns: count * 3 })) {
    if (!input) continue;
    const defect = knownFuzzDefectOf(input);
    if (defect) leftOut[defect.name] = (leftOut[defect.name] ?? 0) + 1;
    else if (inputs.length < count) inputs.push(input);
  }
  return { inputs, leftOut };
}

function counts(inputs: readonly FuzzInput[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const i of inputs) out[i.mutation] = (out[i.mutation] ?? 0) + 1;
  return out;
}

test(`${RUNS} invalid specs through the CLI's code path in process (seed ${SEED})`, async () => {
  const { inputs, leftOut } = sampleInputs(SEED, RUNS);
  assert.equal(inputs.length, RUNS);
  const report = await fuzzInProcess(inputs, LIMITS);
  process.stdout.write(
    `# ${report.runs} inputs in ${(report.ms / 1000).toFixed(1)} s by mutation ${JSON.stringify(counts(inputs))}; left out as known defects ${JSON.stringify(leftOut)}\n`,
  );
  assert.equal(report.failures.length, 0, summarize(report.failures));
});

test(`${BINARY_RUNS} invalid specs through the compiled CLI, each with a timeout (seed ${SEED + 1})`, async () => {
  const { inputs } = sampleInputs(SEED + 1, BINARY_RUNS);
  const report = await fuzzBinary(inputs, LIMITS);
  process.stdout.write(`# ${report.runs} binary runs in ${(report.ms / 1000).toFixed(1)} s\n`);
  assert.equal(report.failures.length, 0, summarize(report.failures));
});
