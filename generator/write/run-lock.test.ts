// The project's run lock (issue 22, finding 5): a live holder is named and refused; a lock left
// by a killed run, or by a pid the kernel has since given to another process, is taken over;
// and when several runs race to take over one stale lock, exactly one wins, every round.

import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { acquireRunLock, processStart, RUN_LOCK_PATH, RunLockHeldError } from "./run-lock.ts";

function project(): string {
  const root = mkdtempSync(join(tmpdir(), "run-lock-"));
  mkdirSync(join(root, ".create-operator"));
  return root;
}

function holdAs(root: string, pid: number, start = processStart(pid)): void {
  writeFileSync(
    join(root, RUN_LOCK_PATH),
    JSON.stringify({ pid, start, host: hostname(), command: "generate", since: "earlier" }),
  );
}

/** The pid of a process that has exited (and been reaped). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], {
    encoding: "utf8",
  });
  return Number(child.stdout);
}

test("a second run refuses while the first holds the lock, naming its pid; release frees it", () => {
  const root = project();
  const first = acquireRunLock(root, "generate");
  const holder = JSON.parse(readFileSync(join(root, RUN_LOCK_PATH), "utf8"));
  assert.equal(holder.pid, process.pid);
  // Another live process holds it (this test's own pid would look like a re-entry, so a child).
  first.release();
  assert.equal(existsSync(join(root, RUN_LOCK_PATH)), false);
  const sleeper = spawn("sleep", ["30"]);
  try {
    holdAs(root, sleeper.pid!);
    assert.throws(
      () => acquireRunLock(root, "generate"),
      (error: unknown) =>
        error instanceof RunLockHeldError &&
        error.message.includes(`pid ${sleeper.pid}`) &&
        /Wait for it to finish/.test(error.hint),
    );
    assert.equal(JSON.parse(readFileSync(join(root, RUN_LOCK_PATH), "utf8")).pid, sleeper.pid);
  } finally {
    sleeper.kill("SIGKILL");
  }
});

test("a lock left by a killed run is taken over, and says whose it was", () => {
  const root = project();
  const dead = deadPid();
  holdAs(root, dead, "12345");
  const lock = acquireRunLock(root, "generate");
  assert.equal(lock.tookOverFrom?.pid, dead);
  assert.equal(JSON.parse(readFileSync(join(root, RUN_LOCK_PATH), "utf8")).pid, process.pid);
  lock.release();
  assert.equal(existsSync(join(root, RUN_LOCK_PATH)), false);
});

test("a pid reused by a younger process does not keep a stale lock alive", () => {
  const root = project();
  assert.ok(processStart(process.pid), "Linux /proc gives a start time");
  holdAs(root, process.pid, "1"); // our pid, but a process that started at tick 1
  const lock = acquireRunLock(root, "generate");
  assert.equal(lock.tookOverFrom?.start, "1");
  lock.release();
});

const RACER = `
import { acquireRunLock } from ${JSON.stringify(new URL("./run-lock.ts", import.meta.url).href)};
try {
  acquireRunLock(process.argv[1], "race");
  process.stdout.write("won");
  setTimeout(() => {}, 1500); // hold it while the others try
} catch (error) {
  process.stdout.write(error.name);
}`;

test("racers over one stale lock: exactly one takes it over, in every round", async () => {
  const ROUNDS = 10;
  const RACERS = 4;
  for (let round = 0; round < ROUNDS; round++) {
    const root = project();
    holdAs(root, deadPid(), "1");
    const outcomes = await Promise.all(
      Array.from(
        { length: RACERS },
        () =>
          new Promise<string>((resolve) => {
            const child = spawn(process.execPath, ["--input-type=module", "-e", RACER, root]);
            let out = "";
            child.stdout.on("data", (d) => (out += d));
            child.on("close", () => resolve(out));
          }),
      ),
    );
    assert.equal(outcomes.filter((o) => o === "won").length, 1, `round ${round}: ${outcomes}`);
    assert.ok(
      outcomes.every((o) => o === "won" || o === "RunLockHeldError"),
      `round ${round}: ${outcomes}`,
    );
  }
});
