// One start attempt: the PKI, then etcd, then kube-apiserver with the flags controller-runtime's
// envtest uses (loopback only, client-certificate auth, RBAC, service-account keys), each polled
// until it answers. ControlPlane.start retries attempts on fresh ports.

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Binaries } from "./binaries.ts";
import { CertificateAuthority, serviceAccountKeys, type KeyPairPem } from "./certificates.ts";
import { httpsGetter, pollUntil, type ClientTls } from "./https-client.ts";
import { freePort, ManagedProcess } from "./processes.ts";

export interface Pki {
  ca: CertificateAuthority;
  serving: KeyPairPem;
  admin: KeyPairPem;
  serviceAccount: { publicKey: string; privateKey: string };
}

export interface Running {
  directory: string;
  port: number;
  etcd: ManagedProcess;
  apiserver: ManagedProcess;
  /** http://127.0.0.1:<port>: etcd's client URL (its v3 JSON gateway answers there too). */
  etcdUrl: string;
}

export async function createPki(): Promise<Pki> {
  const ca = await CertificateAuthority.create("envtest-ca");
  const [serving, admin, serviceAccount] = await Promise.all([
    ca.issue({
      commonName: "kube-apiserver",
      usage: "server",
      dnsNames: ["localhost"],
      ipAddresses: ["127.0.0.1"],
    }),
    ca.issue({ commonName: "admin", organizations: ["system:masters"], usage: "client" }),
    serviceAccountKeys(),
  ]);
  return { ca, serving, admin, serviceAccount };
}

/** One attempt: a fresh directory and ports; on any failure everything it started is stopped. */
export async function startProcesses(
  binaries: Binaries,
  pki: Pki,
  timeoutMs: number,
): Promise<Running> {
  const deadline = Date.now() + timeoutMs;
  const directory = mkdtempSync(join(tmpdir(), "envtest-cp-"));
  const file = (name: string, content: string) => {
    writeFileSync(join(directory, name), content, { mode: 0o600 });
    return join(directory, name);
  };
  const [etcdPort, port] = [await freePort(), await freePort()];
  const started: ManagedProcess[] = [];
  try {
    const etcdUrl = `http://127.0.0.1:${etcdPort}`;
    const etcd = new ManagedProcess("etcd", binaries.etcd, etcdArgs(directory, etcdUrl), directory);
    started.push(etcd);
    const etcdHealth = httpGetter(etcdUrl);
    await pollUntil(
      deadline,
      20,
      () => etcdHealth("/health").catch(() => etcd.assertRunning()),
      () => `etcd not healthy at ${etcdUrl} within ${timeoutMs} ms\n${etcd.tail()}`,
    );
    const apiserver = new ManagedProcess(
      "kube-apiserver",
      binaries.kubeApiserver,
      [
        `--etcd-servers=${etcdUrl}`,
        "--bind-address=127.0.0.1",
        "--advertise-address=127.0.0.1",
        `--secure-port=${port}`,
        `--cert-dir=${join(directory, "apiserver-certs")}`,
        `--tls-cert-file=${file("serving.crt", pki.serving.certificate)}`,
        `--tls-private-key-file=${file("serving.key", pki.serving.privateKey)}`,
        `--client-ca-file=${file("ca.crt", pki.ca.certificate)}`,
        "--authorization-mode=RBAC",
        `--service-account-key-file=${file("sa.pub", pki.serviceAccount.publicKey)}`,
        `--service-account-signing-key-file=${file("sa.key", pki.serviceAccount.privateKey)}`,
        `--service-account-issuer=https://127.0.0.1:${port}`,
        // A /16: the suites' memory and fault scenarios create hundreds of Services (one child
        // per object, 800 objects), more than the 254 a /24 holds.
        "--service-cluster-ip-range=10.0.0.0/16",
        // No controller manager runs, so nothing would create the tokens this plugin waits for.
        "--disable-admission-plugins=ServiceAccount",
      ],
      directory,
    );
    started.push(apiserver);
    const get = httpsGetter(`https://127.0.0.1:${port}`, tlsOf(pki.ca, pki.admin));
    await pollUntil(
      deadline,
      50,
      async () => {
        apiserver.assertRunning();
        etcd.assertRunning();
        const res = await get("/readyz").catch(() => undefined);
        return res?.status === 200 ? true : undefined;
      },
      () => `kube-apiserver not ready on port ${port} within ${timeoutMs} ms\n${apiserver.tail()}`,
    );
    return { directory, port, etcd, apiserver, etcdUrl };
  } catch (error) {
    for (const p of started.reverse()) await p.stop();
    rmSync(directory, { recursive: true, force: true, maxRetries: 3 });
    throw error;
  }
}

function etcdArgs(directory: string, url: string): string[] {
  return [
    "--name=envtest",
    `--data-dir=${join(directory, "etcd")}`,
    `--listen-client-urls=${url}`,
    `--advertise-client-urls=${url}`,
    // Port 0: the single member never talks to peers, so it needs no second free port.
    "--listen-peer-urls=http://127.0.0.1:0",
    // Test data is disposable; fsync on every write is most of etcd's latency.
    "--unsafe-no-fsync",
    // A lone member elects itself after one election timeout: 1 s by default, nearly a third of
    // the whole start. Loopback without peers needs no slack (etcd wants election >= 5 beats).
    "--heartbeat-interval=10",
    "--election-timeout=100",
  ];
}

function httpGetter(base: string): (path: string) => Promise<true | undefined> {
  return async (path) => ((await fetch(new URL(path, base))).ok ? true : undefined);
}

export function tlsOf(ca: CertificateAuthority, pair: KeyPairPem): ClientTls {
  return { ca: ca.certificate, cert: pair.certificate, key: pair.privateKey };
}
