// The process-wide handlers, in a process of their own: they end the process they are installed in.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";

const crashModule = new URL("../src/crash-on-unhandled.ts", import.meta.url).href;
const loggerModule = new URL("../src/logger.ts", import.meta.url).href;

/** Runs `body` in a fresh Node process with the handlers installed as main.ts installs them. */
function runWithHandlers(body: string) {
  const source = [
    `import { crashOnUnhandled } from ${JSON.stringify(crashModule)};`,
    `import { createLogger } from ${JSON.stringify(loggerModule)};`,
    `crashOnUnhandled(createLogger(), (code) => process.exit(code));`,
    // Something that would keep a healthy process alive: the crash must not wait for it.
    `setTimeout(() => {}, 30_000);`,
    body,
  ].join("\n");
  const started = performance.now();
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", source], {
    encoding: "utf8",
    timeout: 60_000,
  });
  const lines = result.stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { status: result.status, lines, stderr: result.stderr, ms: performance.now() - started };
}

test("a rejection nobody handles is logged as one JSON error line with its stack, then exit 1", () => {
  const run = runWithHandlers(`void Promise.reject(new Error("a floating promise failed"));`);
  assert.equal(run.status, 1, run.stderr);
  assert.ok(run.ms < 29_000, "exits at once, not when the pending 30 s timer is done");
  const line = run.lines.find((l) => l.msg === "unhandled rejection, exiting");
  assert.ok(
    line !== undefined,
    `no such line in ${JSON.stringify(run.lines)} (stderr: ${run.stderr})`,
  );
  assert.equal(line.level, "error");
  const err = line.err as { message?: string; stack?: string };
  assert.equal(err.message, "a floating promise failed");
  assert.match(err.stack ?? "", /a floating promise failed\n\s+at /);
});

test("an exception thrown from a timer is logged the same way, then exit 1", () => {
  const run = runWithHandlers(`setTimeout(() => { throw new Error("a timer threw"); }, 1);`);
  assert.equal(run.status, 1, run.stderr);
  const line = run.lines.find((l) => l.msg === "uncaught exception, exiting");
  assert.ok(
    line !== undefined,
    `no such line in ${JSON.stringify(run.lines)} (stderr: ${run.stderr})`,
  );
  assert.equal((line.err as { message?: string }).message, "a timer threw");
});

test("a rejection with no Error still names what it was", () => {
  const run = runWithHandlers(`void Promise.reject("a plain string");`);
  assert.equal(run.status, 1, run.stderr);
  const line = run.lines.find((l) => l.msg === "unhandled rejection, exiting");
  assert.equal(line?.err, "a plain string");
});
