// A writing command's pipeline runs under the project's run lock (write/run-lock.ts), from the
// moment it reads the project's state to the last rename: a second run that planned from the
// same state would otherwise write conflicts no single run makes. Dry runs write nothing and
// take no lock.

import { acquireRunLock } from "../write/run-lock.ts";
import type { Reporter } from "./report.ts";

export async function withRunLock<T>(
  reporter: Reporter,
  root: string,
  command: string,
  dryRun: boolean,
  run: () => Promise<T>,
): Promise<T> {
  if (dryRun) return run();
  const lock = acquireRunLock(root, command);
  if (lock.tookOverFrom)
    reporter.note(
      `took over the project's run lock from pid ${lock.tookOverFrom.pid} (${lock.tookOverFrom.command}), which is no longer running`,
    );
  try {
    return await run();
  } finally {
    lock.release();
  }
}
