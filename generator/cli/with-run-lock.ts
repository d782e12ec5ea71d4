// A writing command runs under the project's run lock (write/run-lock.ts) from before it reads
// anything of the project to its last rename. Taken any later, a run that started while another
// was renaming its files would read half of the other's writes (a base mirror that does not match
// the lock: no damage, only a run in progress) or plan from the same state and write conflicts no
// single run makes. Under the lock it sees the state before or after, never between. Dry runs
// write nothing and take no lock.

import { acquireRunLock, type RunLock } from "../write/run-lock.ts";
import type { Reporter } from "./report.ts";

export async function withRunLock(
  reporter: Reporter,
  root: string,
  command: string,
  dryRun: boolean,
  run: () => Promise<number>,
): Promise<number> {
  let lock: RunLock | undefined;
  try {
    if (!dryRun) lock = acquireRunLock(root, command);
  } catch (error) {
    const { reportError } = await import("./report-error.ts");
    return reportError(reporter, error);
  }
  if (lock?.tookOverFrom)
    reporter.note(
      `took over the project's run lock from pid ${lock.tookOverFrom.pid} (${lock.tookOverFrom.command}), which is no longer running`,
    );
  try {
    return await run();
  } finally {
    lock?.release();
  }
}
