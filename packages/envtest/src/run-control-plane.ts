// One control plane for the whole test run, started before any test file runs and stopped after
// the last (see global-setup.ts, which node --test calls). Test files connect through the file
// that CONNECTION_ENV names, in this process (--test-isolation=none, as `npm test` runs them) or
// in their own (node --test passes this process's environment on to every file).
// A start that fails stops whatever it started and fails the run before any test; teardown
// checks that no process and no file outlived the stop.

import { existsSync, readFileSync } from "node:fs";
import { ControlPlane } from "./control-plane.ts";
import { CONNECTION_ENV } from "./connection.ts";

let plane: ControlPlane | undefined;

export async function startRunControlPlane(): Promise<void> {
  try {
    plane = await ControlPlane.start();
  } catch (error) {
    // Said once and plainly: node prints a bare stack for a failing global setup.
    process.stderr.write(`# envtest: the test run's control plane did not start, so no test ran\n`);
    throw error;
  }
  process.env[CONNECTION_ENV] = await plane.writeConnection();
}

export async function stopRunControlPlane(): Promise<void> {
  try {
    await stopAndCheck();
  } catch (error) {
    // node --test fails the run with exit 1 for a teardown that throws, and prints nothing: say why.
    process.stderr.write(
      `# envtest: teardown failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    throw error;
  }
}

async function stopAndCheck(): Promise<void> {
  if (plane === undefined) return;
  const { pids, directory } = plane;
  await plane.stop();
  plane = undefined;
  delete process.env[CONNECTION_ENV];
  const survivors = pids.filter(isAlive);
  if (survivors.length > 0 || existsSync(directory)) {
    throw new Error(
      `envtest: after stop, ${survivors.length > 0 ? `processes ${survivors.map(describe).join(", ")} still run` : ""}` +
        `${existsSync(directory) ? ` ${directory} still exists` : ""}`,
    );
  }
}

/** A pid with what /proc says of it, so a survivor can be told from a reused pid. */
function describe(pid: number): string {
  try {
    return `${pid} (${readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim()})`;
  } catch {
    return `${pid} (group)`;
  }
}

/** Whether the process or its group still exists (signal 0 checks without signalling). */
function isAlive(pid: number): boolean {
  for (const target of [pid, -pid]) {
    try {
      process.kill(target, 0);
      return true;
    } catch {
      // ESRCH: gone
    }
  }
  return false;
}
