// Runs the CLI's own entry point (generator/cli/main.ts) in a worker thread, one command per
// message, with stdout and stderr captured. A worker can be terminated mid-run, so a hang in the
// generator costs the fuzz one timeout instead of the whole test run.

import { parentPort } from "node:worker_threads";
import { main } from "../../../generator/cli/main.ts";

let stdout = "";
let stderr = "";
process.stdout.write = ((chunk: string | Uint8Array) => {
  stdout += String(chunk);
  return true;
}) as typeof process.stdout.write;
process.stderr.write = ((chunk: string | Uint8Array) => {
  stderr += String(chunk);
  return true;
}) as typeof process.stderr.write;

// Loading the generator (schema compilation included) takes seconds on a busy machine: say when
// it is done, so that time is not charged to the first input's time bound.
parentPort!.postMessage({ ready: true });

parentPort!.on("message", async ({ id, args }: { id: number; args: string[] }) => {
  stdout = "";
  stderr = "";
  process.exitCode = undefined;
  const started = performance.now();
  let code: number;
  try {
    code = await main(args);
  } catch (error) {
    code = -1;
    stderr += `main threw: ${error instanceof Error ? error.stack : String(error)}`;
  }
  parentPort!.postMessage({ id, code, stdout, stderr, ms: performance.now() - started });
});
