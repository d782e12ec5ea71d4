// One control-plane binary as a child process: its own process group (so the whole group can be
// signalled), output captured to a log file in the run directory, killed as a group.
// The same protocol as the generated projects' envtest harness; that harness is a template
// compiled into each project, so the generator carries its own small copy.

import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import { join } from "node:path";

export class ChildBinary {
  readonly name: string;
  readonly pid: number;
  readonly logPath: string;
  readonly exited: Promise<string>;
  #exitedWith: string | undefined;
  readonly #child: ChildProcess;

  constructor(name: string, binary: string, args: string[], directory: string) {
    this.name = name;
    this.logPath = join(directory, `${name}.log`);
    const log = openSync(this.logPath, "w");
    try {
      this.#child = spawn(binary, args, { detached: true, stdio: ["ignore", log, log] });
    } finally {
      closeSync(log);
    }
    this.exited = new Promise((resolve) => {
      this.#child.once("error", (error) =>
        resolve((this.#exitedWith = `failed: ${error.message}`)),
      );
      this.#child.once("exit", (code, signal) =>
        resolve((this.#exitedWith = signal ? `killed by ${signal}` : `exited with code ${code}`)),
      );
    });
    // validate must be able to end while the binaries are still shutting down.
    this.#child.unref();
    if (this.#child.pid === undefined) throw new Error(`${name}: could not start ${binary}`);
    this.pid = this.#child.pid;
  }

  /** Throws with the log tail when the process has ended, so a crash during start fails fast. */
  assertRunning(): void {
    if (this.#exitedWith !== undefined)
      throw new Error(`${this.name} ${this.#exitedWith}\n${this.tail()}`);
  }

  tail(lines = 15): string {
    try {
      const last = readFileSync(this.logPath, "utf8").trimEnd().split("\n").slice(-lines);
      return `--- last ${last.length} lines of ${this.logPath}\n${last.join("\n")}`;
    } catch {
      return `(no ${this.name} log)`;
    }
  }

  /** Kills the group and waits until the process is gone. */
  async kill(): Promise<void> {
    this.#child.ref(); // an unref'd child alone would let Node exit before its exit event
    this.killNow();
    await this.exited;
  }

  /** Synchronous, so exit and signal handlers can use it too. */
  killNow(): void {
    this.#signalGroup("SIGKILL");
  }

  #signalGroup(signal: NodeJS.Signals): boolean {
    if (this.#exitedWith !== undefined) return false;
    try {
      process.kill(-this.pid, signal);
      return true;
    } catch {
      return false;
    }
  }
}
