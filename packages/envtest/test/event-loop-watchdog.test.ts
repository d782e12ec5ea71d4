// The watchdog in a process of its own, starved by a promise chain that reschedules itself.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";

const watchdog = new URL("../src/event-loop-watchdog.ts", import.meta.url).href;

test("a microtask loop that starves every timer is reported with the looping function", () => {
  const source = [
    `import { watchEventLoop } from ${JSON.stringify(watchdog)};`,
    `const watchdog = watchEventLoop(1_000);`,
    `function spinUntil(end) {`,
    `  if (watchdog.reports() === 0 && Date.now() < end)`,
    `    return Promise.resolve().then(() => spinUntil(end));`,
    `}`,
    // A loop no timer interrupts, until the watchdog has reported it (at most 20 s, however
    // slowly its thread starts), then the process ends normally.
    `setTimeout(() => spinUntil(Date.now() + 20_000).then(() => watchdog.stop()), 10);`,
  ].join("\n");
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", source], {
    encoding: "utf8",
    timeout: 60_000,
  });
  assert.equal(result.status, 0, result.stderr);
  // The thread is paused wherever the loop happens to be (in spinUntil, in the callback it chains,
  // or in what they call, such as reports()): the printed stack names lines 4 or 5 of the source.
  assert.match(
    result.stderr,
    /# event loop stalled for \d+ ms; the main thread is at:\n(?:# {3}at .*\n)*?# {3}at (?:spinUntil|<anonymous>) \([^)]*\[eval1\]:[45]:\d+\)/,
  );
});
