// One run: a fresh audited control plane, the generated CRD and RBAC, one operator under the
// generated ServiceAccount's identity, N objects to Ready, then a steady window. Everything it
// starts is stopped before it returns, whatever happens.

import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { freePort } from "../../packages/envtest/src/processes.ts";
import { startAuditedControlPlane } from "./audited-control-plane.ts";
import { grantBenchNamespace } from "./tenancy.ts";
import { exitReason } from "./exit-reason.ts";
import { readRequests, waitUntilQuiet, within } from "./audit-log.ts";
import type { BenchOptions } from "./options.ts";
import { start, type Built, type OperatorName, type Running } from "./operators.ts";
import { fromDebugLog, fromMetrics, percentile, type ReconcileTimes } from "./reconcile-time.ts";
import { convergeCounts, steadyCounts } from "./request-counts.ts";
import { cpuSeconds, PeakSampler, round, sample } from "./sampler.ts";
import { adminClient, call, createAndAwaitReady, type Client } from "./workload.ts";

const OPERATOR_NAMESPACE = "database-operator-system";
const SERVICE_ACCOUNT = "database-operator-controller-manager";
const USERNAME = `system:serviceaccount:${OPERATOR_NAMESPACE}:${SERVICE_ACCOUNT}`;
const BENCH_NAMESPACE = "bench";
const RBAC_FILES = [
  "service_account.yaml",
  "role.yaml",
  "role_binding.yaml",
  "leader_election_role.yaml",
  "leader_election_role_binding.yaml",
];

export type RunResult = Awaited<ReturnType<typeof runOnce>>;

export async function runOnce(
  name: OperatorName,
  index: number,
  built: Built,
  options: BenchOptions,
  directory: string,
) {
  const project = built.project;
  const limitMiB = options.tenK && name === "ours" ? built.limits.memoryLimitMiB : undefined;
  const { plane, auditLog } = await startAuditedControlPlane(
    directory,
    join(project, "config/crd/bases"),
  );
  let operator: Running | undefined;
  let sampler: PeakSampler | undefined;
  try {
    const admin = adminClient(plane.admin);
    for (const ns of [OPERATOR_NAMESPACE, BENCH_NAMESPACE])
      await expect(
        call(admin, "POST", "/api/v1/namespaces", { metadata: { name: ns } }),
        201,
        `namespace ${ns}`,
      );
    await plane.applyManifests(RBAC_FILES.map((f) => join(project, "config/rbac", f)));
    await grantBenchNamespace(plane, project, BENCH_NAMESPACE, directory);
    const kubeconfig = plane.writeKubeconfig(
      await plane.serviceAccountConfig(OPERATOR_NAMESPACE, SERVICE_ACCOUNT),
      `${name}-kubeconfig.yaml`,
    );
    const ports = { health: await freePort(), metrics: await freePort() };
    const startedMs = Date.now();
    const op = (operator = start(name, built, {
      kubeconfig,
      concurrency: options.concurrency,
      peerEvents: options.peerEvents,
      directory,
      ports,
    }));
    let ready = 0;
    let oomKilled: { rssMiB: number; ready: number; afterS: number } | undefined;
    const alive = (readyNow?: number) => {
      ready = readyNow ?? ready;
      if (oomKilled)
        throw new MemoryLimitError(
          `${name} went over the Deployment's ${limitMiB} MiB memory limit (RSS ${oomKilled.rssMiB} MiB) with ${oomKilled.ready} of ${options.objects} objects Ready, ${oomKilled.afterS} s after the first create, and was killed as the kernel's OOM killer would; its log: ${op.log}`,
        );
      const exit = op.exited();
      if (exit) {
        const log = readFileSync(op.log, "utf8");
        const heap = /heap out of memory|Allocation failed/.test(log);
        const reason = heap ? undefined : exitReason(log);
        throw new (heap ? MemoryLimitError : Error)(
          `${name} ${exit}${heap ? ` (JavaScript heap out of memory under ${built.limits.nodeOptions})` : ""}${reason === undefined ? "" : ` (${reason})`} with ${ready} of ${options.objects} objects Ready; its log: ${op.log}`,
        );
      }
    };
    await waitUntilLeading(admin, op, alive);
    const startupS = (Date.now() - startedMs) / 1000;
    await sleep(3_000); // the first cache sync's garbage is collected or not: as users see it
    const idle = sample(op.pid);
    // In 10k mode ours gets the Deployment's memory limit: going over it ends the process, as the
    // kernel's cgroup OOM killer ends the container (emulated from the sampled RSS).
    const createdMs = Date.now();
    sampler = new PeakSampler(op.pid, 200, (now) => {
      if (limitMiB === undefined || oomKilled || now.rssMiB <= limitMiB) return;
      oomKilled = { rssMiB: now.rssMiB, ready, afterS: round((Date.now() - createdMs) / 1000, 1) };
      process.kill(-op.pid, "SIGKILL");
    });
    const apiserverPid = plane.pids[1]!;
    const cpuBefore = { op: cpuSeconds(op.pid), apiserver: cpuSeconds(apiserverPid) };
    const convergence = await createAndAwaitReady(
      admin,
      BENCH_NAMESPACE,
      options.objects,
      options.timeoutSeconds * 1000,
      alive,
    );
    const loadAtConverge = loadavg()[0]!;
    const converged = { ...sample(op.pid), apiserverCpu: cpuSeconds(apiserverPid) };
    const peakConverge = { rss: sampler.peakRssMiB, sockets: sampler.peakSockets };
    // Ready is not quiet: no-op passes queued behind other objects still run. Steady state starts
    // when the operator has been quiet (no request but lease renewals) for BENCH_SETTLE_S.
    await waitUntilQuiet(
      auditLog,
      USERNAME,
      options.settleSeconds * 1000,
      options.timeoutSeconds * 1000,
    );
    const settleS = (Date.now() - convergence.endMs) / 1000;
    alive();
    const reconcile: ReconcileTimes =
      (op.metricsUrl ? await fromMetrics(op.metricsUrl) : undefined) ?? fromDebugLog(op.log);
    const steadyStartMs = Date.now();
    sampler.reset();
    await sleep(options.steadySeconds * 1000);
    alive();
    const steadyEndMs = Date.now();
    const final = sample(op.pid);
    const steadyPeak = { rss: sampler.peakRssMiB, sockets: sampler.peakSockets };
    sampler.stop();
    await op.stop();

    const requests = readRequests(auditLog, USERNAME);
    const converge = within(requests, startedMs - 1_000, steadyStartMs);
    const steady = within(requests, steadyStartMs, steadyEndMs);
    const n = options.objects;
    const perObject = convergence.perObjectMs;
    const perThousand = n / 1000;
    return {
      operator: name,
      run: index + 1,
      objects: n,
      concurrency: options.concurrency,
      /** 1-minute load average when the objects were all Ready: other work on the machine slows a run. */
      loadAverage: round(loadAtConverge, 2),
      converge: {
        startupS: round(startupS, 2),
        totalS: round((convergence.endMs - convergence.startMs) / 1000, 2),
        p50S: round(percentile(perObject, 0.5) / 1000, 2),
        p99S: round(percentile(perObject, 0.99) / 1000, 2),
        /** From all Ready until quiet: the passes still queued when the last object became Ready. */
        quietAfterS: round(settleS, 2),
        harnessWatchRestarts: convergence.harnessWatchRestarts,
      },
      // Work on the objects (writesPerObject: the target), Events and Leases apart.
      ...convergeCounts(converge, n),
      reconcile: {
        p99Ms: reconcile.p99Ms,
        passesPerObject: round(reconcile.passes / n, 2),
        source: reconcile.source,
      },
      steady: {
        seconds: round((steadyEndMs - steadyStartMs) / 1000, 1),
        ...steadyCounts(steady),
      },
      rssMiB: {
        idle: idle.rssMiB,
        peak: Math.max(peakConverge.rss, steadyPeak.rss),
        converged: converged.rssMiB,
        afterSteady: final.rssMiB,
        growthPerThousandObjects: round((final.rssMiB - idle.rssMiB) / perThousand, 1),
      },
      sockets: {
        idle: idle.sockets,
        peak: Math.max(peakConverge.sockets, steadyPeak.sockets),
        afterSteady: final.sockets,
      },
      cpuSeconds: {
        converge: round(converged.cpuSeconds - cpuBefore.op, 2),
        total: final.cpuSeconds,
        apiserverConverge: round(converged.apiserverCpu - cpuBefore.apiserver, 2),
      },
      logs: { operator: op.log, auditLog },
    };
  } finally {
    sampler?.stop();
    await operator?.stop();
    await plane.stop();
  }
}

/** The operator died of memory: the 10k check's failure, reported as such. */
export class MemoryLimitError extends Error {}

async function expect(
  response: Promise<{ status: number; body: unknown }>,
  status: number,
  what: string,
) {
  const res = await response;
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
}

/** Ready on its health port and holding the lease: from here on, it reconciles what it sees. */
async function waitUntilLeading(admin: Client, op: Running, alive: () => void): Promise<void> {
  const deadline = Date.now() + 60_000;
  const lease = `/apis/coordination.k8s.io/v1/namespaces/${OPERATOR_NAMESPACE}/leases/database-operator-leader`;
  for (;;) {
    alive();
    const ready = await fetch(op.healthUrl).then(
      (r) => r.ok,
      () => false,
    );
    const holder = ready ? (await call(admin, "GET", lease)).body?.spec?.holderIdentity : undefined;
    if (holder) return;
    if (Date.now() > deadline)
      throw new Error(`${op.name} not ready and leading within 60 s; its log: ${op.log}`);
    await sleep(100);
  }
}
