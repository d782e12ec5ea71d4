// Last-resort cleanup. The binaries run in their own process groups, so Ctrl-C in a terminal
// does not reach them, and a test process that exits without stop() would orphan them. Every
// live control plane registers here; on exit or a terminating signal each is killed at once.

const live = new Set<() => void>();
let installed = false;

function killAll(): void {
  for (const kill of live) kill();
  live.clear();
}

function install(): void {
  installed = true;
  process.once("exit", killAll);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.once(signal, () => {
      killAll();
      // `once` has removed this listener: re-raising ends the process the way the signal would have.
      process.kill(process.pid, signal);
    });
  }
}

/** Registers a synchronous kill; returns the function that unregisters it after a clean stop. */
export function registerForCleanup(kill: () => void): () => void {
  if (!installed) install();
  live.add(kill);
  return () => live.delete(kill);
}
