// The harness's side of a run: it creates N Database objects as admin and watches them until each
// reports Ready=True for its generation, timing each object from the moment its create was sent.
// Its own requests go as the admin user, so the audit log keeps them apart from the operator's.

import { Agent, request } from "node:https";
import type { KubeConfig } from "@kubernetes/client-node";

const BASE = "/apis/db.example.com/v1alpha1";
/** Creates in flight at once: enough to feed four workers, the same for both operators. */
const CREATES_IN_FLIGHT = 8;

export interface Client {
  server: string;
  agent: Agent;
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
    const req = request(
      new URL(path, client.server),
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

function isReady(obj: any): boolean {
  const generation = obj?.metadata?.generation;
  return (obj?.status?.conditions ?? []).some(
    (c: any) => c.type === "Ready" && c.status === "True" && c.observedGeneration === generation,
  );
}

export interface Convergence {
  /** ms since epoch: the first create sent. */
  startMs: number;
  /** ms since epoch: the last object seen Ready. */
  endMs: number;
  /** Per object, create sent to Ready seen, in ms, sorted. */
  perObjectMs: number[];
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
  const list = await call(client, "GET", `${BASE}/namespaces/${namespace}/databases`);
  if (list.status !== 200) throw new Error(`list databases: ${list.status}`);
  const watch = watchReady(client, namespace, list.body.metadata.resourceVersion, (name) => {
    if (!readyAt.has(name)) readyAt.set(name, Date.now());
  });
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
    return { startMs, endMs: Math.max(...readyAt.values()), perObjectMs };
  } finally {
    watch.stop();
  }
}

function watchReady(
  client: Client,
  namespace: string,
  resourceVersion: string,
  onReady: (name: string) => void,
) {
  let failure: Error | undefined;
  let buffer = "";
  const req = request(
    new URL(
      `${BASE}/namespaces/${namespace}/databases?watch=1&resourceVersion=${resourceVersion}`,
      client.server,
    ),
    { agent: client.agent, headers: { accept: "application/json" } },
    (res) => {
      if (res.statusCode !== 200) failure = new Error(`watch databases: ${res.statusCode}`);
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buffer += chunk;
        let newline: number;
        while ((newline = buffer.indexOf("\n")) >= 0) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 1);
          if (line === "") continue;
          const event = JSON.parse(line);
          if (event.type === "ERROR")
            failure = new Error(`watch error: ${JSON.stringify(event.object)}`);
          else if (isReady(event.object)) onReady(event.object.metadata.name);
        }
      });
      res.on("end", () => (failure ??= new Error("the harness's watch ended early")));
    },
  );
  req.on("error", (err) => (failure ??= err));
  req.end();
  return {
    check: () => {
      if (failure) throw failure;
    },
    stop: () => req.destroy(),
  };
}
