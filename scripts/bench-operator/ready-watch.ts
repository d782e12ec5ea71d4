// The harness's view of which objects are Ready: a list, then a watch from its resourceVersion,
// and a fresh list and watch whenever the watch ends. The API server closes a watcher that falls
// behind (a harness short of CPU on a busy machine does), and it ends watches after a timeout:
// as an informer does, the harness re-lists, so a closed watch costs a late reading, not the run.

import { request, type ClientRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { call, type Client } from "./workload.ts";

const BASE = "/apis/db.example.com/v1alpha1";

export function isReady(obj: any): boolean {
  const generation = obj?.metadata?.generation;
  return (obj?.status?.conditions ?? []).some(
    (c: any) => c.type === "Ready" && c.status === "True" && c.observedGeneration === generation,
  );
}

export class ReadyWatch {
  /** Lists after the first: each one is a watch the server (or the network) ended. */
  restarts = 0;
  readonly #client: Client;
  readonly #namespace: string;
  readonly #onReady: (name: string) => void;
  #request: ClientRequest | undefined;
  #failure: Error | undefined;
  #stopped = false;

  constructor(client: Client, namespace: string, onReady: (name: string) => void) {
    this.#client = client;
    this.#namespace = namespace;
    this.#onReady = onReady;
  }

  /** Resolves once the first list is in and the watch is open. */
  start(): Promise<void> {
    return this.#listAndWatch();
  }

  /** Throws what made the harness unable to follow the objects (not a closed watch: that re-lists). */
  check(): void {
    if (this.#failure) throw this.#failure;
  }

  stop(): void {
    this.#stopped = true;
    this.#request?.destroy();
  }

  async #listAndWatch(): Promise<void> {
    const list = await call(this.#client, "GET", `${BASE}/namespaces/${this.#namespace}/databases`);
    if (list.status !== 200) throw new Error(`list databases: ${list.status}`);
    for (const item of list.body.items ?? []) if (isReady(item)) this.#onReady(item.metadata.name);
    this.#watch(list.body.metadata.resourceVersion);
  }

  #restart(): void {
    if (this.#stopped) return;
    this.restarts++;
    this.#listAndWatch().catch((error: Error) => (this.#failure ??= error));
  }

  #watch(resourceVersion: string): void {
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      this.#request?.destroy();
      this.#restart();
    };
    let buffer = "";
    const url = new URL(
      `${BASE}/namespaces/${this.#namespace}/databases?watch=1&resourceVersion=${resourceVersion}`,
      this.#client.server,
    );
    const send = url.protocol === "https:" ? httpsRequest : request;
    const req = send(
      url,
      { agent: this.#client.agent, headers: { accept: "application/json" } },
      (res) => {
        if (res.statusCode !== 200) {
          this.#failure ??= new Error(`watch databases: ${res.statusCode}`);
          return;
        }
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          buffer += chunk;
          let newline: number;
          while ((newline = buffer.indexOf("\n")) >= 0) {
            const line = buffer.slice(0, newline);
            buffer = buffer.slice(newline + 1);
            if (line === "") continue;
            const event = JSON.parse(line);
            // ERROR is 410 Gone (the resourceVersion is too old) or the like: list again.
            if (event.type === "ERROR") end();
            else if (isReady(event.object)) this.#onReady(event.object.metadata.name);
          }
        });
        res.on("end", end);
        res.on("error", end);
      },
    );
    req.on("error", end);
    req.end();
    this.#request = req;
  }
}
