// A fault-injecting proxy between a client under test (the operator's runtime) and the envtest
// kube-apiserver. The failures a real cluster produces only now and then, under load or during
// an upgrade (a server that accepts and never answers, 429s with Retry-After, 500s, a watch cut
// mid-stream, a write that landed but whose answer was lost), are made on demand by rules. The
// proxy forwards with the credentials of the KubeConfig it was given, so the client behind it
// acts with that identity's RBAC only: give it the operator's ServiceAccount identity.
//
// The client side is TLS with a certificate the proxy issues itself (client-node refuses plain
// http unless TLS verification is skipped), or plain HTTP when asked.

import { KubeConfig } from "@kubernetes/client-node";
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import { Agent, createServer as createHttpsServer, request, type RequestOptions } from "node:https";
import type { AddressInfo, Socket } from "node:net";
import { describeRequest, requestKey, type ApiRequest, type Verb } from "./api-request.ts";
import { CertificateAuthority } from "./certificates.ts";

export type Fault =
  /** Accept the request, read it, never answer (until the client gives up or the proxy stops). */
  | { type: "hang" }
  /** Wait, then forward. */
  | { type: "latency"; ms: number }
  /** Answer with a metav1.Status of this code without forwarding (409, 429, 500, 503, ...). */
  | { type: "status"; code: number; retryAfterSeconds?: number; message?: string }
  /** Forward a watch, then cut it `afterMs` after its headers: "end" closes it cleanly (as the server's own timeout does), "destroy" resets the connection. */
  | { type: "cut-watch"; afterMs: number; how?: "end" | "destroy" }
  /** Answer a watch with one ERROR event carrying 410 Gone (resourceVersion too old), then close it. */
  | { type: "watch-gone" }
  /** Forward and let the server finish (a write lands), then reset the connection: the answer is lost. */
  | { type: "reset-after-forward" }
  /** Reset the client's connection without forwarding: the API server cannot be reached. */
  | { type: "reset" };

/** Every field given must match; an empty match matches every request. */
export interface FaultMatch {
  verb?: Verb | readonly Verb[];
  /** `plural` or `plural.group`, e.g. "leases" or "leases.coordination.k8s.io". */
  resource?: string;
  subresource?: string;
  namespace?: string;
  name?: string;
  watch?: boolean;
  path?: RegExp;
  when?: (request: ApiRequest) => boolean;
}

export interface FaultRule extends FaultMatch {
  fault: Fault;
  /** Applies to the first `times` matching requests, then lets them through; default: every one. */
  times?: number;
}

export interface InjectedFault {
  /** Requests this rule has applied to so far. */
  readonly hits: number;
  remove(): void;
}

interface ActiveRule {
  rule: FaultRule;
  hits: number;
}

export interface FaultProxyOptions {
  /** "tls" (default): the proxy serves TLS with a CA of its own, in the KubeConfig it hands out. */
  clientSide?: "tls" | "http";
}

export class FaultProxy {
  /** https://127.0.0.1:<port> (or http://). */
  readonly url: string;
  readonly #server: ReturnType<typeof createHttpServer>;
  readonly #upstream: { url: URL; options: RequestOptions };
  readonly #identity: KubeConfig;
  readonly #caPem: string | undefined;
  readonly #rules: ActiveRule[] = [];
  readonly #counts = new Map<string, number>();
  readonly #hung = new Set<ServerResponse>();
  /** Every client connection, from its first byte: one still in its TLS handshake included. */
  readonly #sockets = new Set<Socket>();
  #accepted = 0;
  /** Every request's URL (path and query) since the last resetCounts(). */
  readonly #urls: string[] = [];
  /** Open watch streams, each with the function that cuts it. */
  readonly #watches = new Map<ServerResponse, (how: "end" | "destroy" | "blackhole") => void>();

  private constructor(
    server: ReturnType<typeof createHttpServer>,
    url: string,
    identity: KubeConfig,
    upstream: { url: URL; options: RequestOptions },
    caPem: string | undefined,
  ) {
    this.#server = server;
    this.url = url;
    this.#identity = identity;
    this.#upstream = upstream;
    this.#caPem = caPem;
    server.on("request", (req: IncomingMessage, res: ServerResponse) => this.#handle(req, res));
    server.on("connection", (socket: Socket) => {
      this.#sockets.add(socket);
      this.#accepted++;
      socket.once("close", () => this.#sockets.delete(socket));
    });
  }

  /** Starts a proxy on a fresh loopback port that forwards as `identity` (server, CA and user of its current context). */
  static async start(identity: KubeConfig, options: FaultProxyOptions = {}): Promise<FaultProxy> {
    const server = identity.getCurrentCluster()?.server;
    if (server === undefined) throw new Error("FaultProxy: the KubeConfig has no current cluster");
    const credentials: RequestOptions = {};
    await identity.applyToHTTPSOptions(credentials);
    // An agent of its own (the KubeConfig caches and shares the one it made), kept alive so
    // forwarding does not add a TLS handshake to every request.
    const { ca, cert, key, rejectUnauthorized, servername, headers } = credentials;
    const upstreamOptions: RequestOptions = {
      agent: new Agent({ ca, cert, key, rejectUnauthorized, servername, keepAlive: true }),
      ...(headers ? { headers } : {}),
    };
    let caPem: string | undefined;
    let listener: ReturnType<typeof createHttpServer>;
    if ((options.clientSide ?? "tls") === "tls") {
      const ca = await CertificateAuthority.create("fault-proxy-ca");
      const serving = await ca.issue({
        commonName: "fault-proxy",
        usage: "server",
        dnsNames: ["localhost"],
        ipAddresses: ["127.0.0.1"],
      });
      caPem = ca.certificate;
      listener = createHttpsServer({ cert: serving.certificate, key: serving.privateKey });
    } else listener = createHttpServer();
    await new Promise<void>((resolve, reject) => {
      listener.once("error", reject);
      listener.listen(0, "127.0.0.1", () => resolve());
    });
    const { port } = listener.address() as AddressInfo;
    const scheme = caPem === undefined ? "http" : "https";
    return new FaultProxy(
      listener,
      `${scheme}://127.0.0.1:${port}`,
      identity,
      {
        url: new URL(server),
        options: upstreamOptions,
      },
      caPem,
    );
  }

  /** The identity's KubeConfig pointed at the proxy: hand this to the client under test. */
  kubeConfig(): KubeConfig {
    const user = this.#identity.getCurrentUser();
    if (user === null) throw new Error("FaultProxy: the KubeConfig has no current user");
    const config = new KubeConfig();
    config.loadFromOptions({
      clusters: [
        {
          name: "fault-proxy",
          server: this.url,
          skipTLSVerify: this.#caPem === undefined,
          ...(this.#caPem ? { caData: Buffer.from(this.#caPem).toString("base64") } : {}),
        },
      ],
      users: [user],
      contexts: [{ name: "fault-proxy", cluster: "fault-proxy", user: user.name }],
      currentContext: "fault-proxy",
    });
    return config;
  }

  /** Adds a rule; rules are tried in the order added, the first active match applies. */
  inject(rule: FaultRule): InjectedFault {
    const active: ActiveRule = { rule, hits: 0 };
    this.#rules.push(active);
    return {
      get hits() {
        return active.hits;
      },
      remove: () => {
        const index = this.#rules.indexOf(active);
        if (index >= 0) this.#rules.splice(index, 1);
      },
    };
  }

  /** Removes every rule. Requests already hanging keep hanging: a client must give up on them itself. */
  clearFaults(): void {
    this.#rules.length = 0;
  }

  /** Requests seen (faulted or not) for `verb resource[/subresource]`, e.g. count("update", "leases.coordination.k8s.io"). */
  count(verb: Verb, resource: string): number {
    return this.#counts.get(`${verb} ${resource}`) ?? 0;
  }

  /** Every request count so far, keyed "verb resource[/subresource]". */
  counts(): Record<string, number> {
    return Object.fromEntries([...this.#counts].sort(([a], [b]) => (a < b ? -1 : 1)));
  }

  resetCounts(): void {
    this.#counts.clear();
    this.#urls.length = 0;
  }

  /** The URLs of the requests seen since the last resetCounts(), in order (base is the proxy's). */
  requestUrls(): URL[] {
    return this.#urls.map((url) => new URL(url, this.url));
  }

  /** Client connections accepted since the proxy started (each one a TCP and TLS handshake). */
  get connectionsAccepted(): number {
    return this.#accepted;
  }

  /** Requests accepted by a "hang" rule, and blackholed watches, not yet given up by their client. */
  get hanging(): number {
    return this.#hung.size;
  }

  /** Watch streams open through the proxy right now. */
  get openWatches(): number {
    return this.#watches.size;
  }

  /** Cuts every watch stream open now ("end": a clean close; "destroy": a reset). */
  cutWatches(how: "end" | "destroy" = "end"): number {
    const open = [...this.#watches.values()];
    for (const cut of open) cut(how);
    return open.length;
  }

  /**
   * Blackholes every watch stream open now: nothing more reaches the client, and its connection
   * stays open without a byte or a close, as a NAT or load balancer that dropped the flow leaves
   * a half-open TCP connection. Only the client's own deadline ends it. New requests pass.
   */
  blackholeWatches(): number {
    const open = [...this.#watches.values()];
    for (const cut of open) cut("blackhole");
    return open.length;
  }

  /** Closes the listener and every connection, hung ones included. Idempotent. */
  async stop(): Promise<void> {
    if (!this.#server.listening) return;
    const closed = new Promise<void>((resolve) => this.#server.close(() => resolve()));
    // Not only closeAllConnections(): it misses a connection still in its TLS handshake, whose
    // request would then arrive, hang on a rule and hold close() until its client gave up.
    this.#server.closeAllConnections();
    for (const socket of this.#sockets) socket.destroy();
    (this.#upstream.options.agent as Agent | undefined)?.destroy();
    await closed;
  }

  #handle(req: IncomingMessage, res: ServerResponse): void {
    const info = describeRequest(req.method ?? "GET", req.url ?? "/", req.headers["content-type"]);
    const key = requestKey(info);
    this.#counts.set(key, (this.#counts.get(key) ?? 0) + 1);
    this.#urls.push(req.url ?? "/");
    const fault = this.#take(info);
    switch (fault?.type) {
      case undefined:
        return this.#forward(req, res, info);
      case "hang":
        req.resume();
        this.#hung.add(res);
        res.once("close", () => this.#hung.delete(res));
        return;
      case "latency":
        setTimeout(() => {
          if (!res.destroyed) this.#forward(req, res, info);
        }, fault.ms);
        return;
      case "status":
        req.resume();
        return void res
          .writeHead(fault.code, {
            "content-type": "application/json",
            ...(fault.retryAfterSeconds === undefined
              ? {}
              : { "retry-after": String(fault.retryAfterSeconds) }),
          })
          .end(JSON.stringify(statusBody(fault.code, fault.message ?? `injected ${fault.code}`)));
      case "watch-gone":
        req.resume();
        return void res.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            type: "ERROR",
            object: statusBody(410, "too old resource version (injected)", "Expired"),
          }) + "\n",
        );
      case "cut-watch":
        return this.#forward(req, res, info, (cut) => {
          const timer = setTimeout(() => cut(fault.how ?? "end"), fault.afterMs);
          res.once("close", () => clearTimeout(timer));
        });
      case "reset-after-forward":
        return this.#forward(req, res, info, undefined, true);
      case "reset":
        req.resume();
        return void req.socket.destroy();
    }
  }

  #take(info: ApiRequest): Fault | undefined {
    for (const active of this.#rules) {
      if (active.hits >= (active.rule.times ?? Infinity) || !matches(active.rule, info)) continue;
      active.hits++;
      return active.rule.fault;
    }
    return undefined;
  }

  /**
   * Sends the request on to the API server as the proxy's identity and streams the answer back.
   * `onHeaders` runs once the answer starts, with a function that cuts it short; `loseAnswer`
   * reads the whole answer and then resets the client's connection instead of passing it on.
   */
  #forward(
    req: IncomingMessage,
    res: ServerResponse,
    info: ApiRequest,
    onHeaders?: (cut: (how: "end" | "destroy") => void) => void,
    loseAnswer = false,
  ): void {
    const { url, options } = this.#upstream;
    const upstream = request({
      ...options,
      host: url.hostname,
      port: url.port,
      method: req.method,
      path: req.url,
      headers: { ...withoutHopByHop(req.headers), ...(options.headers ?? {}) },
    });
    let answered = false;
    // A client that gives up (or a cut) ends the upstream request too, as the API server would see.
    res.once("close", () => {
      if (!answered) upstream.destroy();
    });
    upstream.once("error", (error) => {
      if (!res.headersSent) res.writeHead(502).end(`fault-proxy: ${error.message}`);
      else res.destroy();
    });
    upstream.once("response", (answer) => {
      answer.once("end", () => (answered = true));
      if (loseAnswer) {
        answer.resume();
        answer.once("end", () => req.socket.destroy());
        return;
      }
      const cut = (how: "end" | "destroy" | "blackhole") => {
        this.#watches.delete(res);
        answer.unpipe(res);
        upstream.destroy();
        if (how === "end") res.end();
        else if (how === "destroy") res.destroy();
        else {
          // Held open and silent until the client gives up (or stop() closes every connection).
          this.#hung.add(res);
          res.once("close", () => this.#hung.delete(res));
        }
      };
      res.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
      res.flushHeaders();
      if (info.watch) {
        this.#watches.set(res, cut);
        res.once("close", () => this.#watches.delete(res));
      }
      onHeaders?.(cut);
      answer.pipe(res);
    });
    req.pipe(upstream);
  }
}

function matches(rule: FaultMatch, info: ApiRequest): boolean {
  const verbs = rule.verb === undefined ? undefined : ([] as Verb[]).concat(rule.verb);
  if (verbs !== undefined && !verbs.includes(info.verb)) return false;
  if (
    rule.resource !== undefined &&
    info.resource !== rule.resource &&
    !info.resource.startsWith(`${rule.resource}.`)
  )
    return false;
  if (rule.subresource !== undefined && info.subresource !== rule.subresource) return false;
  if (rule.namespace !== undefined && info.namespace !== rule.namespace) return false;
  if (rule.name !== undefined && info.name !== rule.name) return false;
  if (rule.watch !== undefined && info.watch !== rule.watch) return false;
  if (rule.path !== undefined && !rule.path.test(info.path)) return false;
  return rule.when === undefined || rule.when(info);
}

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "host",
]);

function withoutHopByHop(headers: IncomingMessage["headers"]): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
  return kept;
}

function statusBody(code: number, message: string, reason = reasonOf(code)) {
  return {
    kind: "Status",
    apiVersion: "v1",
    metadata: {},
    status: "Failure",
    message,
    reason,
    code,
  };
}

function reasonOf(code: number): string {
  // The reasons the API server itself gives (metav1.StatusReason), so a client reads an injected
  // failure exactly as a real one.
  const reasons: Record<number, string> = {
    400: "BadRequest",
    401: "Unauthorized",
    403: "Forbidden",
    404: "NotFound",
    409: "Conflict",
    410: "Expired",
    422: "Invalid",
    429: "TooManyRequests",
    500: "InternalError",
    503: "ServiceUnavailable",
    504: "Timeout",
  };
  return reasons[code] ?? "Unknown";
}
