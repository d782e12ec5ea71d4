// One control-plane binary as a child process, managed the way controller-runtime's envtest
// does it: its own process group (so the whole group can be signalled), output captured to a
// file in the run directory, SIGTERM then SIGKILL on stop.

import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";

/** How long a process gets to exit after SIGTERM before the group is killed. */
const GRACE_MS = 5_000;

/** A port the kernel considered free a moment ago. Another process may take it before the binary binds it, which is why starts are retried on fresh ports. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no TCP address");
  return address.port;
}

export class ManagedProcess {
  readonly name: string;
  readonly pid: number;
  readonly logPath: string;
  /** Resolves with a description of how the process ended. */
  readonly exited: Promise<string>;
  #exitedWith: string | undefined;
  readonly #child: ChildProcess;

  constructor(name: string, binary: string, args: string[], directory: string) {
    this.name = name;
    this.logPath = join(directory, `${name}.log`);
    const log = openSync(this.logPath, "w");
    try {
      // detached: a new process group whose id is the pid, so stop() can signal every process in it.
      this.#child = spawn(binary, args, { detached: true, stdio: ["ignore", log, log] });
    } finally {
      closeSync(log); // the child holds its own copy
    }
    this.exited = new Promise((resolve) => {
      this.#child.once("error", (error) =>
        resolve((this.#exitedWith = `failed: ${error.message}`)),
      );
      this.#child.once("exit", (code, signal) =>
        resolve((this.#exitedWith = signal ? `killed by ${signal}` : `exited with code ${code}`)),
      );
    });
    // A test that never calls stop() must not keep its process alive; the exit hook kills us.
    this.#child.unref();
    if (this.#child.pid === undefined) throw new Error(`${name}: could not start ${binary}`);
    this.pid = this.#child.pid;
  }

  get running(): boolean {
    return this.#exitedWith === undefined;
  }

  /** Throws with the log tail when the process has ended, so a crash during start fails fast. */
  assertRunning(): void {
    if (this.#exitedWith !== undefined)
      throw new Error(`${this.name} ${this.#exitedWith}\n${this.tail()}`);
  }

  tail(lines = 25): string {
    let text: string;
    try {
      text = readFileSync(this.logPath, "utf8");
    } catch {
      return `(no ${this.name} log)`;
    }
    const last = text.trimEnd().split("\n").slice(-lines);
    return `--- last ${last.length} lines of ${this.logPath}\n${last.join("\n")}`;
  }

  async stop(): Promise<void> {
    if (!this.#signalGroup("SIGTERM")) return void (await this.exited);
    let timer: NodeJS.Timeout | undefined;
    const killLater = new Promise<void>((resolve) => {
      timer = setTimeout(() => resolve(void this.#signalGroup("SIGKILL")), GRACE_MS);
    });
    await Promise.race([this.exited, killLater]);
    clearTimeout(timer); // a pending timer would hold the test process open for the whole grace period
    await this.exited;
  }

  /** SIGKILL to the group; resolves once the process has exited. */
  async kill(): Promise<void> {
    if (!this.#signalGroup("SIGKILL")) return void (await this.exited);
    // The child is unref'd (see the constructor), so without a handle of ours the event loop could
    // empty before its exit event arrives, leaving the caller's await unsettled.
    const keepAlive = setInterval(() => {}, 1_000);
    try {
      await this.exited;
    } finally {
      clearInterval(keepAlive);
    }
  }

  /** Synchronous, for process exit and signal handlers, which cannot wait. */
  killNow(): void {
    this.#signalGroup("SIGKILL");
  }

  /** False when the group is already gone. */
  #signalGroup(signal: NodeJS.Signals): boolean {
    try {
      process.kill(-this.pid, signal);
      return true;
    } catch {
      return false;
    }
  }
}
