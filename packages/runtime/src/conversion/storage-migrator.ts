// The storage migration as the manager runs it: passed among `controllers: [...]`, it migrates
// only while this replica leads (two replicas re-writing the same objects would double the load
// for nothing), retries with backoff when a run fails, and stops with the others on shutdown.

import { backoffDelay, type BackoffSettings } from "../backoff.ts";
import { abortableSleep } from "../abortable-sleep.ts";
import { errorMessage } from "../errors.ts";
import { migrateStorage, type StorageMigrationOptions } from "./storage-migration.ts";

export interface StorageMigratorOptions extends Omit<
  StorageMigrationOptions,
  "crdName" | "signal"
> {
  /** Every CRD of the operator, by name: each is migrated when its storedVersions needs it. */
  crdNames: readonly string[];
  backoff?: BackoffSettings;
}

export class StorageMigrator {
  readonly #options: StorageMigratorOptions;
  #abort: AbortController | undefined;
  #running: Promise<void> | undefined;

  constructor(options: StorageMigratorOptions) {
    this.#options = options;
  }

  /** Nothing to prepare: the work starts when this replica leads. */
  async start(): Promise<void> {}

  setLeading(leading: boolean): void {
    if (!leading) return void this.#abort?.abort();
    if (this.#running) return;
    const abort = (this.#abort = new AbortController());
    this.#running = this.#run(abort.signal).finally(() => (this.#running = undefined));
  }

  /** Resolves once every CRD's migration is done (or stopped): for tests and for shutdown. */
  async done(): Promise<void> {
    await this.#running;
  }

  async stop(): Promise<void> {
    this.#abort?.abort();
    await this.#running;
  }

  async #run(signal: AbortSignal): Promise<void> {
    const { crdNames, backoff = { initialMs: 1_000, maxMs: 60_000 }, ...options } = this.#options;
    for (const crdName of crdNames) {
      for (let failures = 0; !signal.aborted;) {
        try {
          await migrateStorage({ ...options, crdName, signal });
          break;
        } catch (err) {
          if (signal.aborted) return;
          failures++;
          options.logger.warn("storage migration failed; retrying", {
            crd: crdName,
            failures,
            err: errorMessage(err),
          });
          await abortableSleep(backoffDelay(failures, backoff), signal);
        }
      }
    }
  }
}
