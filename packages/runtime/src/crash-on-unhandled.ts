// What the process does with an error nobody handled: a rejected promise nothing awaited, or an
// exception thrown from a timer or an event handler. Every failure the runtime expects is handled
// where it happens (retried with backoff, reported in status); one that reaches here means state
// the operator can no longer reason about (a watch loop, a lease round or a worker may have died
// with it). controller-runtime crashes on such a panic and lets the kubelet restart the pod; so
// does this, loudly: one JSON error line with the stack, on the same stream as every other log
// line, then exit 1. Node's own default also exits 1, but with a bare stack on stderr that log
// pipelines filtering JSON by level do not see, and a bundle can make it hard to read.

import type { Logger } from "./logger.ts";

/** Installs the process-wide handlers; `exit` is process.exit in main.ts. */
export function crashOnUnhandled(logger: Logger, exit: (code: number) => void): void {
  const crash = (message: string, err: unknown): void => {
    try {
      logger.error(message, { err });
    } catch {
      // The logger itself failed (say, an error that does not serialize): still say something.
      process.stderr.write(`${message}: ${err instanceof Error ? err.stack : String(err)}\n`);
    }
    exit(1);
  };
  process.on("unhandledRejection", (reason) => crash("unhandled rejection, exiting", reason));
  process.on("uncaughtException", (err) => crash("uncaught exception, exiting", err));
}
