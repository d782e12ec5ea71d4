// `npm run bench:conversion` (issue 19): what API evolution costs, on the real kube-apiserver.
// The Database example one version later (examples/database-v1beta1.yaml) is generated, and its
// own src/conversion.ts serves the conversion webhook from a child process (operator-child.ts),
// as every replica of the operator does. Measured:
//   - a LIST of N objects (BENCH_LIST, 1,000) in the storage version (v1beta1, no conversion)
//     and in v1alpha1 (one ConversionReview of the whole page), p50/p99 over BENCH_REPEAT LISTs,
//     as the API server sees it (its audit log: received → response complete);
//   - a GET of one object (a review of 1) and a LIST with limit=500 (a review of 500) likewise,
//     and the same reviews sent straight to the webhook (its own latency, HTTPS included);
//   - storage migration of BENCH_MIGRATE (10,000) objects stored in v1alpha1 after the storage
//     version moves to v1beta1: wall time, API requests per object (audit log, the operator's
//     user only), peak RSS of the operator process (webhook + migrator).
// The migration's write rate is lifted (BENCH_WPS, default 10,000/s): the operator's default of
// 20/s is a deliberate brake that puts 10,000 objects at 500 s whatever the machine does.
// Prints a JSON document, then a table.

import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { request } from "node:https";
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import {
  ApiextensionsV1Api,
  CustomObjectsApi,
  PatchStrategy,
  setHeaderOptions,
} from "@kubernetes/client-node";
import { freePort, pollUntil } from "../packages/envtest/src/index.ts";
import { BIN, REPO_ROOT } from "../test/support.ts";
import { readRequests, within } from "./bench-operator/audit-log.ts";
import { startAuditedControlPlane } from "./bench-operator/audited-control-plane.ts";
import { useEnvtestAssets } from "./envtest-assets.ts";

const LIST_N = Number(process.env.BENCH_LIST ?? 1_000);
const MIGRATE_N = Number(process.env.BENCH_MIGRATE ?? 10_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 40);
const WPS = Number(process.env.BENCH_WPS ?? 10_000);
const CRD = "databases.db.example.com";
const GROUP = "db.example.com";
const NAMESPACE = "default";
const OPERATOR_USER = "bench-conversion-operator";
const say = (message: string) => process.stderr.write(`# bench:conversion: ${message}\n`);

const HUB_SPEC = {
  engine: "postgres",
  version: "16",
  size: "medium",
  storageGB: 20,
  maintenanceWindow: "Sun:03:00-Sun:04:00",
};
const OLD_SPEC = { engine: "postgres", version: "16", instanceClass: "medium", storageGB: 20 };

function quantiles(values: number[]): { p50: number; p99: number; n: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { p50: round(at(0.5)), p99: round(at(0.99)), n: sorted.length };
}
const round = (ms: number) => Math.round(ms * 10) / 10;

async function main(): Promise<void> {
  useEnvtestAssets();
  const scratch = mkdtempSync(join(tmpdir(), "bench-conversion-"));
  let child: ChildProcess | undefined;
  try {
    say(`generating examples/database-v1beta1.yaml in ${scratch}`);
    const project = join(scratch, "project");
    const made = spawnSync(
      process.execPath,
      [BIN, "new", project, "--spec", join(REPO_ROOT, "examples/database-v1beta1.yaml")],
      { encoding: "utf8" },
    );
    if (made.status !== 0) throw new Error(made.stderr);
    symlinkSync(join(REPO_ROOT, "node_modules"), join(project, "node_modules"), "dir");
    const { plane, auditLog } = await startAuditedControlPlane(
      scratch,
      join(project, "config/crd/bases"),
    );
    try {
      const kubeconfig = plane.writeKubeconfig(
        await plane.userConfig(OPERATOR_USER, ["system:masters"]),
        "operator.yaml",
      );
      const custom = plane.admin.makeApiClient(CustomObjectsApi);
      const extensions = plane.admin.makeApiClient(ApiextensionsV1Api);
      const port = await freePort();
      const startChild = async (args: string[]) => {
        const proc = spawn(
          process.execPath,
          [join(REPO_ROOT, "scripts/bench-conversion/operator-child.ts"), ...args],
          { stdio: ["pipe", "pipe", "inherit"] },
        );
        const lines = createInterface({ input: proc.stdout! });
        const events: object[] = [];
        const waiters: Array<() => void> = [];
        lines.on("line", (line) => {
          events.push(JSON.parse(line) as object);
          waiters.splice(0).forEach((w) => w());
        });
        const next = async (): Promise<Record<string, unknown>> => {
          while (events.length === 0) await new Promise<void>((resolve) => waiters.push(resolve));
          return events.shift() as Record<string, unknown>;
        };
        await next(); // ready
        return { proc, next };
      };
      const pointCrdAt = async () =>
        extensions.patchCustomResourceDefinition(
          {
            name: CRD,
            body: {
              spec: {
                conversion: {
                  webhook: {
                    clientConfig: { service: null, url: `https://127.0.0.1:${port}/convert` },
                  },
                },
              },
            },
          },
          setHeaderOptions("Content-Type", PatchStrategy.MergePatch),
        );
      await pointCrdAt();
      const served = await startChild(["serve", project, kubeconfig, String(port)]);
      child = served.proc;
      const ref = { group: GROUP, plural: "databases", namespace: NAMESPACE };
      await createMany(custom, "v1beta1", "list", LIST_N, HUB_SPEC);
      // The API server takes a moment to use the injected CA: wait until v1alpha1 reads.
      await pollUntil(Date.now() + 30_000, 200, async () =>
        custom.getNamespacedCustomObject({ ...ref, version: "v1alpha1", name: "list-0" }).then(
          () => true,
          () => undefined,
        ),
      );
      say(`LIST of ${LIST_N}: ${REPEAT} times in each version`);
      const marks: Record<string, Array<[number, number]>> = {};
      const timed = async (label: string, run: () => Promise<unknown>) => {
        const from = Date.now();
        await run();
        (marks[label] ??= []).push([from, Date.now()]);
      };
      for (let i = 0; i < REPEAT; i++)
        for (const version of ["v1beta1", "v1alpha1"])
          await timed(`list-${LIST_N} ${version}`, () =>
            custom.listNamespacedCustomObject({ ...ref, version }),
          );
      for (let i = 0; i < REPEAT; i++)
        for (const version of ["v1beta1", "v1alpha1"])
          await timed(`list-500 ${version}`, () =>
            custom.listNamespacedCustomObject({ ...ref, version, limit: 500 }),
          );
      for (let i = 0; i < REPEAT * 5; i++)
        for (const version of ["v1beta1", "v1alpha1"])
          await timed(`get-1 ${version}`, () =>
            custom.getNamespacedCustomObject({ ...ref, version, name: `list-${i % LIST_N}` }),
          );
      const server = serverLatencies(auditLog, marks);

      say("ConversionReviews straight to the webhook");
      const crd = await extensions.readCustomResourceDefinition({ name: CRD });
      const ca = Buffer.from(
        crd.spec.conversion!.webhook!.clientConfig!.caBundle!,
        "base64",
      ).toString();
      const stored = (await custom.listNamespacedCustomObject({
        ...ref,
        version: "v1beta1",
        limit: 500,
      })) as { items: object[] };
      const direct: Record<string, number[]> = {};
      for (const [count, times] of [
        [1, REPEAT * 5],
        [500, REPEAT],
      ] as const)
        for (let i = 0; i < times; i++) {
          const from = performance.now();
          await review(port, ca, stored.items.slice(0, count));
          (direct[`review-${count}`] ??= []).push(performance.now() - from);
        }

      say(`storage migration of ${MIGRATE_N} objects`);
      served.proc.stdin!.end();
      await new Promise((resolve) => served.proc.once("exit", resolve));
      child = undefined;
      await custom.deleteCollectionNamespacedCustomObject({ ...ref, version: "v1beta1" });
      await setStorage(extensions, "v1alpha1");
      await createMany(custom, "v1alpha1", "old", MIGRATE_N, OLD_SPEC);
      await setStorage(extensions, "v1beta1");
      const before = await extensions.readCustomResourceDefinition({ name: CRD });
      const migrateFrom = Date.now();
      const migrating = await startChild([
        "migrate",
        project,
        kubeconfig,
        String(port),
        String(WPS),
      ]);
      child = migrating.proc;
      const result = await migrating.next();
      const migrateTo = Date.now();
      const requests = within(readRequests(auditLog, OPERATOR_USER), migrateFrom, migrateTo);
      const byKey: Record<string, number> = {};
      for (const r of requests) byKey[r.key] = (byKey[r.key] ?? 0) + 1;
      const migrated = Number(result.migrated);
      const report = {
        machine: { cpus: (await import("node:os")).cpus().length, node: process.version },
        listInOneReview: {
          objects: LIST_N,
          storageVersion: server[`list-${LIST_N} v1beta1`],
          converted: server[`list-${LIST_N} v1alpha1`],
        },
        list500: {
          storageVersion: server["list-500 v1beta1"],
          converted: server["list-500 v1alpha1"],
        },
        get1: { storageVersion: server["get-1 v1beta1"], converted: server["get-1 v1alpha1"] },
        webhookDirect: {
          review1: quantiles(direct["review-1"]!),
          review500: quantiles(direct["review-500"]!),
        },
        migration: {
          objects: MIGRATE_N,
          storedVersionsBefore: before.status?.storedVersions,
          storedVersionsAfter: result.storedVersions,
          migrated,
          wallS: round(Number(result.ms) / 1000),
          writesPerSecondLimit: WPS,
          requestsPerObject: Math.round((requests.length / migrated) * 100) / 100,
          requests: byKey,
          peakOperatorRssMiB: result.peakRssMiB,
        },
      };
      process.stdout.write(JSON.stringify(report, null, 2) + "\n");
      process.stdout.write(table(report) + "\n");
    } finally {
      child?.kill();
      await plane.stop();
    }
  } finally {
    if (!process.env.BENCH_KEEP) rmSync(scratch, { recursive: true, force: true });
  }
}

/** Server-side latency (ms) of each marked request: the audit event of our admin user in the window. */
function serverLatencies(auditLog: string, marks: Record<string, Array<[number, number]>>) {
  const admin = readRequests(auditLog, "admin").filter((r) => r.resource === "databases");
  const out: Record<string, { p50: number; p99: number; n: number }> = {};
  for (const [label, windows] of Object.entries(marks)) {
    const verb = label.startsWith("get") ? "get" : "list";
    const latencies = windows.flatMap(([from, to]) =>
      within(admin, from - 1, to + 1)
        .filter((r) => r.verb === verb)
        .map((r) => r.doneMs - r.receivedMs),
    );
    out[label] = quantiles(latencies);
  }
  return out;
}

async function createMany(
  custom: CustomObjectsApi,
  version: string,
  prefix: string,
  count: number,
  spec: object,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++)
      await custom.createNamespacedCustomObject({
        group: GROUP,
        version,
        plural: "databases",
        namespace: NAMESPACE,
        body: {
          apiVersion: `${GROUP}/${version}`,
          kind: "Database",
          metadata: { name: `${prefix}-${i}` },
          spec,
        },
      });
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

async function setStorage(extensions: ApiextensionsV1Api, storage: string): Promise<void> {
  const crd = await extensions.readCustomResourceDefinition({ name: CRD });
  for (const version of crd.spec.versions) version.storage = version.name === storage;
  await extensions.replaceCustomResourceDefinition({ name: CRD, body: crd });
}

/** A ConversionReview to v1alpha1 of `objects` (stored in v1beta1), as the API server sends it. */
function review(port: number, ca: string, objects: object[]): Promise<void> {
  const body = JSON.stringify({
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "ConversionReview",
    request: { uid: "bench", desiredAPIVersion: `${GROUP}/v1alpha1`, objects },
  });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path: "/convert",
        method: "POST",
        ca,
        servername: "localhost",
        headers: { "content-type": "application/json" },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const answer = JSON.parse(Buffer.concat(chunks).toString()) as {
            response?: { result?: { status?: string } };
          };
          if (answer.response?.result?.status !== "Success")
            reject(new Error(Buffer.concat(chunks).toString().slice(0, 500)));
          else resolve();
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

function table(r: any): string {
  const row = (name: string, a: { p50: number; p99: number }, b?: { p50: number; p99: number }) =>
    `| ${name} | ${a.p50} / ${a.p99} |${b ? ` ${b.p50} / ${b.p99} |` : ""}`;
  return [
    "| request (ms, p50 / p99, API server's audit log) | storage version v1beta1 | v1alpha1, through the webhook |",
    "| --- | --- | --- |",
    `${row(`LIST of ${r.listInOneReview.objects} (one review of ${r.listInOneReview.objects})`, r.listInOneReview.storageVersion, r.listInOneReview.converted)}`,
    `${row("LIST limit=500 (a review of 500)", r.list500.storageVersion, r.list500.converted)}`,
    `${row("GET one object (a review of 1)", r.get1.storageVersion, r.get1.converted)}`,
    "",
    "| ConversionReview straight to the webhook (ms) | p50 / p99 |",
    "| --- | --- |",
    `${row("1 object", r.webhookDirect.review1)}`,
    `${row("500 objects", r.webhookDirect.review500)}`,
    "",
    `storage migration of ${r.migration.migrated} objects: ${r.migration.wallS} s, ${r.migration.requestsPerObject} API requests per object (${JSON.stringify(r.migration.requests)}), peak operator RSS ${r.migration.peakOperatorRssMiB} MiB; storedVersions ${JSON.stringify(r.migration.storedVersionsBefore)} -> ${JSON.stringify(r.migration.storedVersionsAfter)}`,
  ].join("\n");
}

await main();
