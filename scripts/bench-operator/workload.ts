// The harness's side of a run: it creates N Database objects as admin and watches them until each
// reports Ready=True for its generation, timing each object from the moment its create was sent.
// Its own requests go as the admin user, so the audit log keeps them apart from the operator's.

import { request as httpRequest, type Agent as HttpAgent } from "node:http";
import { Agent, request } from "node:https";
import type { KubeConfig } from "@kubernetes/client-node";
import { ReadyWatch } from "./ready-watch.ts";

const BASE = "/apis/db.example.com/v1alpha1";
/** Creates in flight at once: enough to feed four workers, the same for both operators. */
const CREATES_IN_FLIGHT = 8;

export interface Client {
  server: string;
  /** An https.Agent with the admin's client certificate (an http.Agent for a plain http:// server). */
  agent: HttpAgent;
}

export function adminClient(config: KubeConfig): Client {
  const cluster = config.getCurrentCluster();
  const user = config.getCurrentUser();
  if (!cluster?.caData || !user?.certData || !user.keyData)
    throw new Error("admin kubeconfig lacks certificates");
  const pem = (b64: string) => Buffer.from(b64, "base64").toString("utf8");
  const agent = new Agent({
    ca: pem(cluster.caData),
    cert: pem(user.certData),
    key: pem(user.keyData),
    keepAlive: true,
    maxSockets: CREATES_IN_FLIGHT + 2,
  });
  return { server: cluster.server, agent };
}

/** One JSON request; resolves with status and parsed body. */
export function call(
  client: Client,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const url = new URL(path, client.server);
    const req = (url.protocol === "https:" ? request : httpRequest)(
      url,
      {
        method,
        agent: client.agent,
        headers: {
          accept: "application/json",
          ...(payload ? { "content-type": "application/json" } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

export function databaseBody(namespace: string, name: string): object {
  return {
    apiVersion: "db.example.com/v1alpha1",
    kind: "Database",
    metadata: { name, namespace, labels: { "app.kubernetes.io/part-of": "bench" } },
    spec: {
      engine: "postgres",
      version: "16",
      size: "small",
      storageGB: 20,
      backup: { enabled: true, retentionDays: 7 },
      allowedCIDRs: ["10.0.0.0/16"],
      tags: { team: "bench", costCenter: "cc-1234" },
    },
  };
}

export interface Convergence {
  /** ms since epoch: the first create sent. */
  startMs: number;
  /** ms since epoch: the last object seen Ready. */
  endMs: number;
  /** Per object, create sent to Ready seen, in ms, sorted. */
  perObjectMs: number[];
  /** Times the harness's own watch was closed and it listed again (a late reading, not an error). */
  harnessWatchRestarts: number;
}

/**
 * Creates `count` objects in `namespace` and resolves when all are Ready. `check` runs every
 * 100 ms with the number Ready so far (e.g. "is the operator still alive") and rejects the run
 * by throwing.
 */
export async function createAndAwaitReady(
  client: Client,
  namespace: string,
  count: number,
  timeoutMs: number,
  check: (ready: number) => void,
): Promise<Convergence> {
  const names = Array.from({ length: count }, (_, i) => `db-${String(i).padStart(5, "0")}`);
  const sentAt = new Map<string, number>();
  const readyAt = new Map<string, number>();
  const watch = new ReadyWatch(client, namespace, (name) => {
    if (!readyAt.has(name)) readyAt.set(name, Date.now());
  });
  await watch.start();
  try {
    const startMs = Date.now();
    let next = 0;
    const worker = async () => {
      while (next < names.length) {
        const name = names[next++]!;
        sentAt.set(name, Date.now());
        const res = await call(
          client,
          "POST",
          `${BASE}/namespaces/${namespace}/databases`,
          databaseBody(namespace, name),
        );
        if (res.status !== 201)
          throw new Error(`create ${name}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    };
    await Promise.all(Array.from({ length: CREATES_IN_FLIGHT }, worker));
    const deadline = startMs + timeoutMs;
    while (readyAt.size < count) {
      check(readyAt.size);
      watch.check();
      if (Date.now() > deadline)
        throw new Error(
          `only ${readyAt.size} of ${count} objects Ready after ${timeoutMs / 1000} s`,
        );
      await new Promise((r) => setTimeout(r, 100));
    }
    const perObjectMs = names.map((n) => readyAt.get(n)! - sentAt.get(n)!).sort((a, b) => a - b);
    return {
      startMs,
      endMs: Math.max(...readyAt.values()),
      perObjectMs,
      harnessWatchRestarts: watch.restarts,
    };
  } finally {
    watch.stop();
  }
}
