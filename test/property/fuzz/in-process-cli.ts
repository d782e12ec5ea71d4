// The CLI's code path without a process per input: main() in a worker thread (cli-worker.ts),
// restarted after a hang.

import { Worker } from "node:worker_threads";

export interface CliRun {
  /** Undefined when the run did not finish in time (a hang). */
  code: number | undefined;
  stdout: string;
  stderr: string;
  ms: number;
}

interface Pending {
  id: number;
  resolve(run: CliRun): void;
  reject(error: unknown): void;
}

export class InProcessCli {
  #worker: Worker | undefined;
  #ready: Promise<void> | undefined;
  #pending: Pending | undefined;
  #next = 0;

  /** One command at a time: the worker captures one run's output. */
  async run(args: string[], timeoutMs: number): Promise<CliRun> {
    const worker = (this.#worker ??= this.#start());
    await this.#ready;
    const id = this.#next++;
    const started = performance.now();
    return new Promise<CliRun>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending = undefined;
        this.#worker = undefined;
        void worker.terminate();
        resolve({ code: undefined, stdout: "", stderr: "", ms: performance.now() - started });
      }, timeoutMs);
      this.#pending = {
        id,
        resolve: (run) => {
          clearTimeout(timer);
          resolve(run);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      worker.postMessage({ id, args });
    });
  }

  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    await worker?.terminate();
  }

  #start(): Worker {
    const worker = new Worker(new URL("./cli-worker.ts", import.meta.url), {
      env: { ...process.env, NO_COLOR: "1", CREATE_OPERATOR_NO_CACHE: "1" },
    });
    this.#ready = new Promise((resolve) =>
      worker.once("message", (message: { ready?: boolean }) => {
        if (message.ready) resolve();
      }),
    );
    worker.on("message", (message: CliRun & { id: number }) => {
      const pending = this.#pending;
      if (pending === undefined || pending.id !== message.id) return;
      this.#pending = undefined;
      pending.resolve(message);
    });
    worker.on("error", (error) => {
      const pending = this.#pending;
      this.#pending = undefined;
      if (this.#worker === worker) this.#worker = undefined;
      pending?.reject(error);
    });
    return worker;
  }
}
