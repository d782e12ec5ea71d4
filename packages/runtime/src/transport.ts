// Every API call of the operator (the generated API clients, the informers' list and watch,
// leader election, Events, the metrics authorizer) goes through one node:https keep-alive Agent.
// client-node 2.0.1 sends through undici's fetch, which parses HTTP in WebAssembly (in
// JavaScript, or not at all, without the JIT): when the Deployment ran --jitless that parsing was
// most of the operator's CPU. node:http parses in C++ (llhttp) whatever the V8 flags. The TLS settings
// (CA, client certificate and key) are read from the KubeConfig again every minute and a changed
// one gets a new pool, so a certificate rotated on disk or by an exec plugin is used for the next
// connections, as client-go's certificate rotation does; the Authorization header is applied per
// request, so an in-cluster token file that the kubelet rotates is read again (client-node
// re-reads it every minute).

import {
  createConfiguration,
  Observable,
  ResponseContext,
  ServerConfiguration,
  type Configuration,
  type HttpLibrary,
  type KubeConfig,
  type RequestContext,
  type SecurityAuthentication,
} from "@kubernetes/client-node";
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest, type AgentOptions } from "node:https";
import { createHash } from "node:crypto";

/** What a response counter is told about each request (rest_client_requests_total). */
export interface RequestOutcome {
  method: string;
  host: string;
  /** The HTTP status, or "<error>" when no response came. */
  code: string;
  /** From sending to the response's headers (or the failure), as client-go times a request. */
  seconds: number;
}

export interface TransportRequest {
  method: string;
  /** A path with its query (`/api/v1/namespaces?limit=5`) on the cluster's server, or an absolute URL. */
  url: string | URL;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Aborting destroys the request (and the response body being read), rejecting with its reason. */
  signal?: AbortSignal;
}

/** A response whose body is still streaming: read it to the end (or destroy it) to free the socket. */
export interface TransportResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: IncomingMessage;
}

// Methods a request may be sent again for when a kept-alive socket turns out to be closed.
const IDEMPOTENT = new Set(["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]);
/**
 * A kept-alive socket idle this long is closed: a burst of work opens one socket per concurrent
 * request, each holding TLS and buffer memory, and undici (client-node's own transport) gave them
 * back after 4 s too. The Lease renewals and the watches keep the sockets they use warm; the
 * server cannot race a new request on a socket it closed for being idle.
 */
export const IDLE_SOCKET_TIMEOUT_MS = 4_000;
/** How often the kubeconfig's TLS material is read again (a rotated certificate, a new CA). */
export const TLS_RECHECK_MS = 60_000;
const USER_AGENT = "create-operator-runtime (node:https)";
const TRANSPORTS = new WeakMap<KubeConfig, KubeTransport>();

export class KubeTransport {
  readonly #kubeConfig: KubeConfig;
  readonly #server: URL;
  readonly #secure: boolean;
  readonly #staticHeaders: Record<string, string>;
  readonly #observers: Array<(outcome: RequestOutcome) => void> = [];
  /** The pool for the TLS material read last, and that material's fingerprint. */
  #pool: Promise<{ agent: HttpAgent; tls: string }> | undefined;
  /** Date.now() when the TLS material was read last. */
  #tlsReadAt = 0;
  /** Pools of earlier TLS material: their connections finish what they carry, then close idle. */
  readonly #retired = new Set<HttpAgent>();
  /** The kubeconfig's proxy-url, as Node's agents take it. */
  #proxyEnv: { HTTP_PROXY: string; HTTPS_PROXY: string } | undefined;

  /** The one transport of `kubeConfig`: every caller with the same KubeConfig shares its sockets. */
  static for(kubeConfig: KubeConfig): KubeTransport {
    let transport = TRANSPORTS.get(kubeConfig);
    if (transport === undefined) {
      transport = new KubeTransport(kubeConfig);
      TRANSPORTS.set(kubeConfig, transport);
    }
    return transport;
  }

  private constructor(kubeConfig: KubeConfig) {
    const cluster = kubeConfig.getCurrentCluster();
    if (!cluster) throw new Error("the kubeconfig has no current cluster");
    if (cluster.proxyUrl) {
      // Node's agents tunnel through HTTP(S) proxies (CONNECT); client-go also takes socks5.
      const scheme = new URL(cluster.proxyUrl).protocol;
      if (scheme !== "http:" && scheme !== "https:")
        throw new Error(
          `the kubeconfig's cluster ${cluster.name} sets proxy-url ${cluster.proxyUrl}: only http and https proxies are supported`,
        );
      // The kubeconfig's proxy is used for every request, as client-go uses it (no NO_PROXY).
      this.#proxyEnv = { HTTP_PROXY: cluster.proxyUrl, HTTPS_PROXY: cluster.proxyUrl };
    }
    this.#kubeConfig = kubeConfig;
    this.#server = new URL(cluster.server);
    this.#secure = this.#server.protocol === "https:";
    if (!this.#secure && !cluster.skipTLSVerify) {
      // client-node refuses the same: a plain-HTTP server must be chosen explicitly.
      throw new Error("HTTP protocol is not allowed when skipTLSVerify is not set or false");
    }
    const user = kubeConfig.getCurrentUser();
    this.#staticHeaders = { "user-agent": USER_AGENT };
    if (user?.username) {
      const basic = Buffer.from(`${user.username}:${user.password ?? ""}`).toString("base64");
      this.#staticHeaders.authorization = `Basic ${basic}`;
    }
  }

  /**
   * The pool for the kubeconfig's current TLS settings: read on first use and again once
   * TLS_RECHECK_MS has passed; when they changed (ca, cert, key, servername, rejectUnauthorized
   * for insecure-skip-tls-verify) new requests go to a new pool, whose connections present the
   * new certificate. client-node itself reads the CA file, and builds a new undici Agent, per
   * request.
   */
  async #agent(): Promise<HttpAgent> {
    const now = Date.now();
    if (this.#pool === undefined || now - this.#tlsReadAt >= TLS_RECHECK_MS) {
      this.#tlsReadAt = now;
      this.#pool = this.#nextPool(this.#pool);
    }
    return (await this.#pool).agent;
  }

  async #nextPool(
    previous: Promise<{ agent: HttpAgent; tls: string }> | undefined,
  ): Promise<{ agent: HttpAgent; tls: string }> {
    const before = await previous?.catch(() => undefined);
    let tls: AgentOptions;
    try {
      tls = await this.#readTls();
    } catch (err) {
      // A certificate being replaced can be missing for a moment: keep the pool that works.
      if (before !== undefined) return before;
      this.#tlsReadAt = 0; // none yet: the next request reads again
      throw err;
    }
    const fingerprint = fingerprintOf(tls);
    if (before?.tls === fingerprint) return before;
    if (before !== undefined) this.#retire(before.agent);
    return { agent: this.#makeAgent(tls), tls: fingerprint };
  }

  /** The kubeconfig's TLS settings (and its Impersonate-User header), read now. */
  async #readTls(): Promise<AgentOptions> {
    if (!this.#secure) return {};
    const options: AgentOptions & { headers?: Record<string, unknown> } = {};
    await this.#kubeConfig.applyToHTTPSOptions(options);
    const impersonate = options.headers?.["Impersonate-User"];
    if (typeof impersonate === "string") this.#staticHeaders["impersonate-user"] = impersonate;
    const tls: AgentOptions = {};
    for (const name of ["ca", "cert", "key", "pfx", "passphrase", "servername"] as const) {
      if (options[name] !== undefined) (tls as Record<string, unknown>)[name] = options[name];
    }
    if (options.rejectUnauthorized !== undefined)
      tls.rejectUnauthorized = options.rejectUnauthorized;
    return tls;
  }

  #makeAgent(tls: AgentOptions): HttpAgent {
    const pool = {
      keepAlive: true,
      // TCP keep-alive probes after 30 s idle, as client-go and client-node do.
      keepAliveMsecs: 30_000,
      timeout: IDLE_SOCKET_TIMEOUT_MS,
      // Most recently used first: the pool stays as small as the concurrency actually needs.
      scheduling: "lifo" as const,
      ...(this.#proxyEnv ? { proxyEnv: this.#proxyEnv } : {}),
    };
    return this.#secure ? new HttpsAgent({ ...pool, ...tls }) : new HttpAgent(pool);
  }

  /** Keeps an old pool until close(); pools with no connection left are dropped. */
  #retire(agent: HttpAgent): void {
    for (const old of this.#retired) if (!hasSockets(old)) this.#retired.delete(old);
    this.#retired.add(agent);
  }

  /** The cluster's server URL, as the kubeconfig names it. */
  get server(): string {
    return this.#server.toString();
  }

  /** Calls `observe` once per request from now on, with its status or "<error>". */
  observe(observe: (outcome: RequestOutcome) => void): void {
    this.#observers.push(observe);
  }

  /** Closes the idle sockets and ends the pool (requests in flight are destroyed). */
  close(): void {
    for (const agent of this.#retired) agent.destroy();
    this.#retired.clear();
    void this.#pool?.then(({ agent }) => agent.destroy()).catch(() => undefined);
  }

  /** The Authorization (and impersonation, user agent) headers for one request. */
  async authHeaders(): Promise<Record<string, string>> {
    const options: { headers: Record<string, string> } = { headers: {} };
    await authorizationHeader(this.#kubeConfig, options);
    const headers: Record<string, string> = { ...this.#staticHeaders };
    for (const [name, value] of Object.entries(options.headers))
      headers[name.toLowerCase()] = String(value);
    return headers;
  }

  /**
   * Sends one request with the kubeconfig's credentials and resolves once the response's status
   * and headers have arrived; the body streams from `body`. Rejects with the signal's reason
   * when it aborts, or with the socket's error.
   */
  async request(request: TransportRequest): Promise<TransportResponse> {
    request.signal?.throwIfAborted();
    const url =
      typeof request.url === "string" && request.url.startsWith("/")
        ? new URL(this.#server.pathname.replace(/\/$/, "") + request.url, this.#server)
        : new URL(request.url);
    const headers = { ...(await this.authHeaders()) };
    for (const [name, value] of Object.entries(request.headers ?? {}))
      headers[name.toLowerCase()] = value;
    const method = request.method.toUpperCase();
    const started = performance.now();
    const outcome = (code: string) => ({
      method,
      host: url.host,
      code,
      seconds: (performance.now() - started) / 1000,
    });
    try {
      const agent = await this.#agent();
      const response = await this.#attempt(agent, url, method, headers, request);
      this.#report(outcome(String(response.status)));
      return response;
    } catch (err) {
      this.#report(outcome("<error>"));
      throw err;
    }
  }

  #report(outcome: RequestOutcome): void {
    for (const observe of this.#observers) observe(outcome);
  }

  async #attempt(
    agent: HttpAgent,
    url: URL,
    method: string,
    headers: Record<string, string>,
    request: TransportRequest,
    retried = false,
  ): Promise<TransportResponse> {
    try {
      return await this.#once(agent, url, method, headers, request);
    } catch (err) {
      // A kept-alive socket the server closed while it sat in the pool fails before any response;
      // Go's transport sends such a request again on a fresh connection, and so does this, once.
      const stale = err instanceof StaleSocketError;
      if (stale && !retried && IDEMPOTENT.has(method) && !request.signal?.aborted)
        return this.#attempt(agent, url, method, headers, request, true);
      throw stale ? err.cause : err;
    }
  }

  #once(
    agent: HttpAgent,
    url: URL,
    method: string,
    headers: Record<string, string>,
    request: TransportRequest,
  ): Promise<TransportResponse> {
    const { body, signal } = request;
    if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
    return new Promise((resolve, reject) => {
      // Aborted while the credentials and the pool were awaited: its abort event has fired
      // already, so a listener added now would never run and the request would go out anyway.
      if (signal?.aborted) return reject(signal.reason);
      const send = this.#secure ? httpsRequest : httpRequest;
      const req = send(url, { method, headers, agent });
      let response: IncomingMessage | undefined;
      const abort = (): void => {
        const reason: unknown = signal?.reason;
        req.destroy(reason as Error);
        response?.destroy(reason as Error);
        reject(reason);
      };
      const release = (): void => signal?.removeEventListener("abort", abort);
      signal?.addEventListener("abort", abort, { once: true });
      req.on("error", (err) => {
        release();
        if (signal?.aborted) return reject(signal.reason);
        const pooled = (req as { reusedSocket?: boolean }).reusedSocket === true;
        reject(pooled && response === undefined ? new StaleSocketError(err) : err);
      });
      req.once("response", (res) => {
        response = res;
        // A reset mid-body reaches whoever reads it; with no listener yet it would crash the process.
        res.on("error", () => {});
        // The signal keeps governing the body until it has been read or thrown away.
        res.once("close", release);
        resolve({ status: res.statusCode ?? 0, headers: flatHeaders(res), body: res });
      });
      req.end(body);
    });
  }

  /** An HttpLibrary for client-node's generated API clients: the response body is read whole. */
  readonly httpLibrary: HttpLibrary = {
    send: (context: RequestContext): Observable<ResponseContext> =>
      new Observable(this.#sendContext(context)),
  };

  async #sendContext(context: RequestContext): Promise<ResponseContext> {
    const body = context.getBody() as unknown;
    if (body !== undefined && typeof body !== "string" && !(body instanceof Uint8Array))
      throw new Error(`the transport sends string or byte bodies, not ${typeof body}`);
    const response = await this.request({
      method: context.getHttpMethod(),
      url: context.getUrl(),
      headers: context.getHeaders(),
      body,
      signal: context.getSignal() ?? undefined,
    });
    const bytes = await readAll(response.body, context.getSignal() ?? undefined);
    return new ResponseContext(response.status, response.headers, {
      text: async () => bytes.toString("utf8"),
      binary: async () => bytes,
      stream: () => null,
    });
  }

  /**
   * Credentials are added by `request` itself: the API clients' authentication step only has to
   * leave the request alone (client-node's own builds an undici Agent and reads the CA file per call).
   */
  readonly authentication: SecurityAuthentication = {
    getName: () => "create-operator transport",
    applySecurityAuthentication: () => {},
  };

  /** A configuration for client-node's generated API classes that sends through this transport. */
  configuration(): Configuration {
    return createConfiguration({
      baseServer: new ServerConfiguration(this.#server.toString().replace(/\/$/, ""), {}),
      authMethods: { default: this.authentication },
      httpApi: this.httpLibrary,
    });
  }
}

/**
 * `kubeConfig.makeApiClient(Api)`, but sending through the process's one transport. KubernetesObjectApi
 * (and anything else needing the KubeConfig itself) is set up by its caller after construction.
 */
export function makeApiClient<T>(
  kubeConfig: KubeConfig,
  Api: new (configuration: Configuration) => T,
): T {
  return new Api(KubeTransport.for(kubeConfig).configuration());
}

/** Reads a response body to the end; the signal's abort destroys it mid-way. */
export async function readAll(body: IncomingMessage, signal?: AbortSignal): Promise<Buffer> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of body) chunks.push(chunk as Buffer);
  } catch (err) {
    if (signal?.aborted) throw signal.reason;
    throw err;
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

/**
 * The Authorization header for one request: a token, the in-cluster token file (client-node
 * re-reads it every minute), or an exec/OIDC plugin. client-node's method for exactly this is
 * private in its typings; the public applyToHTTPSOptions does the same plus reading the TLS
 * files and building an Agent, so it is the fallback should the private one ever go away.
 */
/** What tells one set of TLS settings from another (certificates, keys, flags). */
function fingerprintOf(tls: AgentOptions): string {
  const hash = createHash("sha256");
  for (const [name, value] of Object.entries(tls)) hash.update(`${name}=${JSON.stringify(value)}`);
  return hash.digest("base64");
}

function hasSockets(agent: HttpAgent): boolean {
  const open = (sockets: NodeJS.ReadOnlyDict<unknown[]>) =>
    Object.values(sockets).some((list) => (list?.length ?? 0) > 0);
  return open(agent.sockets) || open(agent.freeSockets);
}

async function authorizationHeader(
  kubeConfig: KubeConfig,
  options: { headers: Record<string, string> },
): Promise<void> {
  const internal = kubeConfig as unknown as {
    applyAuthorizationHeader?: (options: { headers: Record<string, string> }) => Promise<void>;
  };
  if (typeof internal.applyAuthorizationHeader === "function")
    return internal.applyAuthorizationHeader(options);
  await kubeConfig.applyToHTTPSOptions(options);
}

class StaleSocketError extends Error {
  constructor(cause: Error) {
    super(cause.message, { cause });
  }
  declare readonly cause: Error;
}

function flatHeaders(response: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return headers;
}
