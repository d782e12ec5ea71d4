// `npm test`, which CI runs on a fresh machine: every check and test in order, each step's wall
// time printed, stopping at the first failure. The control-plane build (`npm run envtest`: minutes
// of `go build` on a fresh machine, instant once cached) starts first and runs beside the steps
// that do not need a control plane (type-check, format check, unit tests); the end-to-end tests
// wait for it. Its output is held back and printed whole when it ends, so the two do not interleave.
// helm (`npm run tools:helm`, for the chart's end-to-end test) is built beside it the same way.

import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const say = (message: string) => process.stdout.write(`# npm test: ${message}\n`);
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

interface Finished {
  code: number | null;
  output: string;
  /** Its own wall time, from start to exit (a background step ends before it is awaited). */
  took: string;
}

/**
 * `npm run <script>`: its output streamed (foreground) or kept until it ends (background). Every
 * step gets a temporary directory of its own as TMPDIR: the tests' generated projects (hundreds of
 * MB each with node_modules) land there, and `step` removes it when the step passes.
 */
function npmRun(script: string, background = false, tmp?: string): Promise<Finished> {
  // In the background at low priority: the steps in front are what the run waits for.
  const [command, args] = background
    ? ["nice", ["-n", "10", "npm", "run", "--silent", script]]
    : ["npm", ["run", "--silent", script]];
  const child = spawn(command, args, {
    stdio: background ? ["ignore", "pipe", "pipe"] : "inherit",
    // Its own process group, so a failing step can stop the whole build (npm, go, compilers).
    detached: background,
    env: tmp === undefined ? process.env : { ...process.env, TMPDIR: tmp },
  });
  if (background) inBackground.push(child);
  const started = Date.now();
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, output, took: seconds(started) }));
  });
}

/** The background builds while they run: stopped when a step fails, so nothing outlives the run. */
const inBackground: ChildProcess[] = [];
function stopBackground(): void {
  for (const child of inBackground)
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
}

async function step(script: string): Promise<void> {
  const started = Date.now();
  // A short path: the control plane's Unix sockets live under it, and their paths are limited.
  const tmp = mkdtempSync(join(tmpdir(), `npm-test-`));
  const { code } = await npmRun(script, false, tmp);
  if (code !== 0) {
    say(
      `${script} failed (exit ${code}) after ${seconds(started)}; its temporary files are kept in ${tmp}`,
    );
    stopBackground();
    process.exit(code ?? 1);
  }
  rmSync(tmp, { recursive: true, force: true });
  say(`${script}: ${seconds(started)}`);
}

const started = Date.now();
// The build comes first: the unit tests run the compiled CLI, the envtest command too.
await step("build");
const envtest = npmRun("envtest", true);
const helm = npmRun("tools:helm", true);
for (const script of ["typecheck", "format:check", "test:unit"]) await step(script);
for (const [script, build, without] of [
  ["envtest", envtest, "no control-plane binaries"],
  ["tools:helm", helm, "no helm"],
] as const) {
  const built = await build;
  process.stdout.write(built.output);
  if (built.code !== 0) {
    say(`${script} failed (exit ${built.code}): ${without} for the end-to-end tests`);
    stopBackground();
    process.exit(built.code ?? 1);
  }
  say(`${script} (beside the steps above): ${built.took}`);
}
await step("test:e2e");
say(`every test passed in ${seconds(started)}`);
