// Every generated project's Helm chart (chart/), with a real helm (v4, built from the Go module
// proxy: test/tools/helm.ts) on a real kube-apiserver and etcd:
// - every example's chart passes `helm lint --strict` and `helm template`, with and without the
//   opt-in objects, and renders config/'s objects (the chart is no second copy that can drift);
// - the Database chart installs, upgrades to a changed chart (a CRD change and new values) and
//   uninstalls; the CRDs and the custom resources survive the uninstall, a new install adopts the
//   CRDs again, and only `crds.keep=false` lets uninstall delete them.
// No kubelet or controller-manager runs here, so the manager Deployment never gets a pod: this is
// about Helm's lifecycle of the objects, not the operator's behaviour (the generated suites cover that).

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { parseAllDocuments } from "yaml";
import { REPO_ROOT, exampleNames, tempDir } from "../support.ts";
import { helm } from "../tools/helm.ts";

// The generated projects' own envtest harness, imported by computed path as numeric-formats.test.ts
// does (the root tsconfig would re-check it with DOM's conflicting types). Only what is used here.
interface KubeConfig {
  getCurrentUser(): { certData?: string; keyData?: string } | null;
  getCurrentCluster(): { caData?: string } | null;
}
interface ControlPlane {
  server: string;
  admin: KubeConfig;
  writeKubeconfig(config: KubeConfig): string;
  get(path: string): Promise<{ status: number; body: string }>;
  stop(): Promise<void>;
}
const harness = (file: string) => join(REPO_ROOT, "packages/envtest/src", file);
const { ControlPlane } = (await import(harness("control-plane.ts"))) as {
  ControlPlane: { start(options: { crdDirectory: null }): Promise<ControlPlane> };
};
const { sendRequest } = (await import(harness("https-client.ts"))) as {
  sendRequest(
    url: URL,
    options: import("node:https").RequestOptions,
    payload: string,
    what: string,
  ): Promise<{ status: number; body: string }>;
};

const golden = (example: string) => join(REPO_ROOT, "test/golden", example);
type Manifest = { kind: string; metadata: { name: string; namespace?: string } } & Record<
  string,
  unknown
>;

let work: string;
/** helm with its own config, cache and data directories, so nothing lands in the user's home. */
function runHelm(args: string[], kubeconfig?: string): string {
  const env = {
    ...process.env,
    HELM_CACHE_HOME: join(work, "helm-cache"),
    HELM_CONFIG_HOME: join(work, "helm-config"),
    HELM_DATA_HOME: join(work, "helm-data"),
    ...(kubeconfig ? { KUBECONFIG: kubeconfig } : {}),
  };
  const run = spawnSync(helm(), args, { encoding: "utf8", env });
  assert.equal(run.status, 0, `helm ${args.join(" ")}:\n${run.stdout}\n${run.stderr}`);
  return run.stdout + run.stderr;
}

const documents = (yaml: string): Manifest[] =>
  parseAllDocuments(yaml)
    .map((d) => d.toJS() as Manifest | null)
    .filter((d): d is Manifest => d !== null);

before(() => {
  work = tempDir("helm-chart");
});
after(() => rmSync(work, { recursive: true, force: true }));

test("every example's chart passes helm lint --strict and helm template, opt-ins on and off", () => {
  const optIns = [
    "monitoring.serviceMonitor.enabled=true",
    "monitoring.prometheusRule.enabled=true",
    "networkPolicy.enabled=true",
    "metrics.enabled=false",
    "crds.keep=false",
    "nodeSelector.disk=ssd",
  ].flatMap((value) => ["--set", value]);
  for (const example of exampleNames()) {
    const chart = join(golden(example), "chart");
    runHelm(["lint", "--strict", chart]);
    runHelm(["lint", "--strict", chart, ...optIns]);
    const all = documents(runHelm(["template", "r", chart, "--namespace", "ns", ...optIns]));
    const kinds = new Set(all.map((object) => object.kind));
    for (const kind of ["ServiceMonitor", "PrometheusRule", "NetworkPolicy"])
      assert.ok(kinds.has(kind), `${example}: ${kind} when opted in`);
    assert.ok(!all.some((o) => o.metadata.name.endsWith("-metrics-service")), "metrics off");
  }
});

test("values.schema.json refuses a misspelt value and replicas without leader election", () => {
  const chart = join(golden("database"), "chart");
  const refused = (set: string) =>
    spawnSync(helm(), ["template", "r", chart, "--set", set], { encoding: "utf8" });
  assert.match(refused("replica=2").stderr, /additional properties 'replica' not allowed/);
  assert.match(
    refused("leaderElection.enabled=false").stderr,
    /at '\/replicas': maximum: got 2, want 1/,
  );
});

/**
 * An object as config/ holds it or as the chart renders it, minus what the chart means to change
 * (Helm's managed-by label, the CRDs' keep annotation), keys sorted (toYaml sorts them).
 */
function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value)
    .filter(([key]) => key !== "app.kubernetes.io/managed-by" && key !== "helm.sh/resource-policy")
    .map(([key, item]) => [key, comparable(item)] as const)
    .filter(([key, item]) => !(key === "annotations" && Object.keys(item as object).length === 0))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries);
}

test("with its default values every chart renders config/default's objects (and config/prometheus's when asked), in the operator's namespace", () => {
  for (const example of exampleNames()) {
    const root = golden(example);
    const kustomized = (dir: string): string[] => {
      const kustomization = readFileSync(join(dir, "kustomization.yaml"), "utf8");
      const resources = documents(kustomization)[0]!.resources as string[];
      return resources.flatMap((r) =>
        r.endsWith(".yaml") ? [join(dir, r)] : kustomized(join(dir, r)),
      );
    };
    // The PrometheusRule's alert texts hold Prometheus' own {{ $value }}: escaped in the chart.
    const config = [
      ...kustomized(join(root, "config/default")),
      ...kustomized(join(root, "config/prometheus")),
    ]
      .flatMap((file) => documents(readFileSync(file, "utf8")))
      .filter((object) => object.kind !== "Namespace");
    const manager = config.find((o) => o.kind === "Deployment")!;
    const namespace = manager.metadata.namespace!;
    const chart = documents(
      runHelm([
        "template",
        "r",
        join(root, "chart"),
        "--namespace",
        namespace,
        "--set",
        "monitoring.prometheusRule.enabled=true",
        "--set",
        "monitoring.serviceMonitor.enabled=true",
      ]),
    );
    const key = (o: Manifest) => `${o.kind}/${o.metadata.namespace ?? ""}/${o.metadata.name}`;
    assert.deepEqual(chart.map(key).sort(), config.map(key).sort(), `${example}: the same objects`);
    const byKey = new Map(chart.map((o) => [key(o), o]));
    for (const object of config)
      assert.deepEqual(
        comparable(byKey.get(key(object))),
        comparable(object),
        `${example}: ${key(object)}`,
      );
  }
});

let plane: ControlPlane | undefined;
after(() => plane?.stop());

test("install, upgrade to a changed chart, uninstall: the CRDs and every custom resource survive", async () => {
  plane = await ControlPlane.start({ crdDirectory: null });
  const kubeconfig = plane.writeKubeconfig(plane.admin);
  const user = plane.admin.getCurrentUser()!;
  const cluster = plane.admin.getCurrentCluster()!;
  const pem = (b64: string | undefined) => Buffer.from(b64 ?? "", "base64").toString();
  const call = (method: string, path: string, body?: object) =>
    sendRequest(
      new URL(path, plane!.server),
      {
        method,
        ca: pem(cluster.caData),
        cert: pem(user.certData),
        key: pem(user.keyData),
        headers: { "content-type": "application/json" },
        agent: false,
        timeout: 10_000,
      },
      body ? JSON.stringify(body) : "",
      `${method} ${path}`,
    );
  const status = async (path: string) => (await plane!.get(path)).status;
  const read = async (path: string) => JSON.parse((await plane!.get(path)).body) as Manifest;
  const untilStatus = async (path: string, wanted: number) => {
    for (let i = 0; i < 100 && (await status(path)) !== wanted; i++) await sleep(100);
    assert.equal(await status(path), wanted, path);
  };

  const release = ["--namespace", "database-operator-system"];
  const chart = join(work, "chart");
  cpSync(join(golden("database"), "chart"), chart, { recursive: true });
  const crd = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/databases.db.example.com";
  const allowanceCrd =
    "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/databaseallowances.db.example.com";
  const deployment =
    "/apis/apps/v1/namespaces/database-operator-system/deployments/database-operator-controller-manager";
  const database = "/apis/db.example.com/v1alpha1/namespaces/team-a/databases/orders";
  const allowance = "/apis/db.example.com/v1alpha1/namespaces/team-a/databaseallowances/tenancy";

  runHelm(["install", "db", chart, ...release, "--create-namespace"], kubeconfig);
  assert.equal(await status(crd), 200);
  assert.equal((await read(deployment)).kind, "Deployment");
  // Custom resources of both kinds the chart defines (the tenancy policy reads the allowance).
  await untilStatus("/apis/db.example.com/v1alpha1", 200);
  assert.equal(
    (await call("POST", "/api/v1/namespaces", { metadata: { name: "team-a" } })).status,
    201,
  );
  const created = await call(
    "POST",
    "/apis/db.example.com/v1alpha1/namespaces/team-a/databaseallowances",
    {
      apiVersion: "db.example.com/v1alpha1",
      kind: "DatabaseAllowance",
      metadata: { name: "tenancy" },
      spec: { allowedSizes: ["small"] },
    },
  );
  assert.equal(created.status, 201, created.body);
  const db = await call("POST", "/apis/db.example.com/v1alpha1/namespaces/team-a/databases", {
    apiVersion: "db.example.com/v1alpha1",
    kind: "Database",
    metadata: { name: "orders" },
    spec: { size: "small" },
  });
  assert.equal(db.status, 201, db.body);

  // A changed chart: a CRD change (a new short name) and a new chart version, with new values.
  const crdTemplate = join(chart, "templates/crd/bases/db.example.com_databases.yaml");
  const changed = readFileSync(crdTemplate, "utf8").replace(
    "    shortNames:\n      - db\n",
    "    shortNames:\n      - db\n      - dbs\n",
  );
  assert.notEqual(changed, readFileSync(crdTemplate, "utf8"), "the CRD template changed");
  writeFileSync(crdTemplate, changed);
  const chartYaml = join(chart, "Chart.yaml");
  writeFileSync(
    chartYaml,
    readFileSync(chartYaml, "utf8").replace("version: 0.1.0", "version: 0.1.1"),
  );
  runHelm(
    [
      "upgrade",
      "db",
      chart,
      ...release,
      "--set",
      "replicas=1",
      "--set",
      "leaderElection.enabled=false",
    ],
    kubeconfig,
  );
  const upgraded = (await read(crd)) as Manifest & { spec: { names: { shortNames: string[] } } };
  assert.deepEqual(upgraded.spec.names.shortNames, ["db", "dbs"], "helm upgrade upgraded the CRD");
  const manager = (await read(deployment)) as Manifest & {
    spec: {
      replicas: number;
      template: { spec: { containers: { env: { name: string; value?: string }[] }[] } };
    };
  };
  assert.equal(manager.spec.replicas, 1);
  const leaderElect = manager.spec.template.spec.containers[0]!.env.find(
    (e) => e.name === "LEADER_ELECT",
  );
  assert.equal(leaderElect?.value, "false");

  const uninstalled = runHelm(["uninstall", "db", ...release], kubeconfig);
  assert.match(uninstalled, /kept due to the resource policy/);
  assert.equal(await status(deployment), 404, "the release's other objects are gone");
  // Survived: still there and not being deleted (a deleted CRD answers 200 while its custom
  // resources are cleaned up).
  for (const path of [crd, allowanceCrd, database, allowance]) {
    const object = await plane.get(path);
    assert.equal(object.status, 200, `${path} survived helm uninstall`);
    const metadata = (JSON.parse(object.body) as { metadata: { deletionTimestamp?: string } })
      .metadata;
    assert.equal(metadata.deletionTimestamp, undefined, `${path} is not being deleted`);
  }

  // A new install of the same release adopts the kept CRDs (they still carry its annotations).
  runHelm(["install", "db", chart, ...release], kubeconfig);
  assert.equal(await status(database), 200);
  // Deleting them is the user's explicit choice: keep=false first, then uninstall.
  runHelm(
    ["upgrade", "db", chart, ...release, "--reuse-values", "--set", "crds.keep=false"],
    kubeconfig,
  );
  runHelm(["uninstall", "db", ...release], kubeconfig);
  await untilStatus(crd, 404);
  await untilStatus(database, 404);
});
