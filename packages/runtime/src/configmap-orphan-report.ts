// The orphan report (orphan-report.ts) stored in a ConfigMap of the operator's own namespace, one
// data key per kept resource, so `kubectl get configmap <operator>-orphans -o yaml` shows it and
// it outlives every pod. Writes are optimistic: read, change, replace with the resourceVersion
// read (or create when there is none), and on 409 read again, a bounded number of times with
// jittered backoff, since the finalizers of several objects and the sweep may write at once.
// Reads carry no resourceVersion, so the API server answers from etcd (a quorum read).

import type { KubeConfig, V1ConfigMap } from "@kubernetes/client-node";
import { backoffDelay } from "./backoff.ts";
import { isConflict, isNotFound } from "./errors.ts";
import {
  type KeptOrphan,
  type OrphanReport,
  ORPHAN_REPORT_MAX_BYTES,
  parseEntries,
  withEntries,
  withoutKeys,
} from "./orphan-report.ts";
import { abortableSleep } from "./abortable-sleep.ts";
import { SignalObjectApi } from "./signal-object-api.ts";

export interface ConfigMapOrphanReportOptions {
  /** The operator's own namespace (POD_NAMESPACE). */
  namespace: string;
  /** orphanReportName(OPERATOR_NAME); the RBAC grants get and update on this name only. */
  name: string;
  /** Labels the ConfigMap is created with (the operator's own). */
  labels?: Record<string, string>;
  maxBytes?: number;
  /** Writes tried before giving up on conflicts (the caller retries later with backoff). */
  attempts?: number;
}

export class ConfigMapOrphanReport implements OrphanReport {
  // The generic client, not CoreV1Api: that one would add ~3 MB to the bundle for one ConfigMap.
  readonly #api: SignalObjectApi;
  readonly #options: ConfigMapOrphanReportOptions;

  constructor(kubeConfig: KubeConfig, options: ConfigMapOrphanReportOptions) {
    this.#api = SignalObjectApi.forConfig(kubeConfig);
    this.#options = options;
  }

  async record(entries: KeptOrphan[], signal?: AbortSignal): Promise<void> {
    if (entries.length === 0) return;
    const { name, maxBytes = ORPHAN_REPORT_MAX_BYTES } = this.#options;
    await this.#change((data) => withEntries(data, entries, name, maxBytes), signal);
  }

  async list(signal?: AbortSignal): Promise<KeptOrphan[]> {
    return parseEntries((await this.#read(signal))?.data);
  }

  async remove(keys: string[], signal?: AbortSignal): Promise<void> {
    if (keys.length === 0) return;
    await this.#change((data) => withoutKeys(data, keys), signal);
  }

  async #change(
    change: (data: Record<string, string>) => Record<string, string>,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    const { namespace, name, labels } = this.#options;
    const attempts = this.#options.attempts ?? 8;
    const options = this.#api.configurationWithSignal(signal);
    for (let attempt = 1; ; attempt++) {
      const stored = await this.#read(signal);
      const data = change({ ...stored?.data });
      if (stored !== undefined && sameData(stored.data ?? {}, data)) return;
      try {
        if (stored === undefined) {
          const body: V1ConfigMap = { ...CONFIG_MAP, metadata: { name, namespace, labels }, data };
          await this.#api.create(body, undefined, undefined, undefined, options);
        } else {
          // The resourceVersion read makes this a compare-and-swap: a concurrent write is a 409.
          const body: V1ConfigMap = { ...CONFIG_MAP, ...stored, data };
          await this.#api.replace(body, undefined, undefined, undefined, options);
        }
        return;
      } catch (err) {
        // 409: updated (or created) by someone else since the read. Read again.
        if (!isConflict(err) || attempt >= attempts) throw err;
      }
      await abortableSleep(
        backoffDelay(attempt, { initialMs: 20, maxMs: 500 }),
        signal ?? new AbortController().signal,
      );
    }
  }

  async #read(signal: AbortSignal | undefined): Promise<V1ConfigMap | undefined> {
    const { namespace, name } = this.#options;
    try {
      return await this.#api.read<V1ConfigMap>(
        { ...CONFIG_MAP, metadata: { name, namespace } },
        undefined,
        undefined,
        undefined,
        this.#api.configurationWithSignal(signal),
      );
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }
}

const CONFIG_MAP = { apiVersion: "v1", kind: "ConfigMap" } as const;

function sameData(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
