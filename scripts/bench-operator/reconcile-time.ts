// Reconcile duration p99 per operator. The peer serves controller-runtime's histogram
// controller_runtime_reconcile_time_seconds on plain HTTP, and it is read there. Ours serves the
// same histogram, but over HTTPS behind a TokenReview and a SubjectAccessReview that it makes with
// its own credentials, so scraping it would add requests of the operator's identity to the audit
// counts; ours' p99 comes instead from the duration of each successful pass it logs at debug level
// ("reconciled", ms): exact, where the histogram is interpolated within a bucket.

import { readFileSync } from "node:fs";

export interface ReconcileTimes {
  p99Ms: number | undefined;
  passes: number;
  source: string;
}

export async function fromMetrics(url: string): Promise<ReconcileTimes | undefined> {
  const res = await fetch(url).catch(() => undefined);
  if (!res?.ok) return undefined;
  const text = await res.text();
  const buckets: Array<{ le: number; count: number }> = [];
  for (const match of text.matchAll(
    /^controller_runtime_reconcile_time_seconds_bucket\{[^}]*le="([^"]+)"[^}]*\} (\S+)$/gm,
  ))
    buckets.push({
      le: match[1] === "+Inf" ? Infinity : Number(match[1]),
      count: Number(match[2]),
    });
  if (buckets.length === 0) return undefined;
  buckets.sort((a, b) => a.le - b.le);
  const total = buckets[buckets.length - 1]!.count;
  return {
    p99Ms: total === 0 ? undefined : Math.round(histogramQuantile(0.99, buckets) * 1000 * 10) / 10,
    passes: total,
    source:
      "controller_runtime_reconcile_time_seconds histogram (linear within a bucket, as histogram_quantile)",
  };
}

/** Prometheus's histogram_quantile over cumulative buckets. */
export function histogramQuantile(
  q: number,
  buckets: Array<{ le: number; count: number }>,
): number {
  const total = buckets[buckets.length - 1]!.count;
  const rank = q * total;
  let previous = { le: 0, count: 0 };
  for (const bucket of buckets) {
    if (bucket.count >= rank) {
      if (bucket.le === Infinity) return previous.le;
      const inBucket = bucket.count - previous.count;
      return (
        previous.le +
        (bucket.le - previous.le) * (inBucket === 0 ? 0 : (rank - previous.count) / inBucket)
      );
    }
    previous = bucket;
  }
  return previous.le;
}

export function fromDebugLog(path: string): ReconcileTimes {
  const durations: number[] = [];
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      const entry = JSON.parse(line) as { msg?: string; ms?: number };
      if (entry.msg === "reconciled" && typeof entry.ms === "number") durations.push(entry.ms);
    } catch {
      // not a log line of ours
    }
  }
  durations.sort((a, b) => a - b);
  return {
    p99Ms: durations.length === 0 ? undefined : percentile(durations, 0.99),
    passes: durations.length,
    source:
      'debug log lines "reconciled" (ms per successful pass; its /metrics needs a TokenReview and a SubjectAccessReview, which would add to the audit counts)',
  };
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
