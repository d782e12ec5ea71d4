// Says where the test process is stuck when its event loop stops turning. A synchronous loop, or
// a promise chain that keeps scheduling itself through microtasks, starves every timer: no test
// timeout fires, node --test prints nothing more, and the run ends only when the kernel's OOM
// killer or the CI's limit does, with no clue what ran (one fault-suite run grew to 23 GB so).
// A worker thread watches a heartbeat the main thread's timers write; when it stalls, the worker
// pauses the main thread through the inspector (which interrupts running JavaScript, loops
// included), writes the paused stack to stderr and lets it go on.

import { Worker } from "node:worker_threads";

/** A heartbeat older than this is a stall worth a stack (a full GC or tsc's startup is shorter). */
export const DEFAULT_STALL_MS = 20_000;

const WORKER_SOURCE = String.raw`
const { workerData } = require("node:worker_threads");
const { Session } = require("node:inspector");
const { writeSync } = require("node:fs");
const beat = new Float64Array(workerData.heartbeat);
const say = (text) => writeSync(2, text);
let reported = 0;
function frames(callFrames, urls) {
  return callFrames
    .slice(0, 40)
    .map((f) => "#   at " + (f.functionName || "<anonymous>") + " (" + (f.url || urls.get(f.location.scriptId) || "script " + f.location.scriptId) + ":" + (f.location.lineNumber + 1) + ":" + (f.location.columnNumber + 1) + ")")
    .join("\n");
}
function inspect(stalledMs) {
  const session = new Session();
  session.connectToMainThread();
  // Modules node loads with their types stripped have no url in a frame; their scripts do.
  const urls = new Map();
  session.on("Debugger.scriptParsed", ({ params }) => urls.set(params.scriptId, params.url));
  session.once("Debugger.paused", ({ params }) => {
    say("# event loop stalled for " + Math.round(stalledMs) + " ms; the main thread is at:\n" + frames(params.callFrames, urls) + "\n");
    beat[1] += 1;
    session.post("Debugger.resume", () => session.disconnect());
  });
  session.post("Debugger.enable", () => session.post("Debugger.pause"));
}
setInterval(() => {
  const stalledMs = Date.now() - beat[0];
  // Once per stall, and again every minute it lasts, so a loop that moves on is seen moving.
  if (stalledMs > workerData.stallMs && Date.now() - reported > 60_000) {
    reported = Date.now();
    inspect(stalledMs);
  }
}, 1_000);
`;

export interface EventLoopWatchdog {
  /** Stalls reported so far (readable even while the main thread spins). */
  reports(): number;
  stop(): Promise<void>;
}

/**
 * Starts the watchdog for this process. Neither the heartbeat nor the worker keeps the process
 * alive.
 */
export function watchEventLoop(stallMs = DEFAULT_STALL_MS): EventLoopWatchdog {
  // [0]: the main thread's last heartbeat (ms); [1]: stalls the worker reported.
  const heartbeat = new SharedArrayBuffer(16);
  const beat = new Float64Array(heartbeat);
  beat[0] = Date.now();
  const timer = setInterval(() => (beat[0] = Date.now()), 500);
  timer.unref();
  // No inherited flags: the source is CommonJS whatever the process was started with.
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    execArgv: [],
    workerData: { heartbeat, stallMs },
  });
  worker.unref();
  return {
    reports: () => beat[1]!,
    stop: async () => {
      clearInterval(timer);
      await worker.terminate();
    },
  };
}
