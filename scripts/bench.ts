// Median wall time of `create-operator new` per example, as a user runs it: a fresh process of
// the compiled CLI each time (Node startup, module loading, prettier included). Prints JSON.
// Usage: npm run bench [-- runs]

import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const runs = Number(process.argv[2] ?? 9);
const examples = readdirSync(join(root, "examples"))
  .filter((f) => f.endsWith(".yaml"))
  .sort();
const scratch = mkdtempSync(join(tmpdir(), "bench-"));

const results: Record<string, { medianMs: number; minMs: number; maxMs: number; runs: number }> =
  {};
for (const example of examples) {
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
      { encoding: "utf8" },
    );
    const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
    if (result.status !== 0) throw new Error(`${example} failed: ${result.stderr}`);
    times.push(elapsed);
    rmSync(target, { recursive: true, force: true });
  }
  times.sort((a, b) => a - b);
  results[example] = {
    medianMs: Math.round(times[Math.floor(times.length / 2)]!),
    minMs: Math.round(times[0]!),
    maxMs: Math.round(times[times.length - 1]!),
    runs,
  };
}
rmSync(scratch, { recursive: true, force: true });
console.log(JSON.stringify({ node: process.version, targetMs: 500, results }, null, 2));
