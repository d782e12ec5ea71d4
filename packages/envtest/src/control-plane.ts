// A real etcd and kube-apiserver for tests, started the way controller-runtime's envtest starts
// them: loopback only, fresh ports and a temp directory per attempt, client-certificate auth
// with RBAC enforced, and the project's CRDs installed and served before the first test runs.
// `npm test` starts one for the whole run (test/envtest/global-setup.ts) and every test file
// connects to it, in the same process or another; a file run on its own starts its own.

import { CoreV1Api, KubeConfig, type KubernetesObject } from "@kubernetes/client-node";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { after } from "node:test";
import { findBinaries } from "./binaries.ts";
import { CertificateAuthority, type KeyPairPem } from "./certificates.ts";
import { registerForCleanup } from "./cleanup.ts";
import { CONNECTION_ENV, readConnection, writeConnection, type Connection } from "./connection.ts";
import { httpsGetter, type Get } from "./https-client.ts";
import { createPki, startProcesses, tlsOf, type Running } from "./launch.ts";
import { applyObjects, readManifests, yamlFilesIn } from "./manifests.ts";

export interface ControlPlaneOptions {
  /** Per attempt; default 60_000 or ENVTEST_START_TIMEOUT_MS. */
  startTimeoutMs?: number;
  /** Attempts with fresh ports and dirs; default 3. */
  attempts?: number;
  /** Directory of CRD YAML files to install; default "config/crd/bases" relative to the project root. Pass null to skip. */
  crdDirectory?: string | null;
}

/**
 * The project under test: relative paths given to the harness resolve against it. `npm test` runs
 * in the project's folder, so that is the default; ENVTEST_PROJECT_ROOT names another.
 */
export const PROJECT_ROOT = resolve(process.env.ENVTEST_PROJECT_ROOT ?? process.cwd());

const projectPath = (path: string): string => (isAbsolute(path) ? path : join(PROJECT_ROOT, path));

export class ControlPlane {
  /** cluster-admin (system:masters) client certificate. */
  readonly admin: KubeConfig;
  /** https://127.0.0.1:<port> */
  readonly server: string;
  /**
   * A directory of this process's own: for the plane that started the processes, the run directory
   * (PKI, etcd data, both processes' logs `etcd.log` and `kube-apiserver.log`); for a connected
   * one, a fresh directory inside it, so files running side by side never overwrite each other.
   */
  readonly directory: string;
  /** From spawning etcd to /readyz answering 200, CRD installation excluded (0 when connected). */
  readonly startupMs: number;
  /** Process ids of etcd and kube-apiserver (each leads its own process group). */
  readonly pids: number[];
  /**
   * etcd's client URL (http://127.0.0.1:<port>, no TLS): a test that must prove how the API server
   * stored an object reads the key there (POST /v3/kv/range of the JSON gateway).
   */
  readonly etcdUrl: string;
  readonly #ca: CertificateAuthority;
  readonly #adminPair: KeyPairPem;
  readonly #get: Get;
  /** The processes, only in the plane that started them: a connected plane never stops them. */
  readonly #owned: { running: Running; unregister: () => void } | undefined;
  #stopping: Promise<void> | undefined;

  private constructor(connection: Connection, running: Running | undefined, startupMs: number) {
    this.server = connection.server;
    this.startupMs = startupMs;
    this.pids = connection.pids;
    this.etcdUrl = connection.etcdUrl;
    this.#ca = connection.ca;
    this.#adminPair = connection.admin;
    this.admin = kubeConfig(this.server, connection.ca.certificate, "admin", connection.admin);
    this.#get = httpsGetter(this.server, tlsOf(connection.ca, connection.admin));
    if (running === undefined) {
      this.directory = mkdtempSync(join(connection.directory, "client-"));
      this.#owned = undefined;
      return;
    }
    this.directory = running.directory;
    const unregister = registerForCleanup(() => {
      running.apiserver.killNow();
      running.etcd.killNow();
      rmSync(running.directory, { recursive: true, force: true, maxRetries: 3 });
    });
    this.#owned = { running, unregister };
  }

  /** Connects to the control plane whose connection file `path` names (see writeConnection). */
  static async connect(path: string): Promise<ControlPlane> {
    return new ControlPlane(await readConnection(path), undefined, 0);
  }

  static async start(options: ControlPlaneOptions = {}): Promise<ControlPlane> {
    const binaries = findBinaries();
    const timeoutMs =
      options.startTimeoutMs ?? Number(process.env.ENVTEST_START_TIMEOUT_MS || 60_000);
    const attempts = options.attempts ?? 3;
    const pki = await createPki();
    const failures: string[] = [];
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const started = Date.now();
      const running = await startProcesses(binaries, pki, timeoutMs).catch((error: Error) => {
        failures.push(`attempt ${attempt}: ${error.message}`);
        return undefined;
      });
      if (running === undefined) continue;
      const connection: Connection = {
        server: `https://127.0.0.1:${running.port}`,
        directory: running.directory,
        pids: [running.etcd.pid, running.apiserver.pid],
        etcdUrl: running.etcdUrl,
        ca: pki.ca,
        admin: pki.admin,
      };
      const plane = new ControlPlane(connection, running, Date.now() - started);
      try {
        const crds = await plane.#installCrds(options.crdDirectory, timeoutMs);
        // One diagnostic per start: the number to watch when the suite feels slow.
        process.stdout.write(
          `# envtest: control plane ready in ${seconds(plane.startupMs)}${crds}\n`,
        );
        // A start that needed another attempt (say, a port taken between probe and bind) is
        // said out loud, so retries never hide a control plane that is getting flaky.
        for (const failure of failures)
          process.stdout.write(`# envtest: retried after ${failure}\n`);
        return plane;
      } catch (error) {
        await plane.stop(); // a CRD that does not install will not install on other ports either
        throw error;
      }
    }
    throw new Error(
      `envtest: control plane did not start in ${attempts} attempts\n${failures.join("\n")}`,
    );
  }

  /** A KubeConfig authenticating as `user` in `groups` with a client certificate signed by the control plane's client CA. */
  async userConfig(user: string, groups: string[] = []): Promise<KubeConfig> {
    const pair = await this.#ca.issue({
      commonName: user,
      organizations: groups,
      usage: "client",
    });
    return kubeConfig(this.server, this.#ca.certificate, user, pair);
  }

  /** The identity a pod running as this service account has, so RoleBindings to it apply. */
  serviceAccountConfig(namespace: string, name: string): Promise<KubeConfig> {
    return this.userConfig(`system:serviceaccount:${namespace}:${name}`, [
      "system:serviceaccounts",
      `system:serviceaccounts:${namespace}`,
    ]);
  }

  /** Applies every YAML document of the files (server-side apply, field manager "envtest") as admin; returns the applied objects. Used for CRDs, RBAC and samples. */
  async applyManifests(paths: string[], namespace?: string): Promise<KubernetesObject[]> {
    const objects = readManifests(paths.map(projectPath));
    return applyObjects(this.admin, this.#get, objects, namespace, 30_000);
  }

  /** Creates a namespace with a unique name `<prefix>-<random>`; labels optional. Namespaces are never deleted (no namespace controller runs). */
  async createNamespace(prefix: string, labels?: Record<string, string>): Promise<string> {
    const name = `${prefix.slice(0, 52)}-${randomBytes(5).toString("hex")}`;
    const api = this.admin.makeApiClient(CoreV1Api);
    await api.createNamespace({ body: { metadata: { name, ...(labels ? { labels } : {}) } } });
    return name;
  }

  /** Writes a kubeconfig file into the run directory, e.g. for an operator started as a child process (KUBECONFIG=<path>). */
  writeKubeconfig(config: KubeConfig, fileName = "kubeconfig.yaml"): string {
    const path = join(this.directory, fileName);
    writeFileSync(path, config.exportConfig(), { mode: 0o600 });
    return path;
  }

  /** GET a path as admin, bypassing clients: e.g. "/readyz" or discovery documents. */
  get(path: string): Promise<{ status: number; body: string }> {
    return this.#get(path);
  }

  /**
   * Writes the connection file other processes connect with (server, CA and admin keys, mode
   * 0600, in the run directory) and returns its path.
   */
  writeConnection(): Promise<string> {
    return writeConnection(join(this.directory, "connection.json"), {
      server: this.server,
      directory: this.directory,
      pids: this.pids,
      etcdUrl: this.etcdUrl,
      ca: this.#ca,
      admin: this.#adminPair,
    });
  }

  /**
   * Idempotent. Both process groups are killed at once: everything they hold is thrown away with
   * the run directory, so a graceful shutdown (about a second of the API server draining) would
   * save nothing. A connected plane stops nothing: the processes belong to the one that started them.
   */
  stop(): Promise<void> {
    const owned = this.#owned;
    this.#stopping ??= (async () => {
      if (owned === undefined) return;
      await Promise.all([owned.running.apiserver.kill(), owned.running.etcd.kill()]);
      rmSync(this.directory, { recursive: true, force: true, maxRetries: 3 });
      owned.unregister();
    })();
    return this.#stopping;
  }

  async #installCrds(directory: string | null | undefined, timeoutMs: number): Promise<string> {
    if (directory === null) return "";
    const started = Date.now();
    const files = yamlFilesIn(projectPath(directory ?? "config/crd/bases"));
    const applied = await applyObjects(
      this.admin,
      this.#get,
      readManifests(files),
      undefined,
      timeoutMs,
    );
    const crds = applied.filter((o) => o.kind === "CustomResourceDefinition").length;
    return `; ${crds} CRD${crds === 1 ? "" : "s"} established and served in ${seconds(Date.now() - started)}`;
  }
}

let shared: Promise<ControlPlane> | undefined;

/**
 * The control plane of this test run. Under `npm test` the global setup
 * (test/envtest/global-setup.ts) has started one for the whole run and named its connection file
 * in ENVTEST_CONNECTION: every file connects to it, and isolates its objects by namespace
 * (createNamespace) and by name. A file run on its own (`node --test test/contract/...`) starts
 * its own, stopped after the file's tests; `options` apply only then. Call it at the top level of
 * a test file (top-level await) or in a top-level before() hook: node:test attaches the `after`
 * hook registered here to whatever test is running the call.
 */
export function sharedControlPlane(options?: ControlPlaneOptions): Promise<ControlPlane> {
  if (shared === undefined) {
    const connection = process.env[CONNECTION_ENV];
    if (connection) return (shared = ControlPlane.connect(connection));
    const starting = ControlPlane.start(options);
    shared = starting;
    after(async () => {
      if (shared === starting) shared = undefined;
      await (await starting.catch(() => undefined))?.stop();
    });
  }
  return shared;
}

function kubeConfig(server: string, ca: string, user: string, pair: KeyPairPem): KubeConfig {
  const base64 = (pem: string) => Buffer.from(pem).toString("base64");
  const config = new KubeConfig();
  config.loadFromOptions({
    clusters: [{ name: "envtest", server, caData: base64(ca), skipTLSVerify: false }],
    users: [{ name: user, certData: base64(pair.certificate), keyData: base64(pair.privateKey) }],
    contexts: [{ name: "envtest", cluster: "envtest", user }],
    currentContext: "envtest",
  });
  return config;
}

function seconds(ms: number): string {
  return `${(ms / 1_000).toFixed(1)} s`;
}
