// Wall time of `create-operator new` per example, as a user runs it: a fresh process of the
// compiled CLI each time (Node startup, module loading and prettier included). Two numbers per
// example: cold (no format cache, as on a first run) and warm (the format cache filled, as when
// a spec is regenerated or the same generator runs again). Plus, in process, the median time the
// check stage takes per example once its schema is compiled (what `validate` and editors pay per
// keystroke). Then `generate` in a generated Database project: a no-op (nothing changed: the
// fast path, target 300 ms) and after a one-field spec change (the full render), beside the
// start-up of a bare `node -e 0` on the same machine at the same time. Prints JSON.
// Usage: npm run bench [-- runs]

import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { checkSource } from "../generator/pipeline.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = join(root, "bin/create-operator.js");
const runs = Number(process.argv[2] ?? 9);
/** `generate` is timed at least 11 times: its no-op is short, so one slow run must not decide. */
const generateRuns = Math.max(runs, 11);
const examples = readdirSync(join(root, "examples"))
  .filter((f) => f.endsWith(".yaml"))
  .sort();
const scratch = mkdtempSync(join(tmpdir(), "bench-"));

interface Stats {
  medianMs: number;
  minMs: number;
  maxMs: number;
}

function stats(times: number[]): Stats {
  times.sort((a, b) => a - b);
  return {
    medianMs: Math.round(times[Math.floor(times.length / 2)]!),
    minMs: Math.round(times[0]!),
    maxMs: Math.round(times[times.length - 1]!),
  };
}

/** Wall time of one child process; `prepare` runs untimed before it. */
function timeProcess(
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): number {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, {
    encoding: "utf8",
    cwd: options.cwd ?? root,
    env: { ...process.env, ...options.env },
  });
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`${args.join(" ")} failed: ${result.stderr}`);
  return elapsed;
}

function timeNew(example: string, env: NodeJS.ProcessEnv): Stats {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const target = join(scratch, `${example}-${i}`);
    times.push(
      timeProcess([bin, "new", target, "--spec", join(root, "examples", example)], { env }),
    );
    rmSync(target, { recursive: true, force: true });
  }
  return stats(times);
}

/** Median of `runs` in-process checks, after one untimed run that compiles the schema. */
function timeCheck(example: string): number {
  const path = join(root, "examples", example);
  const source = readFileSync(path, "utf8");
  checkSource(source, path);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = process.hrtime.bigint();
    checkSource(source, path);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(times.length / 2)]! * 10) / 10;
}

/** `generate` in a Database project: nothing changed, and one optional field added to the spec. */
function timeGenerate(): { noop: Stats; oneFieldChange: Stats; nodeStartup: Stats } {
  const pristine = join(scratch, "generate", "db");
  timeProcess([bin, "new", pristine, "--spec", join(root, "examples", "database.yaml")]);
  // The first run fills the compile and format caches a user's second run has too.
  timeProcess([bin, "generate"], { cwd: pristine });
  const noop: number[] = [];
  const nodeStartup: number[] = [];
  for (let i = 0; i < generateRuns; i++) {
    nodeStartup.push(timeProcess(["-e", "0"]));
    noop.push(timeProcess([bin, "generate"], { cwd: pristine }));
  }
  const oneFieldChange: number[] = [];
  for (let i = 0; i < generateRuns; i++) {
    const project = join(scratch, "generate", `changed-${i}`);
    cpSync(pristine, project, { recursive: true });
    const spec = join(project, "operator.yaml");
    writeFileSync(
      spec,
      readFileSync(spec, "utf8").replace(
        "    size:\n",
        `    field${i}:\n      type: string\n      maxLength: 32\n    size:\n`,
      ),
    );
    oneFieldChange.push(timeProcess([bin, "generate"], { cwd: project }));
    rmSync(project, { recursive: true, force: true });
  }
  return {
    noop: stats(noop),
    oneFieldChange: stats(oneFieldChange),
    nodeStartup: stats(nodeStartup),
  };
}

const results: Record<string, { checkMs: number; cold: Stats; warm: Stats }> = {};
for (const example of examples) {
  const cacheDir = join(scratch, `cache-${example}`);
  results[example] = {
    checkMs: timeCheck(example),
    cold: timeNew(example, { CREATE_OPERATOR_NO_CACHE: "1" }),
    // The first warm run fills the cache; the median of the rest is what users see afterwards.
    warm: timeNew(example, { CREATE_OPERATOR_CACHE_DIR: cacheDir }),
  };
}
const generate = {
  example: "database.yaml",
  runs: generateRuns,
  targetNoopMs: 300,
  ...timeGenerate(),
};
rmSync(scratch, { recursive: true, force: true });
console.log(
  JSON.stringify({ node: process.version, runs, targetMs: 500, results, generate }, null, 2),
);
