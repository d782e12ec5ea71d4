// `npm run bench:operator`: the Database example's generated operator against an equivalent
// controller-runtime operator (bench/peer/), on the real kube-apiserver. Each run gets a fresh
// envtest control plane with an audit log; runs alternate ours, peer, ours, peer... Per run: time
// from the first create until all N objects are Ready (total, p50, p99 per object), the
// operator's API requests per object by verb and resource, writes in a steady window, reconcile
// p99, RSS (idle, peak, after steady, growth per 1,000 cached objects), open sockets and CPU.
// Prints one JSON document (every run, both operators) and then a side-by-side table with the
// ratios ours/peer and issue 10's targets. Settings: scripts/bench-operator/options.ts
// (BENCH_N, BENCH_RUNS, BENCH_CONCURRENCY, BENCH_STEADY_S, BENCH_10K=1, BENCH_OPERATORS, BENCH_KEEP,
// BENCH_NODE_OPTIONS).

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { readOptions } from "./bench-operator/options.ts";
import { buildPeer, generateProject, requireGo, type Built } from "./bench-operator/operators.ts";
import { table, verdicts } from "./bench-operator/report.ts";
import { MemoryLimitError, runOnce, type RunResult } from "./bench-operator/run.ts";
import { round } from "./bench-operator/sampler.ts";
import { useEnvtestAssets } from "./envtest-assets.ts";

const say = (message: string) => process.stderr.write(`# bench:operator: ${message}\n`);

async function main(): Promise<number> {
  const options = readOptions();
  if (Number(process.versions.node.split(".")[0]) < 24)
    throw new Error(
      `run it with Node 24 (npm run bench:operator puts it on PATH); this is ${process.version}`,
    );
  const started = Date.now();
  const withPeer = options.operators.includes("peer");
  const withOurs = options.operators.includes("ours");
  const go = withPeer ? requireGo() : undefined;
  useEnvtestAssets();
  const scratch = mkdtempSync(join(tmpdir(), "bench-operator-"));
  try {
    say(
      `generating the Database example${withOurs ? ", installing and compiling it" : ""} in ${scratch}`,
    );
    const built: Built = { ...generateProject(scratch, withOurs) };
    // An experiment with other V8 flags: the 10k check then judges those flags, not the manifest's.
    if (options.nodeOptions !== undefined) built.limits.nodeOptions = options.nodeOptions;
    if (withPeer) {
      say(`building the controller-runtime peer with ${go}`);
      built.peer = buildPeer();
    }
    const results: RunResult[] = [];
    for (let run = 0; run < options.runs; run++) {
      for (const name of options.operators) {
        const directory = join(scratch, `run-${run + 1}-${name}`);
        mkdirSync(directory);
        say(
          `run ${run + 1}/${options.runs}: ${name}, ${options.objects} objects, concurrency ${options.concurrency}, steady ${options.steadySeconds} s`,
        );
        let result: RunResult;
        try {
          result = await runOnce(name, run, built, options, directory);
        } catch (error) {
          if (!(options.tenK && error instanceof MemoryLimitError)) throw error;
          const verdict = {
            objects: options.objects,
            ...built.limits,
            pass: false,
            error: error.message,
          };
          process.stdout.write(
            JSON.stringify({ tenK: [verdict] }, null, 2) + `\n10k: FAIL: ${error.message}\n`,
          );
          return 1;
        }
        say(
          `${name}: all Ready in ${result.converge.totalS} s, peak RSS ${result.rssMiB.peak} MiB`,
        );
        results.push(result);
      }
    }
    const tenK = options.tenK
      ? results
          .filter((r) => r.operator === "ours")
          .map((r) => ({
            run: r.run,
            objects: r.objects,
            memoryLimitMiB: built.limits.memoryLimitMiB,
            nodeOptions: built.limits.nodeOptions,
            peakRssMiB: r.rssMiB.peak,
            pass: r.rssMiB.peak <= built.limits.memoryLimitMiB,
          }))
      : undefined;
    const output = {
      // Other work on the machine slows both operators: the load average says how busy it was.
      machine: {
        node: process.version,
        go,
        cpus: cpus().length,
        loadAverage: loadavg().map((l) => round(l, 2)),
      },
      options,
      benchSeconds: Math.round((Date.now() - started) / 1000),
      targets: verdicts(results),
      ...(tenK ? { tenK } : {}),
      results,
    };
    const json = JSON.stringify(output, null, 2);
    if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, json + "\n");
    process.stdout.write(json + "\n\n" + table(results) + "\n");
    if (tenK)
      for (const t of tenK)
        process.stdout.write(
          `10k: ${t.objects} objects Ready, peak RSS ${t.peakRssMiB} MiB of the Deployment's ${t.memoryLimitMiB} MiB limit (${t.nodeOptions}): ${t.pass ? "PASS" : "FAIL"}\n`,
        );
    return 0;
  } finally {
    if (options.keep) say(`kept ${scratch}`);
    else rmSync(scratch, { recursive: true, force: true, maxRetries: 3 });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `bench:operator failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  },
);
