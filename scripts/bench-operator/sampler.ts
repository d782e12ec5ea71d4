// What a process costs, read from /proc as `top` and `ss` would: resident memory (VmRSS), CPU
// seconds (utime + stime of /proc/<pid>/stat) and open sockets (fds linking to socket:[...]).
// A sampler polls on a timer so that peaks between the measuring points are seen too.

import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in these ticks on every common platform. */
const CLOCK_TICKS = 100;
const MIB = 1024 * 1024;

export interface ProcessSample {
  rssMiB: number;
  cpuSeconds: number;
  sockets: number;
}

export function sample(pid: number): ProcessSample {
  return { rssMiB: rssMiB(pid), cpuSeconds: cpuSeconds(pid), sockets: openSockets(pid) };
}

export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (!match) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return round((Number(match[1]) * 1024) / MIB);
}

/**
 * A process's own peak resident memory since exec: VmHWM. Not resourceUsage().maxRSS, which on
 * Linux carries the parent's peak across fork and exec (a child of a large test process reports
 * its parent's size).
 */
export function peakRssMiB(pid: number | "self"): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const match = /^VmHWM:\s+(\d+) kB$/m.exec(status);
  if (!match) throw new Error(`no VmHWM in /proc/${pid}/status`);
  return round((Number(match[1]) * 1024) / MIB);
}

export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return round((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS);
}

export function openSockets(pid: number): number {
  let count = 0;
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith("socket:")) count++;
    } catch {
      // closed between readdir and readlink
    }
  }
  return count;
}

/** Polls a process every `intervalMs` and keeps the peaks; stops at stop() or when the process is gone. */
export class PeakSampler {
  peakRssMiB = 0;
  peakSockets = 0;
  readonly #timer: NodeJS.Timeout;

  readonly pid: number;

  readonly #onSample: ((now: ProcessSample) => void) | undefined;

  constructor(pid: number, intervalMs = 200, onSample?: (now: ProcessSample) => void) {
    this.pid = pid;
    this.#onSample = onSample;
    this.#poll();
    this.#timer = setInterval(() => this.#poll(), intervalMs);
  }

  /** Resets the peaks, e.g. at the start of a new phase. */
  reset(): void {
    this.peakRssMiB = 0;
    this.peakSockets = 0;
    this.#poll();
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  #poll(): void {
    try {
      const now = sample(this.pid);
      this.peakRssMiB = Math.max(this.peakRssMiB, now.rssMiB);
      this.peakSockets = Math.max(this.peakSockets, now.sockets);
      this.#onSample?.(now);
    } catch {
      // the process has exited; the run notices that on its own
    }
  }
}

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
