// A throwaway etcd + kube-apiserver on loopback for one `validate --server` run. Started the way
// the generated projects' envtest harness starts them (fresh ports and directory, etcd tuned for
// a single disposable member), but with no certificate library: the API server makes its own
// self-signed serving certificate (pinned by the client), a random bearer token in a static
// token file authenticates us as system:masters, and RBAC stays on. Both processes are stopped
// on every way out: normal return, error, process exit, SIGINT, SIGTERM and SIGHUP.

import { generateKeyPairSync, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { apiClient, type Call } from "./api-client.ts";
import { ChildBinary } from "./child-process.ts";

export interface Binaries {
  kubeApiserver: string;
  etcd: string;
}

export interface RunningControlPlane {
  server: string;
  call: Call;
  /** From spawning etcd to /readyz answering 200. */
  startupMs: number;
  /** Idempotent. */
  stop(): Promise<void>;
}

export class ControlPlaneStartError extends Error {}

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
const SIGNAL_EXIT: Record<(typeof SIGNALS)[number], number> = {
  SIGHUP: 129,
  SIGINT: 130,
  SIGTERM: 143,
};

export async function startControlPlane(
  binaries: Binaries,
  timeoutMs = 60_000,
): Promise<RunningControlPlane> {
  const started = Date.now();
  const deadline = started + timeoutMs;
  const directory = mkdtempSync(join(tmpdir(), "create-operator-server-"));
  const processes: ChildBinary[] = [];
  const killNow = () => {
    for (const p of processes) p.killNow();
    rmSync(directory, { recursive: true, force: true, maxRetries: 3 });
  };
  const onExit = () => killNow();
  const onSignal = (signal: (typeof SIGNALS)[number]) => {
    killNow();
    process.exit(SIGNAL_EXIT[signal]);
  };
  process.once("exit", onExit);
  for (const signal of SIGNALS) process.on(signal, onSignal);
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      // Killed, not asked to stop: nothing in etcd outlives this run, and the API server's
      // graceful shutdown would add a second to every validate.
      await Promise.all(processes.map((p) => p.kill()));
      rmSync(directory, { recursive: true, force: true, maxRetries: 3 });
      process.off("exit", onExit);
      for (const signal of SIGNALS) process.off(signal, onSignal);
    })());

  try {
    const file = (name: string, content: string) => {
      writeFileSync(join(directory, name), content, { mode: 0o600 });
      return join(directory, name);
    };
    const [etcdPort, port] = [await freePort(), await freePort()];
    const etcdUrl = `http://127.0.0.1:${etcdPort}`;
    const etcd = new ChildBinary("etcd", binaries.etcd, etcdArgs(directory, etcdUrl), directory);
    processes.push(etcd);
    await pollUntil(
      deadline,
      20,
      async () => {
        etcd.assertRunning();
        return (await fetch(`${etcdUrl}/health`).catch(() => undefined))?.ok === true;
      },
      () => `etcd not healthy at ${etcdUrl} within ${timeoutMs} ms\n${etcd.tail()}`,
    );

    const token = randomBytes(32).toString("hex");
    const keys = generateKeyPairSync("ec", {
      namedCurve: "P-256",
      publicKeyEncoding: { type: "spki", format: "pem" },
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
    });
    const certDir = join(directory, "certs");
    const apiserver = new ChildBinary(
      "kube-apiserver",
      binaries.kubeApiserver,
      [
        `--etcd-servers=${etcdUrl}`,
        "--bind-address=127.0.0.1",
        "--advertise-address=127.0.0.1",
        `--secure-port=${port}`,
        // No --tls-cert-file: the server writes a self-signed pair here, which the client pins.
        `--cert-dir=${certDir}`,
        `--token-auth-file=${file("tokens.csv", `${token},create-operator,create-operator,"system:masters"\n`)}`,
        "--anonymous-auth=false",
        "--authorization-mode=RBAC",
        `--service-account-key-file=${file("sa.pub", keys.publicKey)}`,
        `--service-account-signing-key-file=${file("sa.key", keys.privateKey)}`,
        `--service-account-issuer=https://127.0.0.1:${port}`,
        "--service-cluster-ip-range=10.0.0.0/24",
        "--disable-admission-plugins=ServiceAccount",
      ],
      directory,
    );
    processes.push(apiserver);
    const server = `https://127.0.0.1:${port}`;
    let call: Call | undefined;
    await pollUntil(
      deadline,
      50,
      async () => {
        apiserver.assertRunning();
        etcd.assertRunning();
        const certFile = join(certDir, "apiserver.crt");
        if (call === undefined && existsSync(certFile)) {
          const ca = readFileSync(certFile, "utf8");
          if (ca.includes("END CERTIFICATE")) call = apiClient(server, ca, token);
        }
        if (call === undefined) return false;
        // The RBAC bootstrap roles take a second or more to write and are not needed: we are in
        // system:masters, which the API server authorizes before RBAC is consulted.
        const ready = await call("GET", "/readyz?exclude=poststarthook/rbac/bootstrap-roles").catch(
          () => undefined, // not listening yet
        );
        return ready?.status === 200;
      },
      () => `kube-apiserver not ready on port ${port} within ${timeoutMs} ms\n${apiserver.tail()}`,
    );
    return { server, call: call!, startupMs: Date.now() - started, stop };
  } catch (error) {
    await stop();
    throw new ControlPlaneStartError(error instanceof Error ? error.message : String(error));
  }
}

function etcdArgs(directory: string, url: string): string[] {
  return [
    "--name=create-operator",
    `--data-dir=${join(directory, "etcd")}`,
    `--listen-client-urls=${url}`,
    `--advertise-client-urls=${url}`,
    // The single member never talks to peers, so it needs no second free port.
    "--listen-peer-urls=http://127.0.0.1:0",
    // Disposable data: fsync on every write is most of etcd's latency.
    "--unsafe-no-fsync",
    // A lone member elects itself after one election timeout (1 s by default).
    "--heartbeat-interval=10",
    "--election-timeout=100",
  ];
}

/** A port the kernel considered free a moment ago. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no TCP address");
  return address.port;
}

export async function pollUntil(
  deadline: number,
  intervalMs: number,
  ready: () => Promise<boolean>,
  timeoutMessage: () => string,
): Promise<void> {
  for (;;) {
    if (await ready()) return;
    if (Date.now() > deadline) throw new Error(timeoutMessage());
    await sleep(intervalMs);
  }
}
