// Before a writing command reads the project: a run killed while writing left a transaction
// (write/journal.ts); it is settled under the run lock, so the state this run reads is whole.
// An older create-operator's killed run left `<file>.<pid>.tmp` files instead: removed first.

import { hasInterruptedWrite, recoverInterruptedWrite } from "../write/journal.ts";
import { acquireRunLock } from "../write/run-lock.ts";
import { removeLegacyTemporaries } from "../write/legacy-temporaries.ts";
import type { Reporter } from "./report.ts";

export function recoverInterruptedRun(
  reporter: Reporter,
  root: string,
  command: string,
  options: { lockHeld?: boolean } = {},
): void {
  for (const path of removeLegacyTemporaries(root))
    reporter.note(
      `removed ${path}, left by a run of an older create-operator that was killed while writing`,
    );
  if (!hasInterruptedWrite(root)) return;
  const lock = options.lockHeld ? undefined : acquireRunLock(root, command);
  try {
    const recovery = recoverInterruptedWrite(root);
    if (recovery === "finished")
      reporter.note(`finished the interrupted run's writes (its journal was committed)`);
    else if (recovery === "rolled back")
      reporter.note(`removed an interrupted run's uncommitted writes; the project was not changed`);
  } finally {
    lock?.release();
  }
}
