// Wall time of `create-operator new` per example, as a user runs it: a fresh process of the
// compiled CLI each time (Node startup, module loading and prettier included). Two numbers per
// example: cold (no format cache, as on a first run) and warm (the format cache filled, as when
// a spec is regenerated or the same generator runs again). Plus, in process, the median time the
// check stage takes per example once its schema is compiled (what `validate` and editors pay per
// keystroke). Prints JSON.
// Usage: npm run bench [-- runs]

import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { checkSource } from "../generator/pipeline.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const runs = Number(process.argv[2] ?? 9);
const examples = readdirSync(join(root, "examples"))
  .filter((f) => f.endsWith(".yaml"))
  .sort();
const scratch = mkdtempSync(join(tmpdir(), "bench-"));

interface Stats {
  medianMs: number;
  minMs: number;
  maxMs: number;
}

function timeRuns(example: string, env: NodeJS.ProcessEnv): Stats {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const target = join(scratch, `${example}-${i}`);
    const started = process.hrtime.bigint();
    const result = spawnSync(
      process.execPath,
      [
        join(root, "bin/create-operator.js"),
        "new",
        target,
        "--spec",
        join(root, "examples", example),
      ],
      { encoding: "utf8", env: { ...process.env, ...env } },
    );
    const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
    if (result.status !== 0) throw new Error(`${example} failed: ${result.stderr}`);
    times.push(elapsed);
    rmSync(target, { recursive: true, force: true });
  }
  times.sort((a, b) => a - b);
  return {
    medianMs: Math.round(times[Math.floor(times.length / 2)]!),
    minMs: Math.round(times[0]!),
    maxMs: Math.round(times[times.length - 1]!),
  };
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

const results: Record<string, { checkMs: number; cold: Stats; warm: Stats }> = {};
for (const example of examples) {
  const cacheDir = join(scratch, `cache-${example}`);
  results[example] = {
    checkMs: timeCheck(example),
    cold: timeRuns(example, { CREATE_OPERATOR_NO_CACHE: "1" }),
    // The first warm run fills the cache; the median of the rest is what users see afterwards.
    warm: timeRuns(example, { CREATE_OPERATOR_CACHE_DIR: cacheDir }),
  };
}
rmSync(scratch, { recursive: true, force: true });
console.log(JSON.stringify({ node: process.version, runs, targetMs: 500, results }, null, 2));
