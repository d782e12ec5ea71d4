// The side-by-side table: the median over runs of each number per operator, the ratio ours/peer,
// and issue 10's targets for the Database example marked pass or fail.

import type { RunResult } from "./run.ts";

interface Row {
  label: string;
  value: (r: RunResult) => number | undefined;
  /** The target for ours, given both medians; undefined: informational. */
  target?: { text: string; pass: (ours: number, peer: number | undefined) => boolean | undefined };
}

const ROWS: Row[] = [
  {
    label: "converge total (s)",
    value: (r) => r.converge.totalS,
    target: { text: "<= 0.9x peer", pass: (o, p) => (p === undefined ? undefined : o <= 0.9 * p) },
  },
  { label: "converge p50 (s)", value: (r) => r.converge.p50S },
  { label: "converge p99 (s)", value: (r) => r.converge.p99S },
  { label: "reconcile p99 (ms)", value: (r) => r.reconcile.p99Ms },
  { label: "passes per object", value: (r) => r.reconcile.passesPerObject },
  {
    label: "writes per object",
    value: (r) => r.writesPerObject,
    target: { text: "<= 3", pass: (o) => o <= 3 },
  },
  {
    label: "GETs per object",
    value: (r) => r.getsPerObject,
    target: { text: "<= 1", pass: (o) => o <= 1 },
  },
  {
    label: "steady writes (non-lease)",
    value: (r) => r.steady.writes - r.steady.leaseWrites,
    target: { text: "0", pass: (o) => o === 0 },
  },
  { label: "steady lease writes", value: (r) => r.steady.leaseWrites },
  { label: "idle RSS (MiB)", value: (r) => r.rssMiB.idle },
  {
    label: "peak RSS (MiB)",
    value: (r) => r.rssMiB.peak,
    target: { text: "<= 2.5x peer", pass: (o, p) => (p === undefined ? undefined : o <= 2.5 * p) },
  },
  { label: "RSS after steady (MiB)", value: (r) => r.rssMiB.afterSteady },
  {
    label: "RSS growth / 1k objects (MiB)",
    value: (r) => r.rssMiB.growthPerThousandObjects,
    target: { text: "<= 3", pass: (o) => o <= 3 },
  },
  { label: "open sockets (peak)", value: (r) => r.sockets.peak },
  { label: "open sockets (after steady)", value: (r) => r.sockets.afterSteady },
  { label: "CPU s to converge", value: (r) => r.cpuSeconds.converge },
  { label: "apiserver CPU s to converge", value: (r) => r.cpuSeconds.apiserverConverge },
];

function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function medianOf(results: RunResult[], row: Row): number | undefined {
  return median(results.map(row.value).filter((v): v is number => v !== undefined));
}

export interface TargetVerdict {
  target: string;
  label: string;
  ours: number | undefined;
  peer: number | undefined;
  pass: boolean | undefined;
}

export function verdicts(results: RunResult[]): TargetVerdict[] {
  const ours = results.filter((r) => r.operator === "ours");
  const peer = results.filter((r) => r.operator === "peer");
  return ROWS.filter((row) => row.target).map((row) => {
    const o = medianOf(ours, row);
    const p = medianOf(peer, row);
    return {
      target: row.target!.text,
      label: row.label,
      ours: o,
      peer: p,
      pass: o === undefined ? undefined : row.target!.pass(o, p),
    };
  });
}

export function table(results: RunResult[]): string {
  const ours = results.filter((r) => r.operator === "ours");
  const peer = results.filter((r) => r.operator === "peer");
  const fmt = (v: number | undefined) =>
    v === undefined ? "-" : String(Math.round(v * 100) / 100);
  const lines = [["metric (median of runs)", "ours", "peer", "ours/peer", "target", "verdict"]];
  for (const row of ROWS) {
    const o = medianOf(ours, row);
    const p = medianOf(peer, row);
    const ratio = o !== undefined && p !== undefined && p !== 0 ? `${(o / p).toFixed(2)}x` : "-";
    const pass = row.target && o !== undefined ? row.target.pass(o, p) : undefined;
    lines.push([
      row.label,
      fmt(o),
      fmt(p),
      ratio,
      row.target?.text ?? "",
      pass === undefined ? "" : pass ? "PASS" : "FAIL",
    ]);
  }
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  return lines
    .map((l) =>
      l
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}
