// The whole of a project's test run setup, for `node --test --test-global-setup`: the project's
// test/global-setup.ts re-exports these two functions. One control plane starts while strict
// tsc checks the project beside it (so a type error fails the run before any test, without
// making the run wait), and a watchdog reports a loop that never yields.

import { enableCompileCache } from "node:module";
import { join } from "node:path";
import { PROJECT_ROOT } from "./control-plane.ts";
import { watchEventLoop, type EventLoopWatchdog } from "./event-loop-watchdog.ts";
import { startRunControlPlane, stopRunControlPlane } from "./run-control-plane.ts";
import { typeCheck } from "./typecheck.ts";

// A rejection nobody handled once the last test has ended (say, a stream that errors as the
// control plane stops) fails the run with exit 1, and node --test prints nothing about it: say what it was.
process.on("unhandledRejection", (reason) => {
  const shown = reason instanceof Error ? (reason.stack ?? reason.message) : String(reason);
  process.stderr.write(`# unhandled rejection: ${shown}\n`);
  process.exitCode = 1;
});

let watchdog: EventLoopWatchdog | undefined;

export async function globalSetup(): Promise<void> {
  // A loop that never yields starves every test timeout: the watchdog says where it is.
  watchdog = watchEventLoop();
  // Node's on-disk code cache, the way Go's build cache serves `go test`: tsc (a child, through
  // the variable) and the test files loaded after this (@kubernetes/client-node alone is most of
  // a second of compiling) start from what the previous run compiled.
  process.env.NODE_COMPILE_CACHE ??= join(PROJECT_ROOT, "node_modules", ".cache", "node-compile");
  enableCompileCache(process.env.NODE_COMPILE_CACHE);
  const [types, plane] = await Promise.allSettled([
    typeCheck(PROJECT_ROOT),
    startRunControlPlane(),
  ]);
  if (types.status === "rejected") {
    if (plane.status === "fulfilled") await stopRunControlPlane();
    throw types.reason;
  }
  process.stdout.write(`# tsc --noEmit: no type errors, ${(types.value / 1_000).toFixed(1)} s\n`);
  if (plane.status === "rejected") throw plane.reason;
}

export async function globalTeardown(): Promise<void> {
  await watchdog?.stop();
  await stopRunControlPlane();
}
