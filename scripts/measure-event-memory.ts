// Heap the runtime's KubeEventRecorder (packages/runtime/src/events.ts) holds per object
// it has recorded an Event about (issue 10: RSS growth per 1,000 cached objects). Not part of any
// suite; from the repository root:
//   node --expose-gc scripts/measure-event-memory.ts        (N=1000 objects by default)
// A local HTTP server answers the Events API (every create and patch accepted), so no control plane
// is needed. Each object gets one Ready transition Event built the way transition-events.ts builds
// it, from an object the way the informer cache holds it (parsed JSON, kept alive here as the
// cache would be: strings the recorder shares with the cache are the cache's cost, not its own).
// The number is the heap after a full GC with the recorder live, minus the heap after a full GC
// once it is released; the same for a recorder that recorded nothing is subtracted first, so what
// remains is what the recorded objects cost. Measured right after recording, and again once the
// objects are quiet (aggregation window and refill shortened to 50 ms, then one more Event about
// another object): what the recorder still holds for objects that can no longer aggregate or wait.

import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { KubeConfig } from "@kubernetes/client-node";
import { KubeEventRecorder, type EventRecord } from "../packages/runtime/src/events.ts";
import { silentLogger } from "../packages/runtime/src/logger.ts";

const N = Number(process.env.N ?? 1000);
const ROUNDS = 3;
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error("run with node --expose-gc");

/** Every create is stored (201), every patch answered (200): the recorder never sees an error. */
function acceptEvents(req: IncomingMessage, res: ServerResponse): void {
  let body = "";
  req.setEncoding("utf8");
  req.on("data", (chunk: string) => (body += chunk));
  req.on("end", () => {
    res.writeHead(req.method === "POST" ? 201 : 200, { "content-type": "application/json" });
    res.end(body || "{}");
  });
}

const server = createServer(acceptEvents);
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const kubeConfig = new KubeConfig();
kubeConfig.loadFromOptions({
  clusters: [
    {
      name: "events",
      server: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      skipTLSVerify: true,
    },
  ],
  users: [{ name: "operator" }],
  contexts: [{ name: "events", cluster: "events", user: "operator" }],
  currentContext: "events",
});

interface Cached {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace: string; uid: string };
  status: { conditions: { type: string; status: string; reason: string; message: string }[] };
}

/** Objects as the informer cache holds them: parsed from the API server's JSON. */
const cache: Cached[] = Array.from(
  { length: N + 1 },
  (_, i) =>
    JSON.parse(
      JSON.stringify({
        apiVersion: "db.example.com/v1alpha1",
        kind: "Database",
        metadata: {
          name: `db-${String(i).padStart(5, "0")}`,
          namespace: "bench",
          uid: randomUUID(),
        },
        status: {
          conditions: [
            {
              type: "Ready",
              status: "True",
              reason: "Reconciled",
              message: "generation 1 is in place",
            },
          ],
        },
      }),
    ) as Cached,
);

/** The Ready transition Event, shaped as transition-events.ts shapes it. */
function readyEvent(obj: Cached): EventRecord {
  const ready = obj.status.conditions[0]!;
  return {
    regarding: {
      apiVersion: obj.apiVersion,
      kind: obj.kind,
      name: obj.metadata.name,
      ...(obj.metadata.namespace ? { namespace: obj.metadata.namespace } : {}),
      uid: obj.metadata.uid,
    },
    type: "Normal",
    reason: ready.reason,
    action: "Reconcile",
    note: `Ready=${ready.status}: ${ready.message}`,
  };
}

async function heapAfterGc(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    gc!();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return process.memoryUsage().heapUsed;
}

/** Window and refill short enough that the objects soon have nothing to aggregate or wait for. */
const QUIET_MS = 50;

/**
 * Heap held by a live recorder that has recorded one Event for each of the first `n` objects;
 * `quiet`: measured once they are quiet and another object's Event has been recorded since.
 */
async function heldBy(n: number, quiet: boolean): Promise<number> {
  let recorder: KubeEventRecorder | undefined = new KubeEventRecorder(kubeConfig, {
    reportingController: "db.example.com/database-operator",
    reportingInstance: "bench",
    logger: silentLogger,
    ...(quiet ? { aggregationWindowMs: QUIET_MS, refillMs: QUIET_MS } : {}),
  });
  for (let i = 0; i < n; i += 100) {
    for (const obj of cache.slice(i, i + 100)) recorder.record(readyEvent(obj));
    await recorder.flush();
  }
  if (quiet) {
    await new Promise((resolve) => setTimeout(resolve, 2 * QUIET_MS));
    recorder.record(readyEvent(cache[N]!));
    await recorder.flush();
  }
  const live = await heapAfterGc();
  recorder = undefined;
  return live - (await heapAfterGc());
}

for (const quiet of [false, true]) {
  const what = quiet ? "once the objects are quiet" : "right after recording";
  const perObject: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const idle = await heldBy(0, quiet);
    const full = await heldBy(N, quiet);
    perObject.push((full - idle) / N);
    console.log(
      `${what}, round ${round}: recorder idle ${idle} B, with ${N} objects ${full} B: ` +
        `${((full - idle) / N).toFixed(0)} B per object`,
    );
  }
  perObject.sort((a, b) => a - b);
  const median = perObject[Math.floor(perObject.length / 2)]!;
  console.log(
    `${what}: median ${median.toFixed(0)} B per object, ` +
      `${((median * 1000) / 1024).toFixed(0)} KiB per 1,000`,
  );
}
server.closeAllConnections();
server.close();
