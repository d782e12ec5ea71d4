// `npm run test:faults:repeat`: is the generated fault suite stable? Generates the Database example
// (FAULT_EXAMPLES=all or a list: the others too) into a temp directory, installs it as the e2e
// tests do (test/install-project.ts: the registry, and this repository packed for the generator),
// then runs its `npm run test:faults` FAULT_RUNS times in a row (default 5). No retries: every run
// counts. Prints each run's pass/fail counts, duration and the failing tests with their errors,
// and exits 1 if any run failed. Each run's whole output is kept in a log file; the temp
// directory is removed only when every run passed (FAULT_KEEP=1 keeps it anyway).

import { spawn, spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { installArguments } from "../test/install-project.ts";
import { BIN, examplePath, exampleNames, REPO_ROOT } from "../test/support.ts";
import { readOptions } from "./fault-repeat/options.ts";
import { useEnvtestAssets } from "./envtest-assets.ts";
import { parseSpecOutput, runPassed, type RunSummary } from "./fault-repeat/spec-output.ts";

const say = (message: string) => process.stderr.write(`# test:faults:repeat: ${message}\n`);

/**
 * The environment of the project's own test run. NODE_TEST_CONTEXT must go: a nested `node --test`
 * that inherits it reports to a parent that is not listening (test/e2e/generated-suite.ts).
 */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
  delete env.NODE_TEST_CONTEXT;
  return env;
}

function runOrThrow(label: string, command: string, args: string[], cwd: string): void {
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd,
    encoding: "utf8",
    env: childEnv(),
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(" ")} failed in ${cwd}:\n${`${result.stdout}\n${result.stderr}`.slice(-8000)}`,
    );
  say(`${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** One `npm run test:faults`, its output to `log`; resolves with its exit code. */
function testFaults(project: string, log: string): Promise<number | null> {
  const out = openSync(log, "w");
  try {
    const child = spawn("npm", ["run", "test:faults"], {
      cwd: project,
      env: childEnv(),
      stdio: ["ignore", out, out],
    });
    return new Promise((resolve, reject) => {
      child.once("error", reject);
      child.once("exit", (code) => resolve(code));
    });
  } finally {
    closeSync(out);
  }
}

interface RunRecord {
  example: string;
  run: number;
  passed: boolean;
  exitCode: number | null;
  seconds: number;
  summary: RunSummary;
  log: string;
}

function describe(r: RunRecord): string {
  const s = r.summary;
  return (
    `${r.example} run ${r.run}: ${r.passed ? "PASS" : "FAIL"}  ${s.pass}/${s.tests} passed, ` +
    `${s.fail} failed, ${s.cancelled} cancelled, ${s.skipped} skipped; ${r.seconds.toFixed(1)} s` +
    (r.exitCode === 0 ? "" : ` (exit ${r.exitCode})`)
  );
}

async function main(): Promise<number> {
  const options = readOptions(exampleNames());
  if (!process.env.KUBEBUILDER_ASSETS) useEnvtestAssets();
  const scratch = mkdtempSync(join(tmpdir(), "fault-repeat-"));
  const records: RunRecord[] = [];
  try {
    for (const example of options.examples) {
      const project = join(scratch, example);
      say(`generating ${example} into ${project} and installing it`);
      runOrThrow(
        "create-operator new",
        process.execPath,
        [BIN, "new", project, "--spec", examplePath(example)],
        REPO_ROOT,
      );
      runOrThrow("npm install", "npm", installArguments(), project);
      for (let run = 1; run <= options.runs; run++) {
        const log = join(scratch, `${example}-run-${run}.log`);
        const started = Date.now();
        const exitCode = await testFaults(project, log);
        const summary = parseSpecOutput(readFileSync(log, "utf8"));
        const record: RunRecord = {
          example,
          run,
          passed: runPassed(exitCode, summary),
          exitCode,
          seconds: (Date.now() - started) / 1000,
          summary,
          log,
        };
        records.push(record);
        process.stdout.write(
          `${describe(record)} (load ${loadavg()[0]!.toFixed(1)})\n` +
            summary.failures
              .map(
                (f) =>
                  `  ✖ ${f.name}${f.location ? ` (${f.location})` : ""}\n` +
                  f.error
                    .split("\n")
                    .map((l) => `      ${l}`)
                    .join("\n"),
              )
              .map((s) => s + "\n")
              .join("") +
            (record.passed ? "" : `  output: ${log}\n`),
        );
      }
    }
    const failed = records.filter((r) => !r.passed);
    process.stdout.write(
      `\n${records.length - failed.length} of ${records.length} runs passed` +
        (failed.length === 0
          ? "\n"
          : `; failed: ${failed.map((r) => `${r.example} run ${r.run}`).join(", ")}\n`),
    );
    return failed.length === 0 ? 0 : 1;
  } finally {
    const keep = options.keep || records.some((r) => !r.passed);
    if (keep) say(`kept ${scratch}`);
    else rmSync(scratch, { recursive: true, force: true, maxRetries: 3 });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `test:faults:repeat failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  },
);
