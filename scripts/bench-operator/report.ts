// The side-by-side table: the median over runs of each number per operator, the ratio ours/peer,
// and issue 10's targets for the Database example marked pass or fail. Writes per object are the
// work on the objects (request-counts.ts); Event writes have rows of their own beside them.

/**
 * What the table reads of a run: run.ts's RunResult has all of it. Declared here so that the
 * report (and its test) does not pull in the control-plane code run.ts starts runs with.
 */
export interface ReportedRun {
  operator: "ours" | "peer";
  converge: { totalS: number; p50S: number; p99S: number };
  reconcile: { p99Ms: number | undefined; passesPerObject: number };
  writesPerObject: number;
  getsPerObject: number;
  events: { writesPerObject: number };
  steady: { writes: number; leaseWrites: number; eventWrites: number };
  rssMiB: { idle: number; peak: number; afterSteady: number; growthPerThousandObjects: number };
  sockets: { peak: number; afterSteady: number };
  cpuSeconds: { converge: number; apiserverConverge: number };
}

interface Row {
  label: string;
  value: (r: ReportedRun) => number | undefined;
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
    // The finalizer, status and Secret writes: what the target is about. Events are apart.
    label: "writes per object (object, status, children)",
    value: (r) => r.writesPerObject,
    target: { text: "<= 3", pass: (o) => o <= 3 },
  },
  { label: "Event writes per object", value: (r) => r.events.writesPerObject },
  {
    label: "GETs per object",
    value: (r) => r.getsPerObject,
    target: { text: "<= 1", pass: (o) => o <= 1 },
  },
  {
    // Every write but Lease renewals, Events included: an Event in steady state is a write too.
    label: "steady writes (all but Leases)",
    value: (r) => r.steady.writes - r.steady.leaseWrites,
    target: { text: "0", pass: (o) => o === 0 },
  },
  { label: "steady Event writes", value: (r) => r.steady.eventWrites },
  { label: "steady Lease writes", value: (r) => r.steady.leaseWrites },
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

function medianOf(results: ReportedRun[], row: Row): number | undefined {
  return median(results.map(row.value).filter((v): v is number => v !== undefined));
}

export interface TargetVerdict {
  target: string;
  label: string;
  ours: number | undefined;
  peer: number | undefined;
  pass: boolean | undefined;
}

export function verdicts(results: ReportedRun[]): TargetVerdict[] {
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

export function table(results: ReportedRun[]): string {
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
