// The full form of the property test and the fuzz (the fixed-seed samples run in `npm test`):
// many random valid specs through generate + structural CRD checks, then many invalid ones
// through the CLI in process and a sample through the compiled binary. Known-defect classes are
// included and reported apart from new failures; the seed is printed for replay.
// Then random valid and broken presets extended by random specs (--presets N): every outcome is
// a load or located errors, never an exception.
// Usage: npm run fuzz [-- --seed N] [--valid N] [--invalid N] [--binary N] [--presets N]
// Exit 1 when a failure outside the known defects turns up.

import fc from "fast-check";
import { parseArgs } from "node:util";
import { structuralProblems } from "../generator/render/manifests/testing/structural.ts";
import { stringify } from "yaml";
import { hasErrors } from "../generator/base/diagnostics.ts";
import { toYaml, validSpec } from "../test/property/arbitraries/spec.ts";
import { seededRandom } from "../test/property/fuzz/inputs.ts";
import {
  checkFleet,
  PRESET_MUTATIONS,
  unlocated,
  validPreset,
} from "../test/property/fuzz/presets.ts";
import { defaultSeeds, fuzzInputs, type FuzzInput } from "../test/property/fuzz/inputs.ts";
import {
  fuzzBinary,
  fuzzInProcess,
  summarize,
  type FuzzFailure,
} from "../test/property/fuzz/run.ts";
import { crdSchemas, generate } from "../test/property/generate.ts";
import { FUZZ_DEFECTS, VALID_SPEC_DEFECTS } from "../test/property/known-defects.ts";

process.env.CREATE_OPERATOR_NO_CACHE = "1";

const { values } = parseArgs({
  options: {
    seed: { type: "string" },
    valid: { type: "string", default: "500" },
    invalid: { type: "string", default: "2000" },
    binary: { type: "string", default: "100" },
    presets: { type: "string", default: "300" },
  },
});
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
process.stdout.write(`seed ${seed} (replay: npm run fuzz -- --seed ${seed})\n`);
const limits = { hangMs: 30_000, budgetMs: 15_000 };

async function validSweep(count: number): Promise<number> {
  const started = performance.now();
  const classes = new Map<string, { count: number; smallest: string; known: string | undefined }>();
  for (const spec of fc.sample(validSpec, { seed, numRuns: count })) {
    const source = toYaml(spec);
    let problem: string | undefined;
    try {
      const { files } = await generate(source);
      problem = crdSchemas(files)
        .flatMap(([where, schema]) => structuralProblems(schema).map((p) => `${where}: ${p}`))
        .at(0);
    } catch (error) {
      problem = (error instanceof Error ? error.message : String(error))
        .split("\n")
        .slice(0, 2)
        .join(" ");
    }
    if (problem === undefined) continue;
    const key = problem.replace(/spec\.[\w.[\]{}]+/g, "spec.…").replace(/"[^"]*"/g, '"…"');
    const known = VALID_SPEC_DEFECTS.find((d) => d.matches(spec))?.name;
    const entry = classes.get(key) ?? { count: 0, smallest: source, known };
    entry.count++;
    if (source.length < entry.smallest.length) entry.smallest = source;
    classes.set(key, entry);
  }
  const failures = [...classes.values()].reduce((n, c) => n + c.count, 0);
  process.stdout.write(
    `\nvalid specs: ${count} in ${((performance.now() - started) / 1000).toFixed(1)} s, ${failures} failed\n`,
  );
  let unknown = 0;
  for (const [key, c] of classes) {
    if (!c.known) unknown += c.count;
    process.stdout.write(`${c.count}× ${c.known ? `[known: ${c.known}] ` : "[NEW] "}${key}\n`);
    if (!c.known) process.stdout.write(`--- smallest spec ---\n${c.smallest}---\n`);
  }
  return unknown;
}

function knownName(input: FuzzInput): string | undefined {
  return FUZZ_DEFECTS.find((d) => d.matches(input))?.name;
}

function report(label: string, runs: number, ms: number, failures: FuzzFailure[]): number {
  const fresh = failures.filter((f) => knownName(f.input) === undefined);
  process.stdout.write(
    `\n${label}: ${runs} inputs in ${(ms / 1000).toFixed(1)} s, ${failures.length} failures (${fresh.length} outside the known defects)\n`,
  );
  const byDefect = new Map<string, number>();
  for (const f of failures) {
    const name = knownName(f.input);
    if (name) byDefect.set(name, (byDefect.get(name) ?? 0) + 1);
  }
  for (const [name, n] of byDefect) process.stdout.write(`${n}× [known: ${name}]\n`);
  if (fresh.length > 0) process.stdout.write(`[NEW]\n${summarize(fresh)}\n`);
  return fresh.length;
}

const inputsOf = (offset: number, count: number) =>
  fc
    .sample(fuzzInputs(defaultSeeds()), { seed: seed + offset, numRuns: count * 2 })
    .filter((i): i is FuzzInput => i !== undefined)
    .slice(0, count);

let fresh = await validSweep(Number(values.valid));
const inProcess = inputsOf(1, Number(values.invalid));
const a = await fuzzInProcess(inProcess, limits);
fresh += report("invalid specs, in process", a.runs, a.ms, a.failures);
const binary = inputsOf(2, Number(values.binary));
const b = await fuzzBinary(binary, limits);
fresh += report("invalid specs, compiled CLI", b.runs, b.ms, b.failures);
fresh += presetSweep(Number(values.presets));
process.exitCode = fresh > 0 ? 1 : 0;

function presetSweep(count: number): number {
  const started = performance.now();
  const problems = new Map<string, { count: number; example: string }>();
  const note = (kind: string, example: string) => {
    const entry = problems.get(kind) ?? { count: 0, example };
    entry.count++;
    problems.set(kind, entry);
  };
  const samples = fc.sample(
    fc.tuple(validSpec, validPreset, fc.integer({ min: 0, max: 2 ** 31 - 1 })),
    {
      seed: seed + 3,
      numRuns: count,
    },
  );
  for (const [spec, preset, salt] of samples) {
    const mutation = PRESET_MUTATIONS[salt % (PRESET_MUTATIONS.length + 1)];
    const text = mutation ? mutation.apply(preset, seededRandom(salt)) : stringify(preset);
    if (text === undefined) continue;
    try {
      const { diagnostics } = checkFleet(text, spec);
      if (unlocated(diagnostics).length > 0) note(`unlocated (${mutation?.name ?? "valid"})`, text);
      // A broken preset must be refused; a few only at render (file-clash), which this sweep skips.
      if (mutation && mutation.name !== "file-clash" && !hasErrors(diagnostics))
        note(`accepted (${mutation.name})`, text);
    } catch (error) {
      note(
        `exception (${mutation?.name ?? "valid"}): ${error instanceof Error ? error.message : String(error)}`,
        text,
      );
    }
  }
  const failures = [...problems.values()].reduce((n, p) => n + p.count, 0);
  process.stdout.write(
    `\npresets: ${count} in ${((performance.now() - started) / 1000).toFixed(1)} s, ${failures} failed\n`,
  );
  for (const [kind, p] of problems)
    process.stdout.write(`${p.count}× [NEW] ${kind}\n--- preset ---\n${p.example}---\n`);
  return failures;
}
