// The fields every log line of one reconcile carries: the object's key and a reconcile id
// (controller-runtime's reconcileID), so one pass can be followed through interleaved workers.
// They travel with the async context, so the reconciler, the providers and your hooks log them
// without being handed a logger per call.

import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

const storage = new AsyncLocalStorage<Readonly<Record<string, unknown>>>();

/** Runs `fn` with `key` and a fresh `reconcileID` on every line any logger writes meanwhile. */
export function withReconcileContext<R>(key: string, fn: () => Promise<R>): Promise<R> {
  return storage.run({ key, reconcileID: randomUUID() }, fn);
}

/** The fields of the reconcile in progress in this async context, if any. */
export function logContext(): Readonly<Record<string, unknown>> | undefined {
  return storage.getStore();
}
