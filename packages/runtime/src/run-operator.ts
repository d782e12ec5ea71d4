// The operator process, as every generated main.ts runs it: the command line, configuration, the
// API client, the caches, the controller, health probes, metrics, Events, the orphan sweep and
// leader election, then the manager's lifecycle (lead, drain on SIGTERM within the grace period,
// release the lease, exit). The same for every operator, so it lives here once and a fix reaches
// every project with a dependency bump; what differs (the kind, its children and references, the
// reconciler and its providers) is the OperatorDefinition a project's main.ts passes.

import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { hostname } from "node:os";
import type { KubeConfig, KubernetesObject } from "@kubernetes/client-node";
import { CachedResourceClient } from "./cached-resource-client.ts";
import { reloadCertificateFrom } from "./certificate-reloader.ts";
import { parseCommandLine, type Setting } from "./command-line.ts";
import type { OpenCondition } from "./conditions.ts";
import { ConfigMapOrphanReport } from "./configmap-orphan-report.ts";
import { Controller, customResourceInformers, type Reconciler } from "./controller.ts";
import { crashOnUnhandled } from "./crash-on-unhandled.ts";
import { statusCode } from "./errors.ts";
import { KubeEventRecorder, type EventRecorder } from "./events.ts";
import { startHealthServer, stopServer } from "./health.ts";
import { memoryReducingGc } from "./idle-collector.ts";
import { limitJitMemory } from "./jit-memory.ts";
import { loadKubeConfig } from "./kube-config.ts";
import { KubeResourceClient, type CustomResourceRef } from "./kube-resource-client.ts";
import { createLogger, type Logger } from "./logger.ts";
import { instrumentKubeConfig } from "./rest-client-metrics.ts";
import { Manager, type ManagedController } from "./manager.ts";
import { KubeMetricsAuthorizer } from "./metrics-auth.ts";
import { metricsCertificate, startMetricsServer } from "./metrics-server.ts";
import { OperatorMetrics } from "./metrics.ts";
import { ObjectLag } from "./object-lag.ts";
import type { OperatorConfig } from "./operator-config.ts";
import { orphanReportName, type OrphanReport } from "./orphan-report.ts";
import { OrphanSweeper, type SweptResource } from "./orphan-sweep.ts";
import { OwnWrites } from "./own-writes.ts";
import { ownedInformers, type OwnedKind } from "./owned-kinds.ts";
import { cachedOwnerUids, storedOwnerUids } from "./owner-uids.ts";
import { providerCalls, type ProviderCallMetrics } from "./provider-calls.ts";
import type { ReferencedKind, ReferenceReader, ReferenceTarget } from "./references.ts";
import type { ResourceClient } from "./resource-client.ts";
import type { TenancyGate } from "./tenancy.ts";
import { watchedReferences, type TenancyDefinition } from "./tenancy-parameters.ts";
import { withTransitionEvents } from "./transition-events.ts";

type WithConditions = KubernetesObject & { status?: { conditions?: OpenCondition[] } };

/** What the runtime hands a project's reconciler factory: everything it is wired with. */
export interface OperatorWiring<T extends KubernetesObject> {
  /** Reads from the caches; writes carry their resourceVersion; Ready changes become Events. */
  client: ResourceClient<T>;
  /** Reads referenced objects from their caches. */
  references: ReferenceReader;
  /** The tenancy re-check, with each namespace's parameters from their cache (definition.tenancy). */
  tenancy?: TenancyGate;
  /** The orphan report ConfigMap `<operator>-orphans` in the operator's namespace. */
  orphanReport: OrphanReport;
  /** Times and counts provider calls (operator_provider_call_*). */
  providerMetrics: ProviderCallMetrics;
  config: OperatorConfig;
  logger: Logger;
  kubeConfig: KubeConfig;
  /** The process's metrics registry (a service registers its own metrics on it). */
  metrics: OperatorMetrics;
  /** The process's Event recorder (a service reports through it, e.g. the storage migrator). */
  events: EventRecorder;
}

/** A server or loop beside the controller (the conversion webhook and storage migrator). */
export interface OperatorService {
  /** Part of /readyz: the pod is ready only when every service is. */
  ready?: () => boolean;
  /** Run by the manager beside the controller: started, led and drained with it. */
  controllers?: readonly ManagedController[];
  /** Called after the lease is released. */
  stop: () => Promise<void>;
}

/** What differs between operators: the generated main.ts states it, runOperator does the rest. */
export interface OperatorDefinition<T extends WithConditions> {
  /** operator.yaml's name: the logger's binding, the program's name, the children's managed-by label. */
  name: string;
  kind: string;
  /** e.g. db.example.com/v1alpha1 */
  apiGroupVersion: string;
  namespaced: boolean;
  resource: CustomResourceRef;
  /**
   * Whether an object's status answers for its spec, for operator_stale_generation_*: by default
   * status.observedGeneration equals metadata.generation; without the status subresource the
   * spec hash (specReconciled, spec-hash.ts).
   */
  statusIsCurrent?: (obj: T) => boolean;
  /** The field manager of every write, and the Events' reporting controller. */
  fieldManager: string;
  /** The project's package.json, for --version. */
  packageJson: URL;
  /** What --help lists: every variable loadConfig reads. */
  settings: readonly Setting[];
  loadConfig: () => OperatorConfig;
  ownedKinds: readonly OwnedKind[];
  referencedKinds: readonly ReferencedKind[];
  /** The objects a spec references: a change of one requeues every object naming it. */
  referenceTargets: (obj: T) => ReferenceTarget[];
  /** The only annotations the cache keeps (any tenant may write 256 KiB of them per object). */
  cachedAnnotations: readonly string[];
  /**
   * The tenancy policy's rules the operator re-checks (src/tenancy.ts). Each namespace's parameters
   * object is cached and watched like a referenced object: a change requeues that namespace's
   * objects, and no pass reads it from the API server.
   */
  tenancy?: TenancyDefinition;
  reconciler: (wiring: OperatorWiring<T>) => Reconciler;
  orphanSweep: {
    intervalMs: number;
    /** The external resources tagged with their owner's UID (the generated finalize.ts lists them). */
    resources: SweptResource[];
    /** Whether users can keep resources (Retain, abandon): the sweep then reads the report. */
    readsReport: boolean;
  };
  /**
   * More servers to run beside the controller (a conversion webhook, say): started before the
   * caches; their readiness joins /readyz, their controllers join the manager's, and they are
   * stopped after the lease is released.
   */
  services?: Array<(wiring: OperatorWiring<T>) => Promise<OperatorService>>;
  /**
   * Where the kind records the generation it has seen: status.observedGeneration (default), or the
   * Ready condition's observedGeneration for a CRD without that field (generation-in-ready.ts).
   */
  observedGeneration?: "status" | "ready-condition";
}

/** Runs the operator until SIGTERM or SIGINT; a start-up failure is one JSON line and exit 1. */
export function runOperator<T extends WithConditions>(definition: OperatorDefinition<T>): void {
  // Maglev and TurboFan off before any work: what they compile during a burst stays in RSS for
  // good, ~10 MiB after 1,000 objects (jit-memory.ts); WebAssembly and fetch keep working.
  limitJitMemory();
  startOperator(definition).catch((err: unknown) => {
    console.error(
      JSON.stringify({ level: "error", msg: "operator failed to start", err: String(err) }),
    );
    process.exit(1);
  });
}

async function startOperator<T extends WithConditions>(
  definition: OperatorDefinition<T>,
): Promise<void> {
  const { name, kind, apiGroupVersion, fieldManager } = definition;
  // --help lists every setting (all are environment variables), --version the package's version.
  const commandLine = parseCommandLine(process.argv.slice(2), {
    name,
    version: packageVersion(definition.packageJson),
    description: `the operator of ${kind} (${apiGroupVersion})`,
    settings: definition.settings,
  });
  if (commandLine.action === "exit") {
    process.stdout.write(commandLine.stdout ?? "");
    process.stderr.write(commandLine.stderr ?? "");
    process.exit(commandLine.code);
  }
  const config = definition.loadConfig();
  const logger = createLogger({ bindings: { operator: name } });
  // An error nobody handled ends the process with one JSON error line.
  crashOnUnhandled(logger, (code) => process.exit(code));
  // KUBECONFIG, else ~/.kube/config, else the pod's service account; none: a start-up error saying so.
  const kubeConfig = loadKubeConfig();
  // Every request is counted (rest_client_requests_total) and timed (..._duration_seconds).
  const metrics = new OperatorMetrics();
  instrumentKubeConfig(kubeConfig, metrics.restClientRequests, metrics.restClientRequestDuration);
  const identity = `${hostname()}-${randomUUID().slice(0, 8)}`;
  const events = new KubeEventRecorder(kubeConfig, {
    reportingController: fieldManager,
    reportingInstance: identity,
    logger,
  });

  // The caches the reconciler reads from: its own kind (only the annotations it reads), every
  // kind it owns (only children labelled as managed by this operator), every kind it references.
  const namespaces = config.watchNamespaces;
  const informers = customResourceInformers<T>(
    kubeConfig,
    definition.resource,
    namespaces,
    logger,
    {
      keptAnnotations: definition.cachedAnnotations,
    },
  );
  const owner = { apiVersion: apiGroupVersion, kind, namespaced: definition.namespaced };
  const owned = ownedInformers(kubeConfig, definition.ownedKinds, namespaces, name, logger);
  const references = watchedReferences(
    kubeConfig,
    {
      kinds: definition.referencedKinds,
      targetsOf: definition.referenceTargets,
      tenancy: definition.tenancy,
    },
    namespaces,
    logger,
  );
  // The reconciler's writes are recorded so that their watch events do not trigger another pass.
  const ownWrites = new OwnWrites();
  const client = ownWrites.wrap(
    withTransitionEvents(
      new CachedResourceClient<T>(
        // Its writes' responses in the cache's shape: a tenant's annotations never reach memory.
        new KubeResourceClient<T>(kubeConfig, definition.resource, fieldManager, {
          keptAnnotations: definition.cachedAnnotations,
        }),
        { owners: informers, children: { kinds: definition.ownedKinds, informers: owned } },
      ),
      events,
      // A refused status write is a Warning Event and counted: RBAC without the status
      // subresource must not hide behind a log line.
      {
        onStatusWriteError: (err) =>
          metrics.statusUpdateErrors
            .labels(config.controllerName, String(statusCode(err) ?? "<error>"))
            .inc(),
      },
    ),
  );
  // Kept external resources (Retain, abandon) are recorded here before their finalizer goes.
  const orphanReport = new ConfigMapOrphanReport(kubeConfig, {
    namespace: config.podNamespace,
    name: orphanReportName(name),
  });
  const wiring: OperatorWiring<T> = {
    client,
    references: references.reader,
    ...(references.tenancy === undefined ? {} : { tenancy: references.tenancy }),
    orphanReport,
    providerMetrics: metrics.providerCalls,
    config,
    logger,
    kubeConfig,
    metrics,
    events,
  };
  const services: OperatorService[] = [];
  for (const start of definition.services ?? []) services.push(await start(wiring));
  // How far the objects are behind (operator_stale_generation_*, operator_*deletion*).
  metrics.objectLag(
    config.controllerName,
    new ObjectLag(informers, {
      stuckDeletionAfterMs: config.deletionStuckAfterMs,
      observedGeneration: definition.observedGeneration ?? "status",
      ...(definition.statusIsCurrent
        ? { statusIsCurrent: definition.statusIsCurrent as (obj: KubernetesObject) => boolean }
        : {}),
    }),
  );
  const controller = new Controller<T>({
    informers,
    owned: { owner, informers: owned },
    references: { informers: references.informers, targetsOf: references.targetsOf },
    reconciler: definition.reconciler(wiring),
    concurrency: config.concurrency,
    resyncPeriodMs: config.resyncPeriodMs,
    backoff: { initialMs: config.backoffInitialMs, maxMs: config.backoffMaxMs },
    reconcileTimeoutMs: config.reconcileTimeoutMs,
    ownWrites,
    logger,
    // Each failed pass is a Warning Event about the object; repeats aggregate into one's count.
    events,
    metrics: metrics.controller(config.controllerName, config.concurrency),
    // Under --expose-gc (the Deployment's NODE_OPTIONS) a burst's garbage goes back to the
    // system once the queue is quiet, instead of holding the container's RSS at its peak.
    collectGarbage: memoryReducingGc(),
  });

  const health = await startHealthServer({
    port: config.healthPort,
    isReady: () => controller.ready && services.every((service) => service.ready?.() ?? true),
  });
  const metricsServer =
    config.metricsPort === 0
      ? undefined
      : await startMetricsServer({
          port: config.metricsPort,
          metrics,
          authorizer: new KubeMetricsAuthorizer(kubeConfig),
          certificate: metricsCertificate(config.metricsCertDir, [
            `${config.metricsServiceName}.${config.podNamespace}.svc`,
            `${config.metricsServiceName}.${config.podNamespace}.svc.cluster.local`,
          ]),
          logger,
        });
  // A mounted certificate is rotated in place (cert-manager): served again without a restart.
  const stopReloading =
    metricsServer !== undefined && config.metricsCertDir !== ""
      ? reloadCertificateFrom(metricsServer, config.metricsCertDir, logger)
      : undefined;
  // The leader sweeps for external resources whose owner is gone (the finalizer cannot promise
  // there are none: kubernetes/kubernetes#77988); the sweep's provider calls are timed too.
  const orphans = new OrphanSweeper({
    resources: definition.orphanSweep.resources.map((swept) =>
      providerCalls(swept.resource, swept, metrics.providerCalls),
    ),
    cachedUids: () => cachedOwnerUids(informers),
    storedUids: (signal) => storedOwnerUids(kubeConfig, informers, signal),
    intervalMs: definition.orphanSweep.intervalMs,
    ...(definition.orphanSweep.readsReport ? { report: orphanReport } : {}),
    logger,
    onOrphan: (orphan) =>
      metrics.orphanedExternalResources.labels(orphan.resource, orphan.action).inc(),
  });
  const leaderMetrics = config.leaderElection
    ? metrics.leaderElection(config.leaseName)
    : undefined;
  const manager = new Manager({
    controllers: [controller, ...services.flatMap((service) => service.controllers ?? [])],
    logger,
    leaderElection: config.leaderElection
      ? {
          kubeConfig,
          namespace: config.podNamespace,
          leaseName: config.leaseName,
          identity,
          leaseDurationSeconds: config.leaseDurationSeconds,
          renewDeadlineMs: config.renewDeadlineMs,
          retryPeriodMs: config.retryPeriodMs,
        }
      : undefined,
    drainTimeoutMs: config.drainTimeoutMs,
    onLeadingChange: (leading) => {
      leaderMetrics?.setLeading(leading);
      if (leading) orphans.start();
      else void orphans.stop();
    },
    alsoStop: [
      () => orphans.stop(),
      () => events.flush(),
      ...services.map((service) => service.stop),
      async () => stopReloading?.(),
      async () => (metricsServer === undefined ? undefined : stopServer(metricsServer)),
      () => stopServer(health),
    ],
    exit: (code) => process.exit(code),
  });
  process.on("SIGTERM", () => void manager.shutdown("SIGTERM"));
  process.on("SIGINT", () => void manager.shutdown("SIGINT"));
  await manager.start();
}

/** The version in the project's package.json (the image copies it next to dist/). */
function packageVersion(packageJson: URL): string {
  try {
    const manifest = JSON.parse(readFileSync(packageJson, "utf8")) as { version?: unknown };
    return typeof manifest.version === "string" ? manifest.version : "unknown";
  } catch {
    return "unknown";
  }
}
