// The runtime's transport against a local node:https server: the kubeconfig's TLS settings and
// credentials, one kept-alive socket for sequential calls, abort, streaming bodies, and the
// errors callers read (ApiException's code and headers, Retry-After, a socket error).

import { ApiException, CoreV1Api, KubeConfig } from "@kubernetes/client-node";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import { createServer, type Server } from "node:https";
import { connect as connectTcp, type AddressInfo, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TLSSocket } from "node:tls";
import { after, test } from "node:test";
import { retryAfterMs } from "../src/errors.ts";
import { abortOptions } from "../src/request-options.ts";
import { selfSignedCertificate } from "../src/self-signed-certificate.ts";
import {
  IDLE_SOCKET_TIMEOUT_MS,
  KubeTransport,
  makeApiClient,
  readAll,
  type RequestOutcome,
} from "../src/transport.ts";

const serving = selfSignedCertificate({
  commonName: "localhost",
  dnsNames: ["localhost"],
  ipAddresses: ["127.0.0.1"],
});
const client = selfSignedCertificate({ commonName: "operator", dnsNames: ["operator"] });

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
let handle: Handler = (_req, res) => res.end();
const seen: Array<{ url: string; method: string; authorization?: string; peer?: string }> = [];
let connections = 0;
const sockets = new Set<Socket>();

function track(server: Server | ReturnType<typeof createHttpServer>): void {
  server.on("connection", (socket: Socket) => {
    connections++;
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
}

const server = createServer(
  {
    cert: serving.certificate,
    key: serving.privateKey,
    // The client certificate is asked for and recorded, not verified: what is proven is that the
    // transport presents the kubeconfig's.
    requestCert: true,
    rejectUnauthorized: false,
  },
  (req, res) => {
    const peer = (req.socket as TLSSocket).getPeerCertificate();
    seen.push({
      url: req.url ?? "",
      method: req.method ?? "",
      authorization: req.headers.authorization,
      peer: String(peer?.subject?.CN),
    });
    handle(req, res);
  },
);
track(server);
// Longer than the transport's own idle timeout: a socket closed by the server is not the client's doing.
server.keepAliveTimeout = 60_000;
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const port = (server.address() as AddressInfo).port;
after(() => {
  for (const socket of sockets) socket.destroy();
  server.close();
});

function kubeConfig(
  options: {
    ca?: boolean;
    skipTLSVerify?: boolean;
    token?: string;
    tokenFile?: string;
    server?: string;
    proxyUrl?: string;
    /** The client certificate and key as files (as the kubelet and cert-manager rotate them). */
    certFiles?: { cert: string; key: string };
  } = {},
): KubeConfig {
  const config = new KubeConfig();
  config.loadFromOptions({
    clusters: [
      {
        name: "local",
        server: options.server ?? `https://127.0.0.1:${port}`,
        skipTLSVerify: options.skipTLSVerify ?? false,
        ...(options.proxyUrl ? { proxyUrl: options.proxyUrl } : {}),
        ...(options.ca === false
          ? {}
          : { caData: Buffer.from(serving.certificate).toString("base64") }),
      },
    ],
    users: [
      {
        name: "operator",
        ...(options.certFiles
          ? { certFile: options.certFiles.cert, keyFile: options.certFiles.key }
          : {
              certData: Buffer.from(client.certificate).toString("base64"),
              keyData: Buffer.from(client.privateKey).toString("base64"),
            }),
        ...(options.token ? { token: options.token } : {}),
        ...(options.tokenFile
          ? { authProvider: { name: "tokenFile", config: { tokenFile: options.tokenFile } } }
          : {}),
      },
    ],
    contexts: [{ name: "local", cluster: "local", user: "operator" }],
    currentContext: "local",
  });
  return config;
}

const namespace = (name: string) => ({ apiVersion: "v1", kind: "Namespace", metadata: { name } });

test("the kubeconfig's CA, client certificate and token; the generated API clients parse the answer", async () => {
  handle = (req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(namespace(req.url!.split("/").pop()!)));
  };
  seen.length = 0;
  const api = makeApiClient(kubeConfig({ token: "sekret" }), CoreV1Api);
  const read = await api.readNamespace({ name: "team-a" });
  assert.equal(read.metadata?.name, "team-a");
  assert.deepEqual(seen, [
    {
      url: "/api/v1/namespaces/team-a",
      method: "GET",
      authorization: "Bearer sekret",
      peer: "operator",
    },
  ]);
});

test("sequential calls reuse one kept-alive socket, and every request is reported with its status", async () => {
  handle = (_req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(namespace("x")));
  };
  const config = kubeConfig();
  const outcomes: RequestOutcome[] = [];
  KubeTransport.for(config).observe((outcome) => outcomes.push(outcome));
  const api = makeApiClient(config, CoreV1Api);
  const before = connections;
  for (let i = 0; i < 20; i++) await api.readNamespace({ name: "x" });
  const response = await KubeTransport.for(config).request({
    method: "GET",
    url: "/api/v1/namespaces",
  });
  await readAll(response.body);
  assert.equal(connections - before, 1, "one TCP+TLS connection for 21 requests");
  assert.equal(outcomes.length, 21);
  const { seconds, ...first } = outcomes[0]!;
  assert.deepEqual(first, { method: "GET", host: `127.0.0.1:${port}`, code: "200" });
  // Timed to the response's headers, for rest_client_request_duration_seconds.
  assert.ok(seconds > 0 && seconds < 5, `${seconds} s`);
  KubeTransport.for(config).close();
});

test("a socket idle for the keep-alive timeout is closed: a burst's sockets do not stay open", async () => {
  handle = (_req, res) => res.end("{}");
  const transport = KubeTransport.for(kubeConfig());
  const before = connections;
  let closed: Promise<void> | undefined;
  const previous = handle;
  handle = (req, res) => {
    closed = new Promise((resolve) => req.socket.once("close", () => resolve()));
    previous(req, res);
  };
  await readAll((await transport.request({ method: "GET", url: "/once" })).body);
  assert.equal(connections - before, 1);
  const started = performance.now();
  await closed;
  const idleMs = performance.now() - started;
  assert.ok(
    idleMs >= IDLE_SOCKET_TIMEOUT_MS - 200 && idleMs < IDLE_SOCKET_TIMEOUT_MS + 2_000,
    `closed after ${Math.round(idleMs)} ms`,
  );
});

test("insecure-skip-tls-verify accepts a certificate no CA vouches for; without it the call fails", async () => {
  handle = (_req, res) => res.end("{}");
  const skipping = KubeTransport.for(kubeConfig({ ca: false, skipTLSVerify: true }));
  const response = await skipping.request({ method: "GET", url: "/healthz" });
  assert.equal(response.status, 200);
  await readAll(response.body);
  const strict = KubeTransport.for(kubeConfig({ ca: false }));
  await assert.rejects(strict.request({ method: "GET", url: "/healthz" }), /self[- ]signed/i);
});

test("a token file is read again once client-node's minute has passed (the kubelet rotates it)", async (t) => {
  handle = (_req, res) => res.end("{}");
  const directory = mkdtempSync(join(tmpdir(), "transport-"));
  t.after(() => rmSync(directory, { recursive: true, force: true }));
  const tokenFile = join(directory, "token");
  writeFileSync(tokenFile, "first");
  t.mock.timers.enable({ apis: ["Date"], now: Date.now() });
  const transport = KubeTransport.for(kubeConfig({ tokenFile }));
  seen.length = 0;
  await readAll((await transport.request({ method: "GET", url: "/a" })).body);
  writeFileSync(tokenFile, "second");
  await readAll((await transport.request({ method: "GET", url: "/b" })).body);
  t.mock.timers.tick(61_000);
  await readAll((await transport.request({ method: "GET", url: "/c" })).body);
  assert.deepEqual(
    seen.map((s) => s.authorization),
    ["Bearer first", "Bearer first", "Bearer second"],
  );
  transport.close();
});

test("a client certificate rotated on disk is used for new connections within a minute", async (t) => {
  handle = (_req, res) => res.end("{}");
  const directory = mkdtempSync(join(tmpdir(), "transport-"));
  t.after(() => rmSync(directory, { recursive: true, force: true }));
  const certFiles = { cert: join(directory, "tls.crt"), key: join(directory, "tls.key") };
  writeFileSync(certFiles.cert, client.certificate);
  writeFileSync(certFiles.key, client.privateKey);
  t.mock.timers.enable({ apis: ["Date"], now: Date.now() });
  const transport = KubeTransport.for(kubeConfig({ certFiles }));
  seen.length = 0;
  await readAll((await transport.request({ method: "GET", url: "/a" })).body);
  const renewed = selfSignedCertificate({ commonName: "operator-renewed", dnsNames: ["operator"] });
  writeFileSync(certFiles.cert, renewed.certificate);
  writeFileSync(certFiles.key, renewed.privateKey);
  await readAll((await transport.request({ method: "GET", url: "/b" })).body);
  t.mock.timers.tick(61_000);
  await readAll((await transport.request({ method: "GET", url: "/c" })).body);
  assert.deepEqual(
    seen.map((s) => s.peer),
    ["operator", "operator", "operator-renewed"],
    "read again after a minute, on a new connection",
  );
  // Mid-rotation the files can be missing for a moment: the pool that works is kept.
  rmSync(certFiles.cert);
  t.mock.timers.tick(61_000);
  await readAll((await transport.request({ method: "GET", url: "/d" })).body);
  assert.equal(seen.at(-1)?.peer, "operator-renewed");
  transport.close();
});

test("abort rejects with the signal's reason and closes the request's socket on the server", async () => {
  let serverSocketClosed: Promise<void> | undefined;
  handle = (req) => {
    serverSocketClosed = new Promise((resolve) => req.socket.once("close", () => resolve()));
  };
  const api = makeApiClient(kubeConfig(), CoreV1Api);
  const controller = new AbortController();
  const reason = new Error("reconcile deadline");
  const call = api.readNamespace({ name: "slow" }, abortOptions(controller.signal));
  while (serverSocketClosed === undefined) await new Promise((r) => setTimeout(r, 5));
  controller.abort(reason);
  await assert.rejects(call, (err) => err === reason);
  await serverSocketClosed;
});

test("a signal aborted while the request still waits for credentials and a pool is honoured", async () => {
  handle = (_req, res) => res.end("{}");
  const transport = KubeTransport.for(kubeConfig({ token: "sekret" }));
  seen.length = 0;
  const controller = new AbortController();
  const sent = transport.request({ method: "GET", url: "/late-abort", signal: controller.signal });
  // After the call has started, before it has reached the socket (an informer stopping then).
  queueMicrotask(() => controller.abort(new Error("informer stopped")));
  await assert.rejects(sent, /informer stopped/);
  assert.deepEqual(seen, [], "nothing was sent");
  transport.close();
});

test("a streamed body arrives chunk by chunk, and aborting mid-stream ends it with the reason", async () => {
  let write: ((line: string) => void) | undefined;
  handle = (_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.flushHeaders();
    write = (line) => res.write(line);
  };
  const transport = KubeTransport.for(kubeConfig());
  const controller = new AbortController();
  const response = await transport.request({
    method: "GET",
    url: "/api/v1/namespaces?watch=true",
    signal: controller.signal,
  });
  assert.equal(response.status, 200);
  const received: string[] = [];
  const reason = new Error("stop");
  const reading = (async () => {
    for await (const chunk of response.body) {
      received.push(String(chunk));
      if (received.length === 2) controller.abort(reason);
      else write!(`{"n":${received.length + 1}}\n`);
    }
  })();
  write!('{"n":1}\n');
  await assert.rejects(reading, (err) => err === reason);
  assert.deepEqual(received, ['{"n":1}\n', '{"n":2}\n']);
});

test("error statuses become ApiExceptions with code and headers; Retry-After on a 429 is read", async () => {
  handle = (req, res) => {
    const code = req.url!.endsWith("/busy") ? 429 : 404;
    res.writeHead(code, { "content-type": "application/json", "retry-after": "2" });
    res.end(JSON.stringify({ kind: "Status", code, message: "no" }));
  };
  const api = makeApiClient(kubeConfig(), CoreV1Api);
  const missing = await api.readNamespace({ name: "gone" }).catch((err: unknown) => err);
  assert.ok(missing instanceof ApiException);
  assert.equal(missing.code, 404);
  const busy = await api.readNamespace({ name: "busy" }).catch((err: unknown) => err);
  assert.equal((busy as ApiException<unknown>).code, 429);
  assert.equal(retryAfterMs(busy), 2000);
});

test("a refused connection rejects with the socket's error and is reported as <error>", async () => {
  const closed = createHttpServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const deadPort = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const transport = KubeTransport.for(
    kubeConfig({ server: `http://127.0.0.1:${deadPort}`, skipTLSVerify: true, ca: false }),
  );
  const outcomes: RequestOutcome[] = [];
  transport.observe((outcome) => outcomes.push(outcome));
  await assert.rejects(transport.request({ method: "GET", url: "/x" }), { code: "ECONNREFUSED" });
  assert.deepEqual(
    outcomes.map((o) => o.code),
    ["<error>"],
  );
});

test("a kept-alive socket the server dropped is retried once for a GET, never for a POST", async () => {
  const plain = createHttpServer((req, res) => {
    // Every second request on a connection: the server closes it without answering.
    const socket = req.socket as Socket & { served?: number };
    socket.served = (socket.served ?? 0) + 1;
    if (socket.served === 2) return void socket.destroy();
    res.end(req.method);
  });
  await new Promise<void>((resolve) => plain.listen(0, "127.0.0.1", resolve));
  after(() => {
    plain.closeAllConnections();
    plain.close();
  });
  const transport = KubeTransport.for(
    kubeConfig({
      server: `http://127.0.0.1:${(plain.address() as AddressInfo).port}`,
      skipTLSVerify: true,
      ca: false,
    }),
  );
  const text = async (method: string) => {
    const response = await transport.request({
      method,
      url: "/r",
      body: method === "POST" ? "{}" : undefined,
    });
    return (await readAll(response.body)).toString();
  };
  assert.equal(await text("GET"), "GET");
  assert.equal(
    await text("GET"),
    "GET",
    "the second GET met the dropped socket and was sent again",
  );
  await assert.rejects(text("POST"), /socket hang up|ECONNRESET/);
  assert.equal(await text("POST"), "POST", "on a fresh connection");
});

test("a kubeconfig proxy-url carries every request through that HTTP proxy, TLS end to end", async () => {
  // A forward proxy as corporate networks run them: CONNECT host:port, then a byte tunnel.
  const tunnels: string[] = [];
  const proxy = createHttpServer().on("connect", (req: IncomingMessage, client: Socket, head) => {
    tunnels.push(req.url ?? "");
    const [host, targetPort] = (req.url ?? "").split(":");
    const upstream = connectTcp(Number(targetPort), host, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
  });
  track(proxy);
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  after(() => {
    proxy.closeAllConnections();
    proxy.close();
  });
  handle = (req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(namespace(req.url!.split("/").pop()!)));
  };
  seen.length = 0;
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const api = makeApiClient(kubeConfig({ token: "sekret", proxyUrl }), CoreV1Api);
  assert.equal((await api.readNamespace({ name: "via-proxy" })).metadata?.name, "via-proxy");
  assert.deepEqual(tunnels, [`127.0.0.1:${port}`], "one tunnel to the API server");
  // The server saw the client certificate and token: the proxy only carried encrypted bytes.
  assert.deepEqual(seen, [
    {
      url: "/api/v1/namespaces/via-proxy",
      method: "GET",
      authorization: "Bearer sekret",
      peer: "operator",
    },
  ]);
});

test("a proxy-url of a scheme Node cannot tunnel through (socks5) is refused by name", () => {
  assert.throws(
    () => KubeTransport.for(kubeConfig({ proxyUrl: "socks5://127.0.0.1:1080" })),
    /proxy-url socks5:\/\/127\.0\.0\.1:1080: only http and https proxies are supported/,
  );
});
