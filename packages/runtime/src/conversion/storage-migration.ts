// Storage migration, which Kubernetes leaves to whoever changed the storage version: objects stay
// encoded in the version they were last written in, and an old version can only leave the CRD once
// `status.storedVersions` no longer lists it. The migrator re-writes every object unchanged (a PUT
// with its resourceVersion: the API server decodes it and stores it again, now in the storage
// version), then sets storedVersions to the storage version alone. kube-storage-version-migrator
// does the same. It is idempotent: after a restart it simply lists and re-writes again.
// Progress is metrics (objects migrated, remaining), log lines and Events about the CRD: a run's
// start, its completion and its failure (StorageMigrator retries a failed run with backoff).

import { CustomObjectsApi, type V1CustomResourceDefinition } from "@kubernetes/client-node";
import type { KubeConfig } from "@kubernetes/client-node";
import { abortableSleep } from "../abortable-sleep.ts";
import { errorMessage, isConflict, isNotFound, statusCode } from "../errors.ts";
import { noopEventRecorder, type EventRecorder, type ObjectReference } from "../events.ts";
import type { Logger } from "../logger.ts";
import { noopMigrationMetrics, type MigrationMetrics } from "../metrics.ts";
import { makeApiClient } from "../transport.ts";
import { CrdClient } from "./crd-client.ts";
import type { JsonObject } from "./converters.ts";

export interface StorageMigrationOptions {
  kubeConfig: KubeConfig;
  /** The CRD by name, e.g. databases.example.com. */
  crdName: string;
  logger: Logger;
  metrics?: MigrationMetrics;
  /**
   * Where the Events about the CRD go. The CRD is cluster-scoped, so the recorder writes them to
   * the default namespace: the API server refuses an Event about an object without a namespace
   * anywhere but default and kube-system (client-go's recorders use default too).
   */
  events?: EventRecorder;
  /** Objects per LIST page; default 100. */
  pageSize?: number;
  /** Re-writes per second at most; default 20, so a migration never crowds out reconciles. */
  writesPerSecond?: number;
  signal?: AbortSignal;
}

export interface StorageMigrationResult {
  /** The version every object is now stored in. */
  storageVersion: string;
  /** Objects re-written (0 when nothing needed migrating). */
  migrated: number;
  /** status.storedVersions after the run. */
  storedVersions: string[];
}

/** Migrates the objects of one CRD if its storedVersions lists more than the storage version. */
export async function migrateStorage(
  options: StorageMigrationOptions,
): Promise<StorageMigrationResult> {
  const crds = new CrdClient(options.kubeConfig);
  const crd = await crds.read(options.crdName);
  const storageVersion = storageVersionOf(crd);
  const stored = crd.status?.storedVersions ?? [];
  if (stored.length === 1 && stored[0] === storageVersion)
    return { storageVersion, migrated: 0, storedVersions: stored };
  const events = options.events ?? noopEventRecorder;
  const record = (type: "Normal" | "Warning", reason: string, note: string) =>
    events.record({ regarding: crdReference(crd), type, reason, action: MIGRATE_ACTION, note });
  const old = stored.filter((version) => version !== storageVersion).join(", ");
  record(
    "Normal",
    "StorageMigrationStarted",
    `migrating stored objects from ${old} to ${storageVersion} (storedVersions: ${stored.join(", ")})`,
  );
  const progress = { migrated: 0 };
  try {
    const result = await rewriteAll(options, crds, crd, progress);
    record(
      "Normal",
      "StorageMigrationSucceeded",
      `re-wrote ${result.migrated} objects in ${storageVersion}; removed ${old} from status.storedVersions`,
    );
    return result;
  } catch (err) {
    // Stopped (no longer leading, shutting down) is no failure.
    if (!options.signal?.aborted)
      record(
        "Warning",
        "StorageMigrationFailed",
        `storage migration to ${storageVersion} failed after re-writing ${progress.migrated} objects: ${errorMessage(err)}`,
      );
    throw err;
  }
}

/** Re-writes every object of `crd` in its storage version, then prunes storedVersions. */
async function rewriteAll(
  options: StorageMigrationOptions,
  crds: CrdClient,
  crd: V1CustomResourceDefinition,
  progress: { migrated: number },
): Promise<StorageMigrationResult> {
  const { crdName, logger } = options;
  const metrics = options.metrics ?? noopMigrationMetrics;
  const signal = options.signal ?? new AbortController().signal;
  const custom = makeApiClient(options.kubeConfig, CustomObjectsApi);
  const storageVersion = storageVersionOf(crd);
  const stored = crd.status?.storedVersions ?? [];
  const { group, names } = crd.spec;
  const ref = { group, version: storageVersion, plural: names.plural };
  logger.info("storage migration started", { crd: crdName, from: stored, to: storageVersion });
  const started = performance.now();
  const interval = 1000 / (options.writesPerSecond ?? 20);
  let nextWrite = 0;
  // Objects written in this run: a re-list after an expired token skips them (any write since, ours
  // or another client's, stored them in the storage version already).
  const written = new Set<string>();
  let token: string | undefined;
  // A plain loop, not do/while: `continue` after an expired token must list again, and in a
  // do/while it would test the (now cleared) token and end the migration after one page.
  for (;;) {
    if (signal.aborted) throw new Error("storage migration stopped");
    let page: {
      items: JsonObject[];
      metadata?: { continue?: string; remainingItemCount?: number };
    };
    try {
      page = (await custom.listClusterCustomObject({
        ...ref,
        limit: options.pageSize ?? 100,
        ...(token ? { _continue: token } : {}),
      })) as typeof page;
    } catch (err) {
      // 410: the continue token expired (the page took longer than etcd keeps its revision).
      // Listing again from the start is correct: re-writing a migrated object is harmless.
      if (statusCode(err) !== 410 || token === undefined) throw err;
      logger.info("storage migration list expired; listing again", { crd: crdName });
      token = undefined;
      continue;
    }
    let remaining = page.items.length + (page.metadata?.remainingItemCount ?? 0);
    metrics.remaining(crdName, remaining);
    for (const item of page.items) {
      const uid = (item.metadata as { uid?: string } | undefined)?.uid ?? "";
      if (written.has(uid)) {
        metrics.remaining(crdName, --remaining);
        continue;
      }
      const wait = nextWrite - performance.now();
      if (wait > 0) await abortableSleep(wait, signal);
      if (signal.aborted) throw new Error("storage migration stopped");
      nextWrite = performance.now() + interval;
      if (await rewrite(custom, ref, item)) {
        written.add(uid);
        progress.migrated++;
        metrics.migrated(crdName);
      }
      metrics.remaining(crdName, --remaining);
    }
    token = page.metadata?.continue || undefined;
    if (token === undefined) break;
  }
  // Every object listed was written in the storage version; one created since was too. Drop the
  // old versions, unless the storage version changed again meanwhile (then the next run does it).
  const latest = await crds.read(crdName);
  if (storageVersionOf(latest) !== storageVersion)
    throw new Error(`storage version of ${crdName} changed during the migration; run it again`);
  await crds.mergePatchStatus(crdName, {
    metadata: { resourceVersion: latest.metadata?.resourceVersion },
    status: { storedVersions: [storageVersion] },
  });
  metrics.remaining(crdName, 0);
  logger.info("storage migration finished", {
    crd: crdName,
    migrated: progress.migrated,
    removed: stored.filter((version) => version !== storageVersion),
    ms: Math.round(performance.now() - started),
  });
  return { storageVersion, migrated: progress.migrated, storedVersions: [storageVersion] };
}

/** The action of every migration Event. */
export const MIGRATE_ACTION = "MigrateStorage";

function crdReference(crd: V1CustomResourceDefinition): ObjectReference {
  const { name = "", uid } = crd.metadata ?? {};
  return {
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    name,
    ...(uid ? { uid } : {}),
  };
}

export function storageVersionOf(crd: V1CustomResourceDefinition): string {
  const version = crd.spec.versions.find((candidate) => candidate.storage);
  if (version === undefined) throw new Error(`${crd.metadata?.name} has no storage version`);
  return version.name;
}

type Ref = { group: string; version: string; plural: string };

/**
 * PUTs `item` back unchanged; on a conflict (somebody wrote it meanwhile, which re-encoded it
 * too, but a newer read costs little and proves it) re-reads and writes that. False if it is gone.
 */
async function rewrite(custom: CustomObjectsApi, ref: Ref, item: JsonObject): Promise<boolean> {
  const metadata = item.metadata as { name: string; namespace?: string };
  const key = { ...ref, name: metadata.name };
  let body: JsonObject = item;
  for (let attempt = 0; ; attempt++) {
    try {
      if (metadata.namespace)
        await custom.replaceNamespacedCustomObject({ ...key, namespace: metadata.namespace, body });
      else await custom.replaceClusterCustomObject({ ...key, body });
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      if (!isConflict(err) || attempt >= 5) throw err;
      try {
        body = (await (metadata.namespace
          ? custom.getNamespacedCustomObject({ ...key, namespace: metadata.namespace })
          : custom.getClusterCustomObject(key))) as JsonObject;
      } catch (readErr) {
        if (isNotFound(readErr)) return false;
        throw readErr;
      }
    }
  }
}
