// One writing run per project at a time. Two `generate` runs that plan from the same lock and
// then both write leave conflict markers no single run would (issue 22, finding 5), so a run
// that writes first creates RUN_LOCK_PATH with O_EXCL (the kernel decides who wins) holding its
// pid, the process's start time and the host; a second run refuses, naming the holder.
//
// Why not proper-lockfile: it judges staleness by an mtime refreshed on a timer, and the write
// stage is synchronous, so a long write would look stale to a waiting run and be taken over.
// Liveness here comes from the kernel instead: a lock whose process is gone (kill -0 says ESRCH)
// or whose pid now belongs to a younger process (the start time in /proc differs) is stale.
// Taking a stale lock over is check-then-remove, which two runs could interleave (one removing
// the lock the other just took); a short-lived breaker file, itself O_EXCL, serializes that step.

import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { resolveInside } from "../base/safe-path.ts";

export const RUN_LOCK_PATH = ".create-operator/run.lock";
const BREAKER_SUFFIX = ".break";
/** A breaker older than this was left by a run killed in the microseconds it holds one. */
const STALE_BREAKER_MS = 10_000;

interface Holder {
  pid: number;
  /** /proc/<pid>/stat starttime (clock ticks since boot); absent off Linux. */
  start?: string;
  host: string;
  command: string;
  since: string;
}

export class RunLockHeldError extends Error {
  readonly hint: string;
  readonly holder: Holder | undefined;
  constructor(path: string, holder: Holder | undefined) {
    super(
      holder
        ? `another create-operator ${holder.command} (pid ${holder.pid} on ${holder.host}, since ${holder.since}) is writing this project; it holds ${path}`
        : `another create-operator run is taking over or writing this project (${path} is busy)`,
    );
    this.name = "RunLockHeldError";
    this.holder = holder;
    this.hint =
      "Wait for it to finish and run again. A lock left by a killed run is taken over automatically; a lock from another host is never guessed at: remove it by hand only when no run is active there.";
  }
}

export interface RunLock {
  release(): void;
  /** The stale holder this run took over from, if any (to tell the user). */
  tookOverFrom?: Holder;
}

/** Takes the project's run lock, or throws RunLockHeldError naming who holds it. */
export function acquireRunLock(root: string, command: string): RunLock {
  const path = resolveInside(root, RUN_LOCK_PATH);
  const me: Holder = {
    pid: process.pid,
    ...(processStart(process.pid) !== undefined ? { start: processStart(process.pid)! } : {}),
    host: hostname(),
    command,
    since: new Date().toISOString(),
  };
  const release = () => {
    // Only our own: a lock we no longer hold (taken over as stale by mistake) is left alone.
    if (readHolder(path)?.pid === me.pid && readHolder(path)?.start === me.start)
      rmSync(path, { force: true });
  };
  if (tryCreate(path, me)) return { release };
  const stale = takeOverStale(path);
  if (stale === "busy") throw new RunLockHeldError(RUN_LOCK_PATH, undefined);
  if (stale !== undefined && tryCreate(path, me)) return { release, tookOverFrom: stale };
  throw new RunLockHeldError(RUN_LOCK_PATH, readHolder(path));
}

function tryCreate(path: string, holder: Holder): boolean {
  let fd: number;
  try {
    fd = openSync(path, "wx", 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    writeSync(fd, JSON.stringify(holder) + "\n");
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Under the breaker: re-reads the lock and removes it when its holder is gone. Returns the
 * removed holder, undefined when the lock is live (or already gone), "busy" when another run
 * holds the breaker.
 */
function takeOverStale(path: string): Holder | "busy" | undefined {
  const breaker = path + BREAKER_SUFFIX;
  const me: Holder = { pid: process.pid, host: hostname(), command: "takeover", since: "" };
  if (!tryCreate(breaker, me)) {
    const age = ageMs(breaker);
    if (age === undefined || age < STALE_BREAKER_MS) return "busy";
    rmSync(breaker, { force: true });
    if (!tryCreate(breaker, me)) return "busy";
  }
  try {
    const holder = readHolder(path);
    if (holder === undefined) {
      // Gone meanwhile, or unreadable (a run killed between create and write): the latter is stale.
      if (ageMs(path) !== undefined && ageMs(path)! < STALE_BREAKER_MS) return undefined;
      rmSync(path, { force: true });
      return { pid: 0, host: "?", command: "(unreadable lock)", since: "" };
    }
    if (isAlive(holder)) return undefined;
    rmSync(path, { force: true });
    return holder;
  } finally {
    rmSync(breaker, { force: true });
  }
}

function isAlive(holder: Holder): boolean {
  // Another host's process cannot be asked: assume it runs.
  if (holder.host !== hostname()) return true;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the pid exists, owned by someone else.
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
  // The pid is in use; by the same process only if it started when the holder did.
  const start = processStart(holder.pid);
  return holder.start === undefined || start === undefined || start === holder.start;
}

function readHolder(path: string): Holder | undefined {
  try {
    const value = JSON.parse(readFileSync(path, "utf8")) as Partial<Holder>;
    return typeof value.pid === "number" && typeof value.host === "string"
      ? (value as Holder)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat, counted after the command name (which may hold spaces). */
export function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

function ageMs(path: string): number | undefined {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}
